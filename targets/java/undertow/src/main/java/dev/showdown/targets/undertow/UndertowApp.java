package dev.showdown.targets.undertow;

import io.undertow.Handlers;
import io.undertow.Undertow;
import io.undertow.UndertowOptions;
import java.io.IOException;
import java.nio.file.NoSuchFileException;
import java.security.GeneralSecurityException;
import java.util.Optional;
import java.util.logging.Level;
import java.util.logging.Logger;
import javax.net.ssl.SSLContext;
import org.xnio.Options;
import org.xnio.Sequence;

/**
 * Undertow serving the Showdown scenarios. Handlers run on the I/O threads (none of them blocks),
 * one I/O thread per CPU, as Undertow's docs advise for non-blocking handlers. {@code ENABLE_HTTP2}
 * adds h2c (prior knowledge) on {@code PORT} and, with {@code TLS_PORT}, {@code TLS_CERT} and
 * {@code TLS_KEY}, an HTTPS listener that offers HTTP/2 and HTTP/1.1 by ALPN over the JDK's TLS.
 */
public final class UndertowApp {
    /** 127.0.0.1, or what HOST says: a server agent asks for 0.0.0.0, for load from other hosts. */
    private static final String HOST = System.getenv().getOrDefault("HOST", "127.0.0.1");
    private static final int DEFAULT_PORT = 8080;
    private static final int ACCEPT_BACKLOG = 8192;
    /**
     * Undertow's hard cap on a request body (its default is 2 MiB): past it the connection is reset.
     * It sits above the echo route's 40,000,000-byte limit so that a body just over that limit gets
     * its 413 and is drained rather than cut off mid-send.
     */
    private static final long MAX_ENTITY_BYTES = 64L * 1024 * 1024;
    private static final String SERVER_NAME = "Undertow";
    /** TLS 1.3 first, TLS 1.2 for older clients; nothing older. */
    private static final Sequence<String> TLS_VERSIONS = Sequence.of("TLSv1.3", "TLSv1.2");

    private UndertowApp() {}

    public static void main(String[] args) {
        // Undertow and XNIO log through java.util.logging here; keep only warnings and errors.
        Logger.getLogger("").setLevel(Level.WARNING);

        int port = intFromEnv("PORT", DEFAULT_PORT);
        int ioThreads = intFromEnv("CPUS", Runtime.getRuntime().availableProcessors());
        Optional<TlsEnv> tls = tlsFromEnv();

        Undertow.Builder builder = Undertow.builder()
                .addHttpListener(port, HOST)
                .setIoThreads(ioThreads)
                .setSocketOption(Options.BACKLOG, ACCEPT_BACKLOG)
                .setServerOption(UndertowOptions.MAX_ENTITY_SIZE, MAX_ENTITY_BYTES)
                // HTTP/2 on every listener: h2c with prior knowledge (and by Upgrade) beside HTTP/1.1
                // on the HTTP listener, h2 by ALPN on the HTTPS one.
                .setServerOption(UndertowOptions.ENABLE_HTTP2, true)
                // Undertow sends Date by itself, but no Server header unless a handler adds one.
                .setHandler(Handlers.header(new ShowdownRoutes().handler(), "Server", SERVER_NAME));
        String https = "";
        if (tls.isPresent()) {
            builder.addHttpsListener(tls.get().port(), HOST, sslContext(tls.get()))
                    .setSocketOption(Options.SSL_ENABLED_PROTOCOLS, TLS_VERSIONS);
            https = String.format(" and https://%s:%d", HOST, tls.get().port());
        }
        builder.build().start();
        System.out.printf("Undertow listening on http://%s:%d%s (%d I/O threads)%n", HOST, port, https, ioThreads);
    }

    private static SSLContext sslContext(TlsEnv tls) {
        try {
            return PemSslContext.load(tls.certificate(), tls.key());
        } catch (NoSuchFileException e) {
            return exit("cannot load TLS_CERT and TLS_KEY: no such file " + e.getMessage());
        } catch (IOException | GeneralSecurityException e) {
            return exit("cannot load TLS_CERT and TLS_KEY: " + e.getMessage());
        }
    }

    private static Optional<TlsEnv> tlsFromEnv() {
        try {
            return TlsEnv.read();
        } catch (IllegalArgumentException e) {
            return exit(e.getMessage());
        }
    }

    private static <T> T exit(String message) {
        System.err.println("undertow target: " + message);
        System.exit(2);
        return null;
    }

    private static int intFromEnv(String name, int fallback) {
        String value = System.getenv(name);
        if (value == null || value.isBlank()) {
            return fallback;
        }
        try {
            return Integer.parseInt(value.trim());
        } catch (NumberFormatException e) {
            System.err.println(name + " must be a whole number, got: " + value);
            System.exit(2);
            return fallback;
        }
    }
}
