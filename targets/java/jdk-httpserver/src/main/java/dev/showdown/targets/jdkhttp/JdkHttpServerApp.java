package dev.showdown.targets.jdkhttp;

import com.sun.net.httpserver.Filter;
import com.sun.net.httpserver.HttpContext;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.BindException;
import java.net.InetSocketAddress;
import java.util.concurrent.Executors;

/**
 * The JDK's built-in {@code com.sun.net.httpserver} serving the Showdown scenarios, one virtual
 * thread per exchange (the executor the JDK docs suggest for blocking handlers since Java 21).
 */
public final class JdkHttpServerApp {
    /** 127.0.0.1, or what HOST says: a server agent asks for 0.0.0.0, for load from other hosts. */
    private static final String HOST = System.getenv().getOrDefault("HOST", "127.0.0.1");
    private static final int DEFAULT_PORT = 8080;
    /** The JDK's default accept backlog (50) drops connections when hundreds open at once. */
    private static final int ACCEPT_BACKLOG = 1024;
    private static final String SERVER_NAME = "jdk-httpserver";

    private JdkHttpServerApp() {}

    public static void main(String[] args) throws IOException {
        int port = portFromEnv();
        HttpServer server;
        try {
            server = HttpServer.create(new InetSocketAddress(HOST, port), ACCEPT_BACKLOG);
        } catch (BindException e) {
            System.err.println("cannot listen on " + HOST + ":" + port + ": " + e.getMessage());
            System.exit(2);
            return;
        }
        HttpContext context = server.createContext("/", new ShowdownRoutes().router());
        // The server sends Date by itself but no Server header; a filter adds it to every response.
        context.getFilters().add(Filter.beforeHandler("Server header",
                exchange -> exchange.getResponseHeaders().set("Server", SERVER_NAME)));
        server.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
        server.start();
        System.out.printf("JDK HttpServer listening on http://%s:%d%n", HOST, port);
    }

    private static int portFromEnv() {
        String value = System.getenv("PORT");
        if (value == null || value.isBlank()) {
            return DEFAULT_PORT;
        }
        try {
            return Integer.parseInt(value.trim());
        } catch (NumberFormatException e) {
            System.err.println("PORT must be a whole number, got: " + value);
            System.exit(2);
            return DEFAULT_PORT;
        }
    }
}
