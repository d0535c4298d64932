package dev.showdown.targets.javalin;

import java.util.Map;
import java.util.regex.Pattern;

import io.javalin.Javalin;
import io.javalin.http.ContentType;
import io.javalin.http.Context;
import io.javalin.http.NotFoundResponse;
import org.eclipse.jetty.server.HttpConnectionFactory;
import org.eclipse.jetty.server.ServerConnector;

/** The Showdown routes on Javalin 7, configured up front as its docs show. */
public final class JavalinApp {
    /** 127.0.0.1, or what HOST says: a server agent asks for 0.0.0.0, for load from other hosts. */
    static final String HOST = System.getenv().getOrDefault("HOST", "127.0.0.1");
    static final int DEFAULT_PORT = 8080;
    /** Request bodies above this many bytes get 413. */
    static final long MAX_REQUEST_BYTES = 40_000_000L;
    static final int ACCEPTORS = 1;
    static final String TEXT_PLAIN_UTF8 = "text/plain; charset=utf-8";
    static final String TEXT_HTML_UTF8 = "text/html; charset=utf-8";
    static final String DEFAULT_ECHO_TYPE = "application/octet-stream";
    /** Javalin has no regex path parameters; its validator checks the capture instead. */
    static final Pattern DIGITS = Pattern.compile("[0-9]+");

    record Message(String message) {
    }

    private JavalinApp() {
    }

    public static void main(String[] args) {
        int port = intFromEnv("PORT", DEFAULT_PORT);
        int cpus = intFromEnv("CPUS", Runtime.getRuntime().availableProcessors());
        create(port, cpus).start();
    }

    static Javalin create(int port, int cpus) {
        return Javalin.create(config -> {
            config.startup.showJavalinBanner = false;
            config.startup.showOldJavalinVersionWarning = false;
            config.http.maxRequestSize = MAX_REQUEST_BYTES;
            config.http.defaultContentType = TEXT_PLAIN_UTF8;
            // Javalin sends no Server header of its own; let Jetty send its version, as Jetty does by default.
            config.jetty.modifyHttpConfiguration(http -> http.setSendServerVersion(true));
            // One Jetty selector (NIO event loop) per CPU the harness gives us.
            config.jetty.addConnector((server, httpConfig) -> {
                ServerConnector connector = new ServerConnector(server, ACCEPTORS, cpus, new HttpConnectionFactory(httpConfig));
                connector.setHost(HOST);
                connector.setPort(port);
                return connector;
            });
            config.fileRenderer(new JteRenderer());

            // Javalin matches static segments before path parameters, so /plaintext is not /{title}.
            config.routes.get("/plaintext", ctx -> ctx.result("Hello, World!"));
            config.routes.get("/json", ctx -> ctx.json(new Message("Hello, World!")));
            config.routes.get("/echo/hello-world", ctx -> ctx.result("Hello World"));
            config.routes.get("/echo/plain/{param}", ctx -> ctx.result(ctx.pathParam("param")));
            config.routes.get("/echo/regex/{digits}", ctx -> ctx.result(ctx.pathParamAsClass("digits", String.class)
                    .check(digits -> DIGITS.matcher(digits).matches(), "digits only")
                    .getOrThrow(errors -> new NotFoundResponse())));
            config.routes.get("/", ctx -> ctx.result(""));
            config.routes.get("/user/{id}", ctx -> ctx.result(ctx.pathParam("id")));
            config.routes.post("/user", JavalinApp::echo);
            config.routes.get("/{title}", ctx -> ctx
                    .render("index.jte", Map.of("title", ctx.pathParam("title"), "members", Member.TEAM))
                    .contentType(TEXT_HTML_UTF8));
        });
    }

    /** Echoes the body byte for byte; bodyAsBytes() answers 413 above maxRequestSize. */
    private static void echo(Context ctx) {
        String type = ctx.contentType();
        // Javalin sets UTF-8 on every response, which makes Jetty append ";charset=utf-8" to the
        // echoed type (or replace its charset); clearing it first sends the request's type unchanged.
        ctx.res().setCharacterEncoding(null);
        ctx.result(ctx.bodyAsBytes()).contentType(type != null ? type : DEFAULT_ECHO_TYPE);
    }

    private static int intFromEnv(String name, int fallback) {
        String value = System.getenv(name);
        if (value == null || value.isBlank()) {
            return fallback;
        }
        try {
            return Integer.parseInt(value.trim());
        } catch (NumberFormatException e) {
            System.err.println("javalin target: " + name + " must be an integer, got '" + value + "'");
            System.exit(2);
            return fallback;
        }
    }
}
