package showdown.load;

/**
 * Which TLS implementation speaks https. {@link #AUTO} takes OpenSSL (BoringSSL, through
 * netty-tcnative) when it loads here, else the JDK's own engine.
 */
public enum TlsEngine {
    AUTO, OPENSSL, JDK
}
