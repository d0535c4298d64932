package showdown.hosts.tls;

import java.net.Socket;
import java.security.cert.CertificateException;
import java.security.cert.X509Certificate;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.X509ExtendedTrustManager;

/**
 * Trusts a peer whose certificate chains to the run's CA (the JDK's own PKIX checks, unchanged)
 * <em>and</em> carries the role this end expects: an agent accepts only the controller's role, so
 * an agent's certificate, which every load host holds, cannot drive any agent.
 */
final class RoleTrustManager extends X509ExtendedTrustManager {

    private final X509ExtendedTrustManager pkix;
    private final CertificateRole expected;

    RoleTrustManager(X509ExtendedTrustManager pkix, CertificateRole expected) {
        this.pkix = pkix;
        this.expected = expected;
    }

    @Override
    public void checkClientTrusted(X509Certificate[] chain, String authType, Socket socket) throws CertificateException {
        pkix.checkClientTrusted(chain, authType, socket);
        requireRole(chain);
    }

    @Override
    public void checkServerTrusted(X509Certificate[] chain, String authType, Socket socket) throws CertificateException {
        pkix.checkServerTrusted(chain, authType, socket);
        requireRole(chain);
    }

    @Override
    public void checkClientTrusted(X509Certificate[] chain, String authType, SSLEngine engine) throws CertificateException {
        pkix.checkClientTrusted(chain, authType, engine);
        requireRole(chain);
    }

    @Override
    public void checkServerTrusted(X509Certificate[] chain, String authType, SSLEngine engine) throws CertificateException {
        pkix.checkServerTrusted(chain, authType, engine);
        requireRole(chain);
    }

    @Override
    public void checkClientTrusted(X509Certificate[] chain, String authType) throws CertificateException {
        pkix.checkClientTrusted(chain, authType);
        requireRole(chain);
    }

    @Override
    public void checkServerTrusted(X509Certificate[] chain, String authType) throws CertificateException {
        pkix.checkServerTrusted(chain, authType);
        requireRole(chain);
    }

    @Override
    public X509Certificate[] getAcceptedIssuers() {
        return pkix.getAcceptedIssuers();
    }

    private void requireRole(X509Certificate[] chain) throws CertificateException {
        String why = expected.refusal(chain[0]).orElse(null);
        if (why != null) {
            throw new CertificateException("the peer's certificate has the wrong role: " + why);
        }
    }
}
