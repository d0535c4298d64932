package showdown.hosts.tls;

import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.PrivateKey;
import java.security.cert.X509Certificate;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.TrustManagerFactory;
import org.bouncycastle.asn1.pkcs.PrivateKeyInfo;
import org.bouncycastle.cert.X509CertificateHolder;
import org.bouncycastle.cert.jcajce.JcaX509CertificateConverter;
import org.bouncycastle.openssl.PEMParser;
import org.bouncycastle.openssl.jcajce.JcaPEMKeyConverter;

/**
 * The control channel's TLS: TLS 1.3 only, each side presenting its certificate and trusting
 * exactly the run's CA. An agent's server socket requires the client's certificate, so a
 * controller whose certificate the CA did not sign never gets past the handshake.
 *
 * @param context  the SSL context with this side's key and the CA as the only trust anchor
 */
public record ChannelTls(SSLContext context) {

    public static final String PROTOCOL = "TLSv1.3";

    /** From PEM files: the CA's certificate, this side's certificate and its PKCS#8 key. */
    public static ChannelTls load(Path caFile, Path certFile, Path keyFile) {
        try {
            X509Certificate ca = certificate(caFile);
            X509Certificate cert = certificate(certFile);
            PrivateKey key = privateKey(keyFile);
            KeyStore keys = KeyStore.getInstance("PKCS12");
            keys.load(null, null);
            char[] password = new char[0];
            keys.setKeyEntry("self", key, password, new X509Certificate[] {cert});
            KeyManagerFactory kmf = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
            kmf.init(keys, password);
            KeyStore trust = KeyStore.getInstance("PKCS12");
            trust.load(null, null);
            trust.setCertificateEntry("run-ca", ca);
            TrustManagerFactory tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
            tmf.init(trust);
            SSLContext context = SSLContext.getInstance(PROTOCOL);
            context.init(kmf.getKeyManagers(), tmf.getTrustManagers(), null);
            return new ChannelTls(context);
        } catch (GeneralSecurityException | IOException e) {
            throw new TlsSetupException("cannot set up TLS from " + certFile + " and " + keyFile + ": " + e.getMessage());
        }
    }

    /** From a folder made by {@code showdown certs}, as the controller. */
    public static ChannelTls controller(Path dir) {
        return load(dir.resolve(RunCertificates.CA), dir.resolve(RunCertificates.CONTROLLER),
                dir.resolve(RunCertificates.CONTROLLER_KEY));
    }

    /** From a folder made by {@code showdown certs}, as an agent. */
    public static ChannelTls agent(Path dir) {
        return load(dir.resolve(RunCertificates.CA), dir.resolve(RunCertificates.AGENT), dir.resolve(RunCertificates.AGENT_KEY));
    }

    /** TLS 1.3 only; on the agent's side (the accepting one) the peer's certificate is required. */
    public void configure(SSLSocket socket, boolean accepting) {
        SSLParameters p = socket.getSSLParameters();
        p.setProtocols(new String[] {PROTOCOL});
        if (accepting) {
            p.setNeedClientAuth(true);
        }
        socket.setSSLParameters(p);
        socket.setUseClientMode(!accepting);
    }

    private static X509Certificate certificate(Path file) throws IOException, GeneralSecurityException {
        Object o = readPem(file);
        if (!(o instanceof X509CertificateHolder holder)) {
            throw new TlsSetupException(file + " holds no PEM certificate");
        }
        return new JcaX509CertificateConverter().getCertificate(holder);
    }

    private static PrivateKey privateKey(Path file) throws IOException {
        Object o = readPem(file);
        if (!(o instanceof PrivateKeyInfo info)) {
            throw new TlsSetupException(file + " holds no PKCS#8 private key (-----BEGIN PRIVATE KEY-----)");
        }
        return new JcaPEMKeyConverter().getPrivateKey(info);
    }

    private static Object readPem(Path file) throws IOException {
        try (Reader r = Files.newBufferedReader(file); PEMParser parser = new PEMParser(r)) {
            Object o = parser.readObject();
            if (o == null) {
                throw new TlsSetupException(file + " holds no PEM object");
            }
            return o;
        } catch (NoSuchFileException e) {
            throw new TlsSetupException("no such file: " + file);
        }
    }
}
