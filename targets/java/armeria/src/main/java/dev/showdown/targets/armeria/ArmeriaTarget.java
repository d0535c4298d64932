package dev.showdown.targets.armeria;

import com.linecorp.armeria.common.util.EventLoopGroups;
import com.linecorp.armeria.server.Server;
import java.net.InetSocketAddress;

/** Starts the Armeria server on 127.0.0.1:$PORT with production settings. */
public final class ArmeriaTarget {

    private static final int DEFAULT_PORT = 8080;
    /** POST /user accepts bodies up to this size; larger ones get 413 from Armeria. */
    private static final long MAX_REQUEST_BYTES = 40_000_000L;

    private ArmeriaTarget() {
    }

    public static void main(String[] args) {
        int port = intFromEnv("PORT", DEFAULT_PORT);
        // One event loop per CPU given to the target (Armeria's default is two per core).
        int eventLoops = intFromEnv("CPUS", Runtime.getRuntime().availableProcessors());

        Server server = Server.builder()
                .http(new InetSocketAddress("127.0.0.1", port))
                .workerGroup(EventLoopGroups.newEventLoopGroup(eventLoops), true)
                .maxRequestLength(MAX_REQUEST_BYTES)
                // Server and Date headers are on by default.
                .annotatedService(new ShowdownService(new ShowdownPage()))
                .build();
        Runtime.getRuntime().addShutdownHook(new Thread(() -> server.stop().join()));
        server.start().join();
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
