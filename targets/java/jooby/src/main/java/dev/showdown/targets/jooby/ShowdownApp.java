package dev.showdown.targets.jooby;

import gg.jte.ContentType;
import gg.jte.TemplateEngine;
import io.jooby.Context;
import io.jooby.ExecutionMode;
import io.jooby.Jooby;
import io.jooby.MediaType;
import io.jooby.ModelAndView;
import io.jooby.ServerOptions;
import io.jooby.StatusCode;
import io.jooby.jte.JteModule;
import java.time.Instant;
import java.util.List;

/**
 * Every route of the Showdown scenario contract as a Jooby script-style application.
 *
 * <p>Jooby's router prefers static paths to {@code /{title}}, and {@code {digits:[0-9]+}} is its
 * regex path variable: {@code /echo/regex/abc} matches no route and gets 404. All handlers are
 * short and non-blocking, so they run on the Netty event loops ({@link ExecutionMode#EVENT_LOOP}).
 */
public final class ShowdownApp extends Jooby {

    private static final int DEFAULT_PORT = 8080;
    /** POST /user accepts bodies up to this size; Jooby answers 413 beyond it. */
    private static final int MAX_REQUEST_BYTES = 40_000_000;
    /** The Server header value Jooby's Netty server sends by default. */
    private static final String JOOBY_SERVER_HEADER = "N";
    /** Echoed bodies without a Content-Type are returned as opaque bytes. */
    private static final String DEFAULT_ECHO_TYPE = "application/octet-stream";

    /** The team shown on the showdown page, as in phoenix-showdown. */
    static final List<Member> MEMBERS = List.of(
            new Member("Chris McCord"),
            new Member("Matt Sears"),
            new Member("David Stump"),
            new Member("Ricardo Thompson"));

    {
        ServerOptions options = new ServerOptions()
                .setPort(intFromEnv("PORT", DEFAULT_PORT))
                // One Netty event loop per CPU given to the target (Jooby's default is more).
                .setIoThreads(intFromEnv("CPUS", Runtime.getRuntime().availableProcessors()))
                .setMaxRequestSize(MAX_REQUEST_BYTES)
                // Date, Server and Content-Type on every response.
                .setDefaultHeaders(true);
        // 127.0.0.1, or what HOST says: a server agent asks for 0.0.0.0, for load from other hosts.
        options.setHost(System.getenv().getOrDefault("HOST", "127.0.0.1"));
        setServerOptions(options);

        // Templates were compiled to classes by jte-maven-plugin (jte's production mode).
        install(new JteModule(TemplateEngine.createPrecompiled(ContentType.Html)));
        encoder(MediaType.json, new JacksonEncoder());

        error(ShowdownApp::plainError);

        get("/echo/hello-world", ctx -> text(ctx, "Hello World"));
        get("/echo/plain/{param}", ctx -> text(ctx, ctx.path("param").value()));
        get("/echo/regex/{digits:[0-9]+}", ctx -> text(ctx, ctx.path("digits").value()));
        get("/", ctx -> text(ctx, ""));
        get("/user/{id}", ctx -> text(ctx, ctx.path("id").value()));
        post("/user", ctx -> ctx
                .setResponseType(ctx.header("Content-Type").value(DEFAULT_ECHO_TYPE))
                .send(ctx.body().bytes()));
        get("/plaintext", ctx -> text(ctx, "Hello, World!"));
        get("/json", ctx -> new Message("Hello, World!")).produces(MediaType.json);
        get("/{title}", ctx -> ModelAndView.map("index.jte")
                .put("title", ctx.path("title").value())
                .put("members", MEMBERS));
    }

    private static Object text(Context ctx, String body) {
        return ctx.setResponseType(MediaType.text).send(body);
    }

    /**
     * Unknown routes, failed regex matches and oversized bodies end here. A short text answer
     * instead of Jooby's HTML error page, and no log line per bad request. Jooby clears the
     * response headers before calling an error handler, so Date and Server (as Jooby's default
     * headers would send them) are set again.
     */
    private static void plainError(Context ctx, Throwable cause, StatusCode code) {
        ctx.setResponseHeader("Date", Context.RFC1123.format(Instant.now()));
        ctx.setResponseHeader("Server", JOOBY_SERVER_HEADER);
        ctx.setResponseType(MediaType.text).setResponseCode(code).send(code.reason());
    }

    public static void main(String[] args) {
        runApp(args, ExecutionMode.EVENT_LOOP, ShowdownApp::new);
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

    /** The /json payload. */
    public record Message(String message) {
    }
}
