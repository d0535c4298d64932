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

    // the JDK's check first, then the role: six entry points, one rule
    @Override
    public void checkClientTrusted(X509Certificate[] chain, String authType, Socket s) throws CertificateException {
        withRole(chain, () -> pkix.checkClientTrusted(chain, authType, s));
    }

    @Override
    public void checkServerTrusted(X509Certificate[] chain, String authType, Socket s) throws CertificateException {
        withRole(chain, () -> pkix.checkServerTrusted(chain, authType, s));
    }

    @Override
    public void checkClientTrusted(X509Certificate[] chain, String authType, SSLEngine e) throws CertificateException {
        withRole(chain, () -> pkix.checkClientTrusted(chain, authType, e));
    }

    @Override
    public void checkServerTrusted(X509Certificate[] chain, String authType, SSLEngine e) throws CertificateException {
        withRole(chain, () -> pkix.checkServerTrusted(chain, authType, e));
    }

    @Override
    public void checkClientTrusted(X509Certificate[] chain, String authType) throws CertificateException {
        withRole(chain, () -> pkix.checkClientTrusted(chain, authType));
    }

    @Override
    public void checkServerTrusted(X509Certificate[] chain, String authType) throws CertificateException {
        withRole(chain, () -> pkix.checkServerTrusted(chain, authType));
    }

    @Override
    public X509Certificate[] getAcceptedIssuers() {
        return pkix.getAcceptedIssuers();
    }

    private interface Check {
        void run() throws CertificateException;
    }

    private void withRole(X509Certificate[] chain, Check pkixCheck) throws CertificateException {
        pkixCheck.run();
        String why = expected.refusal(chain[0]).orElse(null);
        if (why != null) {
            throw new WrongRoleException(why);
        }
    }
}
