package showdown.load.tls;

import io.netty.handler.ssl.NotSslRecordException;
import io.netty.handler.ssl.SslHandshakeTimeoutException;
import java.security.cert.CertificateException;
import javax.net.ssl.SSLHandshakeException;

/** Why a TLS connection could not be made, as the summary counts it. */
public enum TlsFailure {
    /** The handshake failed: an alert, no common version or cipher, no {@code h2} by ALPN, a stall, a close. */
    HANDSHAKE("handshake"),
    /** The server's certificate did not verify (expired, untrusted, wrong name); only with verification on. */
    CERTIFICATE("certificate"),
    /** What came back was not TLS at all: plain HTTP on a TLS port, say. */
    NOT_TLS("not TLS");

    private final String label;

    TlsFailure(String label) {
        this.label = label;
    }

    /** How the summary line names it. */
    public String label() {
        return label;
    }

    /** The kind of a handshake's failure, from its cause chain. */
    public static TlsFailure of(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause()) {
            if (t instanceof NotSslRecordException) {
                return NOT_TLS;
            }
            if (t instanceof CertificateException || t instanceof java.security.cert.CertPathValidatorException
                    || (t instanceof SSLHandshakeException && mentionsCertificate(t.getMessage()))) {
                return CERTIFICATE;
            }
            if (t instanceof SslHandshakeTimeoutException) {
                return HANDSHAKE;
            }
        }
        return HANDSHAKE;
    }

    private static boolean mentionsCertificate(String message) {
        if (message == null) {
            return false;
        }
        String m = message.toLowerCase(java.util.Locale.ROOT);
        return m.contains("certificate") || m.contains("cert path") || m.contains("pkix") || m.contains("no subject alternative")
                || m.contains("hostname");
    }
}
