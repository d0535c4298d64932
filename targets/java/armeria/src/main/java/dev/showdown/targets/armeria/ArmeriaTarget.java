package dev.showdown.targets.armeria;

import com.linecorp.armeria.common.Flags;
import com.linecorp.armeria.server.Server;
import com.linecorp.armeria.server.ServerBuilder;
import java.net.InetSocketAddress;

/**
 * Starts the Armeria server with production settings: {@code PORT} serves HTTP/1.1 and HTTP/2 with
 * prior knowledge (h2c), which Armeria's {@code http} port tells apart by the connection preface;
 * {@code TLS_PORT}, when the TLS variables are set, serves both over TLS chosen by ALPN.
 */
public final class ArmeriaTarget {

    /** 127.0.0.1, or what HOST says: a server agent asks for 0.0.0.0, for load from other hosts. */
    private static final String HOST = System.getenv().getOrDefault("HOST", "127.0.0.1");
    private static final int DEFAULT_PORT = 8080;
    /** POST /user accepts bodies up to this size; larger ones get 413 from Armeria. */
    private static final long MAX_REQUEST_BYTES = 40_000_000L;

    private ArmeriaTarget() {
    }

    public static void main(String[] args) {
        int port = intFromEnv("PORT", DEFAULT_PORT);
        // One event loop per CPU given to the target (Armeria's default is two per core).
        int eventLoops = intFromEnv("CPUS", Runtime.getRuntime().availableProcessors());
        ServerTls tls;
        try {
            tls = ServerTls.fromEnv();
        } catch (IllegalArgumentException e) {
            System.err.println("TLS: " + e.getMessage());
            System.exit(2);
            return;
        }

        Server server;
        try {
            server = build(port, eventLoops, tls);
            server.start().join();
        } catch (RuntimeException e) {
            // A certificate or key that cannot be parsed, or a port in use: one line, not a stack trace.
            Throwable cause = e.getCause() != null ? e.getCause() : e;
            System.err.println("cannot start: " + cause.getMessage());
            System.exit(2);
            return;
        }
        Runtime.getRuntime().addShutdownHook(new Thread(() -> server.stop().join()));
        System.out.printf("Armeria listening on http://%s:%d, HTTP/1.1 and h2c (%d event loops)%n", HOST, port, eventLoops);
        if (tls != null) {
            System.out.printf("Armeria listening on https://%s:%d, ALPN h2 and http/1.1 (TLS by %s)%n",
                    HOST, tls.port(), Flags.tlsEngineType());
        }
    }

    private static Server build(int port, int eventLoops, ServerTls tls) {
        ServerBuilder builder = Server.builder()
                .http(new InetSocketAddress(HOST, port))
                .workerGroup(new PromptStopEventLoopGroup(eventLoops, "armeria-eventloop"), true)
                .bossGroupFactory(threadName -> new PromptStopEventLoopGroup(1, threadName))
                .maxRequestLength(MAX_REQUEST_BYTES)
                // Server and Date headers are on by default.
                .annotatedService(new ShowdownService(new ShowdownPage()));
        if (tls != null) {
            // Armeria's defaults: TLS 1.3 and 1.2, ALPN h2 and http/1.1, and OpenSSL (BoringSSL from
            // netty-tcnative) whenever its native library loads, the JDK's engine otherwise.
            builder.https(new InetSocketAddress(HOST, tls.port()))
                    .tls(tls.certificate(), tls.key());
        }
        return builder.build();
    }

    private static int intFromEnv(String name, int fallback) {
        String value = System.getenv(name);
        return value == null || value.isBlank() ? fallback : wholeNumber(name, value);
    }

    /** A whole number from the environment variable {@code name}; exits 2 with one line otherwise. */
    static int wholeNumber(String name, String value) {
        try {
            return Integer.parseInt(value.trim());
        } catch (NumberFormatException e) {
            System.err.println(name + " must be a whole number, got: " + value);
            System.exit(2);
            return -1;
        }
    }
}
