package dev.showdown.targets.jetty;

import org.eclipse.jetty.http.pathmap.RegexPathSpec;
import org.eclipse.jetty.http.pathmap.UriTemplatePathSpec;
import org.eclipse.jetty.server.HttpConfiguration;
import org.eclipse.jetty.server.HttpConnectionFactory;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.server.handler.PathMappingsHandler;
import org.eclipse.jetty.server.handler.SizeLimitHandler;
import org.eclipse.jetty.util.thread.QueuedThreadPool;

/**
 * The Showdown routes on Jetty 12's core Handler API (no servlets): one {@link PathMappingsHandler}
 * maps URI templates and a regex path spec to small handlers.
 */
public final class JettyApp {
    static final String HOST = "127.0.0.1";
    static final int DEFAULT_PORT = 8080;
    /** Request bodies above this many bytes get 413 (Content-Length or chunked). */
    static final long MAX_REQUEST_BYTES = 40_000_000L;
    /** Only the request side is limited; -1 means no response limit. */
    static final long NO_RESPONSE_LIMIT = -1;
    /** One acceptor thread is plenty for keep-alive benchmark connections. */
    static final int ACCEPTORS = 1;
    /** No handlers are added after start (see {@link #routes()}). */
    static final boolean NOT_DYNAMIC = false;

    private JettyApp() {
    }

    public static void main(String[] args) throws Exception {
        int port = intFromEnv("PORT", DEFAULT_PORT);
        int cpus = intFromEnv("CPUS", Runtime.getRuntime().availableProcessors());

        Server server = new Server(new QueuedThreadPool());
        HttpConfiguration http = new HttpConfiguration();
        http.setSendServerVersion(true);
        http.setSendDateHeader(true);
        // One selector (NIO event loop) per CPU the harness gives us.
        ServerConnector connector = new ServerConnector(server, ACCEPTORS, cpus, new HttpConnectionFactory(http));
        connector.setHost(HOST);
        connector.setPort(port);
        server.addConnector(connector);

        SizeLimitHandler sizeLimit = new SizeLimitHandler(MAX_REQUEST_BYTES, NO_RESPONSE_LIMIT);
        sizeLimit.setHandler(routes());
        server.setHandler(sizeLimit);
        server.start();
        server.join();
    }

    /**
     * Exact templates sort before templates with variables, so static routes win over {@code /{title}}.
     * The mappings are fixed before start, so the handler is not dynamic: a dynamic container
     * reports the BLOCKING invocation type, and Jetty then hands every request from the selector
     * to a pool thread. Non-dynamic, it reports its children's NON_BLOCKING type and Jetty runs
     * them on the selector thread.
     */
    static PathMappingsHandler routes() {
        PathMappingsHandler routes = new PathMappingsHandler(NOT_DYNAMIC);
        routes.addMapping(new UriTemplatePathSpec("/plaintext"), TextHandler.get(request -> "Hello, World!"));
        routes.addMapping(new UriTemplatePathSpec("/json"), new JsonHandler());
        routes.addMapping(new UriTemplatePathSpec("/echo/hello-world"), TextHandler.get(request -> "Hello World"));
        routes.addMapping(new UriTemplatePathSpec("/echo/plain/{param}"),
                TextHandler.get(request -> PathParams.get(request, "param")));
        routes.addMapping(new RegexPathSpec("^/echo/regex/(?<digits>[0-9]+)$"),
                TextHandler.get(request -> PathParams.get(request, "digits")));
        routes.addMapping(new UriTemplatePathSpec("/"), TextHandler.get(request -> ""));
        routes.addMapping(new UriTemplatePathSpec("/user/{id}"), TextHandler.get(request -> PathParams.get(request, "id")));
        routes.addMapping(new UriTemplatePathSpec("/user"), new EchoHandler());
        routes.addMapping(new UriTemplatePathSpec("/{title}"), new ShowdownPageHandler());
        return routes;
    }

    private static int intFromEnv(String name, int fallback) {
        String value = System.getenv(name);
        if (value == null || value.isBlank()) {
            return fallback;
        }
        try {
            return Integer.parseInt(value.trim());
        } catch (NumberFormatException e) {
            System.err.println("jetty target: " + name + " must be an integer, got '" + value + "'");
            System.exit(2);
            return fallback;
        }
    }
}
