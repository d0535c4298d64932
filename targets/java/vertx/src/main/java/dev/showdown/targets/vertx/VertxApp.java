package dev.showdown.targets.vertx;

import io.vertx.core.DeploymentOptions;
import io.vertx.core.Vertx;
import io.vertx.core.VertxOptions;
import io.vertx.core.http.HttpServerOptions;
import java.util.List;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Starts Vert.x with one event loop per CPU and deploys one {@link ShowdownVerticle} per event loop,
 * on the native (epoll) transport when it is available, as Vert.x's performance guide advises.
 *
 * <p>{@code PORT} serves HTTP/1.1 and HTTP/2 with prior knowledge (h2c; Vert.x tells them apart by
 * the connection preface); {@code TLS_PORT}, when the TLS variables are set, serves both over TLS.
 */
public final class VertxApp {
    /** 127.0.0.1, or what HOST says: a server agent asks for 0.0.0.0, for load from other hosts. */
    private static final String HOST = System.getenv().getOrDefault("HOST", "127.0.0.1");
    private static final int DEFAULT_PORT = 8080;

    private VertxApp() {}

    public static void main(String[] args) {
        // Vert.x logs through java.util.logging unless another backend is present; keep warnings only.
        Logger.getLogger("").setLevel(Level.WARNING);

        int port = intFromEnv("PORT", DEFAULT_PORT);
        int eventLoops = intFromEnv("CPUS", Runtime.getRuntime().availableProcessors());
        HttpServerOptions cleartext = new HttpServerOptions()
                .setHost(HOST)
                .setPort(port)
                .setHttp2ClearTextEnabled(true);
        HttpServerOptions tls;
        try {
            tls = ServerTls.fromEnv(HOST);
        } catch (IllegalArgumentException e) {
            System.err.println("TLS: " + e.getMessage());
            System.exit(2);
            return;
        }
        List<HttpServerOptions> servers = tls == null ? List.of(cleartext) : List.of(cleartext, tls);

        Vertx vertx = Vertx.vertx(new VertxOptions()
                .setPreferNativeTransport(true)
                .setEventLoopPoolSize(eventLoops));
        vertx.deployVerticle(() -> new ShowdownVerticle(servers), new DeploymentOptions().setInstances(eventLoops))
                .onSuccess(id -> {
                    System.out.printf("Vert.x listening on http://%s:%d, HTTP/1.1 and h2c (%s transport, %d verticles)%n",
                            HOST, port, vertx.isNativeTransportEnabled() ? "native" : "NIO", eventLoops);
                    if (tls != null) {
                        System.out.printf("Vert.x listening on https://%s:%d, ALPN h2 and http/1.1 (TLS by %s)%n",
                                HOST, tls.getPort(), ServerTls.engineName(tls));
                    }
                })
                .onFailure(failure -> {
                    System.err.println("cannot start: " + failure.getMessage());
                    System.exit(2);
                });
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
