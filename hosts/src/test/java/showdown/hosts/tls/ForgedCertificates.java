package showdown.hosts.tls;

import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.util.List;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;
import org.bouncycastle.asn1.x509.KeyPurposeId;

/**
 * What someone holding a run's files could make: a certificate the run's CA signed with other
 * usages, and a TLS client from any pair that checks nothing but the CA (the JDK's defaults),
 * as a tool other than showdown would.
 */
public final class ForgedCertificates {

    private ForgedCertificates() {
    }

    /** A pair in {@code folder} ({@code agent.pem}, {@code agent-key.pem}) signed by the run's CA, TLS client only. */
    public static Path clientOnly(Path certs, Path folder) throws Exception {
        Files.createDirectories(folder);
        RunCertificates.issue(certs, folder, "CN=showdown controller, O=Showdown",
                new KeyPurposeId[] {KeyPurposeId.id_kp_clientAuth}, List.of());
        return folder;
    }

    /** A TLS 1.3 client context presenting {@code cert} and trusting {@code ca}, with the JDK's checks only. */
    public static SSLContext plainClient(Path ca, Path cert, Path key) throws Exception {
        KeyStore keys = KeyStore.getInstance("PKCS12");
        keys.load(null, null);
        keys.setKeyEntry("self", PemReader.privateKey(key), new char[0],
                new java.security.cert.X509Certificate[] {PemReader.certificate(cert)});
        KeyManagerFactory kmf = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
        kmf.init(keys, new char[0]);
        SSLContext context = SSLContext.getInstance(ChannelTls.PROTOCOL);
        context.init(kmf.getKeyManagers(), trusting(ca).getTrustManagers(), null);
        return context;
    }

    /** A TLS 1.3 client context trusting {@code ca} and presenting no certificate at all. */
    public static SSLContext anonymousClient(Path ca) throws Exception {
        SSLContext context = SSLContext.getInstance(ChannelTls.PROTOCOL);
        context.init(null, trusting(ca).getTrustManagers(), null);
        return context;
    }

    /** The JDK's PKIX trust in {@code ca} alone. */
    private static TrustManagerFactory trusting(Path ca) throws Exception {
        KeyStore trust = KeyStore.getInstance("PKCS12");
        trust.load(null, null);
        trust.setCertificateEntry("ca", PemReader.certificate(ca));
        TrustManagerFactory tmf = TrustManagerFactory.getInstance("PKIX");
        tmf.init(trust);
        return tmf;
    }
}
