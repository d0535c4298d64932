package showdown.hosts.tls;

import java.io.IOException;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.PrivateKey;
import java.security.cert.X509Certificate;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.TrustManager;
import javax.net.ssl.TrustManagerFactory;
import javax.net.ssl.X509ExtendedTrustManager;

/**
 * The control channel's TLS: TLS 1.3 only, each side presenting its certificate and trusting
 * exactly the run's CA, and only a peer of the other {@link CertificateRole}. An agent's server
 * socket requires the client's certificate and its controller role, so neither a certificate of
 * another CA nor an agent's own pair (which every load host holds) gets past the handshake.
 *
 * @param context  the SSL context with this side's key and the CA as the only trust anchor
 */
public record ChannelTls(SSLContext context) {

    public static final String PROTOCOL = "TLSv1.3";

    /**
     * From PEM files: the CA's certificate, this side's certificate and its PKCS#8 key.
     *
     * @param role this side's role; its certificate must carry it, and the peer's the other one
     * @throws TlsSetupException in one line: a missing or unreadable file, or a certificate of another role
     */
    public static ChannelTls load(Path caFile, Path certFile, Path keyFile, CertificateRole role) {
        try {
            X509Certificate ca = PemReader.certificate(caFile);
            X509Certificate cert = PemReader.certificate(certFile);
            String wrongRole = role.refusal(cert).orElse(null);
            if (wrongRole != null) {
                throw new TlsSetupException(certFile + " cannot serve here: " + wrongRole
                        + " (make the run's certificates again with 'showdown certs')");
            }
            PrivateKey key = PemReader.privateKey(keyFile);
            KeyStore keys = KeyStore.getInstance("PKCS12");
            keys.load(null, null);
            char[] password = new char[0];
            keys.setKeyEntry("self", key, password, new X509Certificate[] {cert});
            KeyManagerFactory kmf = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
            kmf.init(keys, password);
            KeyStore trust = KeyStore.getInstance("PKCS12");
            trust.load(null, null);
            trust.setCertificateEntry("run-ca", ca);
            TrustManagerFactory tmf = TrustManagerFactory.getInstance("PKIX");
            tmf.init(trust);
            SSLContext context = SSLContext.getInstance(PROTOCOL);
            context.init(kmf.getKeyManagers(), new TrustManager[] {new RoleTrustManager(pkix(tmf), role.peer())}, null);
            return new ChannelTls(context);
        } catch (GeneralSecurityException | IOException e) {
            throw new TlsSetupException("cannot set up TLS from " + certFile + " and " + keyFile + ": " + e.getMessage());
        }
    }

    /** From a folder made by {@code showdown certs}, as the controller. */
    public static ChannelTls controller(Path dir) {
        return load(dir.resolve(RunCertificates.CA), dir.resolve(RunCertificates.CONTROLLER),
                dir.resolve(RunCertificates.CONTROLLER_KEY), CertificateRole.CONTROLLER);
    }

    /** From one agent's folder ({@link RunCertificates#agentFolder}), as that agent. */
    public static ChannelTls agent(Path agentFolder) {
        return load(agentFolder.resolve(RunCertificates.CA), agentFolder.resolve(RunCertificates.AGENT),
                agentFolder.resolve(RunCertificates.AGENT_KEY), CertificateRole.AGENT);
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

    private static X509ExtendedTrustManager pkix(TrustManagerFactory tmf) {
        for (TrustManager tm : tmf.getTrustManagers()) {
            if (tm instanceof X509ExtendedTrustManager x) {
                return x;
            }
        }
        throw new IllegalStateException("the JDK's PKIX trust manager factory gave no X509ExtendedTrustManager");
    }
}
