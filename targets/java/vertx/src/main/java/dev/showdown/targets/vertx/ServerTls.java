package dev.showdown.targets.vertx;

import io.vertx.core.http.HttpServerOptions;
import io.vertx.core.net.JdkSSLEngineOptions;
import io.vertx.core.net.OpenSSLEngineOptions;
import io.vertx.core.net.PemKeyCertOptions;
import io.vertx.core.net.SSLEngineOptions;
import java.util.Set;

/**
 * The options of the TLS server, from {@code TLS_PORT}, {@code TLS_CERT} (PEM certificate) and
 * {@code TLS_KEY} (PKCS#8 PEM key): TLS 1.2 and 1.3, ALPN offering {@code h2} and {@code http/1.1}
 * (Vert.x's default ALPN list), HTTP/1.1 for clients that send no ALPN.
 *
 * <p>The engine is OpenSSL ({@link OpenSSLEngineOptions}, BoringSSL from netty-tcnative), as the
 * Vert.x docs advise for performance; the JDK's engine only where the native library cannot load.
 */
final class ServerTls {
    private ServerTls() {}

    /** The TLS server's options, or null when none of the variables is set (cleartext only). */
    static HttpServerOptions fromEnv(String host) {
        String port = System.getenv("TLS_PORT");
        String cert = System.getenv("TLS_CERT");
        String key = System.getenv("TLS_KEY");
        if (isBlank(port) && isBlank(cert) && isBlank(key)) {
            return null;
        }
        if (isBlank(port) || isBlank(cert) || isBlank(key)) {
            throw new IllegalArgumentException("TLS needs all of TLS_PORT, TLS_CERT and TLS_KEY, or none of them");
        }
        return new HttpServerOptions()
                .setHost(host)
                .setPort(VertxApp.wholeNumber("TLS_PORT", port))
                .setSsl(true)
                .setUseAlpn(true)
                .setEnabledSecureTransportProtocols(Set.of("TLSv1.2", "TLSv1.3"))
                .setKeyCertOptions(new PemKeyCertOptions().setCertPath(cert.trim()).setKeyPath(key.trim()))
                .setSslEngineOptions(engine());
    }

    /** A name for the engine {@code options} use, for the startup line. */
    static String engineName(HttpServerOptions options) {
        return options.getSslEngineOptions() instanceof OpenSSLEngineOptions ? "OpenSSL (BoringSSL)" : "JDK SSLEngine";
    }

    private static SSLEngineOptions engine() {
        return OpenSSLEngineOptions.isAlpnAvailable() ? new OpenSSLEngineOptions() : new JdkSSLEngineOptions();
    }

    private static boolean isBlank(String value) {
        return value == null || value.isBlank();
    }
}
