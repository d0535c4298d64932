package dev.showdown.targets.vertx;

import io.vertx.core.DeploymentOptions;
import io.vertx.core.Vertx;
import io.vertx.core.VertxOptions;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Starts Vert.x with one event loop per CPU and deploys one {@link ShowdownVerticle} per event loop,
 * on the native (epoll) transport when it is available, as Vert.x's performance guide advises.
 */
public final class VertxApp {
    private static final String HOST = "127.0.0.1";
    private static final int DEFAULT_PORT = 8080;

    private VertxApp() {}

    public static void main(String[] args) {
        // Vert.x logs through java.util.logging unless another backend is present; keep warnings only.
        Logger.getLogger("").setLevel(Level.WARNING);

        int port = intFromEnv("PORT", DEFAULT_PORT);
        int eventLoops = intFromEnv("CPUS", Runtime.getRuntime().availableProcessors());

        Vertx vertx = Vertx.vertx(new VertxOptions()
                .setPreferNativeTransport(true)
                .setEventLoopPoolSize(eventLoops));
        vertx.deployVerticle(() -> new ShowdownVerticle(HOST, port), new DeploymentOptions().setInstances(eventLoops))
                .onSuccess(id -> System.out.printf("Vert.x listening on http://%s:%d (%s transport, %d verticles)%n",
                        HOST, port, vertx.isNativeTransportEnabled() ? "native" : "NIO", eventLoops))
                .onFailure(failure -> {
                    System.err.println("cannot start: " + failure.getMessage());
                    System.exit(2);
                });
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
