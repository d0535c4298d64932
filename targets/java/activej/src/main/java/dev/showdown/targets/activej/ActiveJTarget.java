package dev.showdown.targets.activej;

import io.activej.http.AsyncServlet;
import io.activej.inject.annotation.Provides;
import io.activej.launchers.http.MultithreadedHttpServerLauncher;
import io.activej.worker.annotation.Worker;

/**
 * ActiveJ's multithreaded HTTP launcher: a primary eventloop accepts connections and hands them
 * to one worker eventloop per CPU, each with its own servlet tree from {@link #servlet()}.
 */
public final class ActiveJTarget extends MultithreadedHttpServerLauncher {

    private static final int DEFAULT_PORT = 8080;
    /** POST /user accepts bodies up to this size; larger ones get 413. */
    static final int MAX_BODY_BYTES = 40_000_000;

    @Provides
    @Worker
    AsyncServlet servlet() {
        return new ServerHeaders(ShowdownRoutes.create(new ShowdownPage()));
    }

    public static void main(String[] args) throws Exception {
        int port = intFromEnv("PORT", DEFAULT_PORT);
        int workers = intFromEnv("CPUS", Runtime.getRuntime().availableProcessors());
        // The launcher reads its settings from http-server.properties, overridden by "config.*"
        // system properties; the harness's environment is passed on that way.
        // HOST (127.0.0.1 when unset): a server agent asks for 0.0.0.0, for load from other hosts.
        String host = System.getenv().getOrDefault("HOST", "127.0.0.1");
        System.setProperty("config.http.listenAddresses", host + ":" + port);
        System.setProperty("config.workers", Integer.toString(workers));
        new ActiveJTarget().launch(args);
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
