package showdown.hosts.agent;

import static org.assertj.core.api.Assertions.assertThat;

import java.security.cert.CertificateException;
import javax.net.ssl.SSLHandshakeException;
import org.junit.jupiter.api.Test;

/** The failures the socket tests cannot provoke with the JDK's own client, classified from their cause chain. */
class PeerHandshakeTest {

    private static SSLHandshakeException failed(String message, Throwable cause) {
        SSLHandshakeException e = new SSLHandshakeException(message);
        e.initCause(cause);
        return e;
    }

    @Test
    void aCertificateThePkixCheckRefusesIsUntrustedNotTheWrongRole() {
        PeerHandshake.Refused r = PeerHandshake.of(failed("PKIX path building failed",
                new CertificateException("PKIX path building failed: unable to find valid certification path")));
        assertThat(r.refusal()).isEqualTo(PeerHandshake.Refusal.UNTRUSTED);
        assertThat(r.describe()).isEqualTo("presented a certificate that does not verify against this run's CA"
                + " (PKIX path building failed: unable to find valid certification path)");
    }

    @Test
    void aPeerThatHungUpWhileTheAgentWroteIsSaidSo() {
        PeerHandshake.Refused r = PeerHandshake.of(new javax.net.ssl.SSLException("Broken pipe",
                new java.net.SocketException("Broken pipe")));
        assertThat(r.refusal()).isEqualTo(PeerHandshake.Refusal.HUNG_UP);
        assertThat(r.describe()).isEqualTo("closed the connection in the TLS handshake (Broken pipe)");
    }

    @Test
    void anotherFailureKeepsTheTlsLayersWords() {
        PeerHandshake.Refused r = PeerHandshake.of(new SSLHandshakeException("No appropriate protocol"));
        assertThat(r.describe()).isEqualTo("failed the TLS handshake (No appropriate protocol)");
    }
}
