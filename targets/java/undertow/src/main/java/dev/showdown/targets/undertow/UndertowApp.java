package dev.showdown.targets.undertow;

import io.undertow.Handlers;
import io.undertow.Undertow;
import io.undertow.UndertowOptions;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.xnio.Options;

/**
 * Undertow serving the Showdown scenarios. Handlers run on the I/O threads (none of them blocks),
 * one I/O thread per CPU, as Undertow's docs advise for non-blocking handlers.
 */
public final class UndertowApp {
    private static final String HOST = "127.0.0.1";
    private static final int DEFAULT_PORT = 8080;
    private static final int ACCEPT_BACKLOG = 8192;
    /**
     * Undertow's hard cap on a request body (its default is 2 MiB): past it the connection is reset.
     * It sits above the echo route's 40,000,000-byte limit so that a body just over that limit gets
     * its 413 and is drained rather than cut off mid-send.
     */
    private static final long MAX_ENTITY_BYTES = 64L * 1024 * 1024;
    private static final String SERVER_NAME = "Undertow";

    private UndertowApp() {}

    public static void main(String[] args) {
        // Undertow and XNIO log through java.util.logging here; keep only warnings and errors.
        Logger.getLogger("").setLevel(Level.WARNING);

        int port = intFromEnv("PORT", DEFAULT_PORT);
        int ioThreads = intFromEnv("CPUS", Runtime.getRuntime().availableProcessors());

        Undertow server = Undertow.builder()
                .addHttpListener(port, HOST)
                .setIoThreads(ioThreads)
                .setSocketOption(Options.BACKLOG, ACCEPT_BACKLOG)
                .setServerOption(UndertowOptions.MAX_ENTITY_SIZE, MAX_ENTITY_BYTES)
                // Undertow sends Date by itself, but no Server header unless a handler adds one.
                .setHandler(Handlers.header(new ShowdownRoutes().handler(), "Server", SERVER_NAME))
                .build();
        server.start();
        System.out.printf("Undertow listening on http://%s:%d (%d I/O threads)%n", HOST, port, ioThreads);
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
