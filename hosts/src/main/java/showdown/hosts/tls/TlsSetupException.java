package showdown.hosts.tls;

/** The TLS files cannot be read or used: a missing file, not PEM, not a key. One line for the user. */
public final class TlsSetupException extends RuntimeException {
    public TlsSetupException(String message) {
        super(message);
    }
}
