package dev.showdown.targets.vertx;

import io.pebbletemplates.pebble.PebbleEngine;
import io.pebbletemplates.pebble.loader.ClasspathLoader;
import io.vertx.core.Future;
import io.vertx.core.VerticleBase;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpServer;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.http.HttpServerOptions;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import io.vertx.ext.web.templ.pebble.PebbleTemplateEngine;
import java.util.List;
import java.util.Map;

/**
 * One router and its HTTP servers (the cleartext one, and the TLS one when configured);
 * {@link VertxApp} deploys one instance per event loop, and Vert.x spreads the connections of each
 * shared port across them.
 *
 * <p>Routes are tried in the order they are declared, so the static routes come before
 * {@code /:title}; unmatched requests get vertx-web's own 404.
 */
final class ShowdownVerticle extends VerticleBase {
    private static final String TEXT_PLAIN_UTF8 = "text/plain; charset=utf-8";
    private static final String TEXT_HTML_UTF8 = "text/html; charset=utf-8";
    private static final String APPLICATION_JSON = "application/json";
    private static final String APPLICATION_OCTET_STREAM = "application/octet-stream";
    private static final String SERVER_NAME = "Vert.x";
    /** Request bodies above this many bytes are refused with 413, as the mist scenario requires. */
    private static final long MAX_BODY_BYTES = 40_000_000L;
    private static final int HTTP_PAYLOAD_TOO_LARGE = 413;
    private static final List<Member> MEMBERS = List.of(
            new Member("Chris McCord"),
            new Member("Matt Sears"),
            new Member("David Stump"),
            new Member("Ricardo Thompson"));

    private final List<HttpServerOptions> servers;
    private HttpDate date;
    private PebbleTemplateEngine templates;

    /** @param servers the options of each server to start, all sharing this verticle's router */
    ShowdownVerticle(List<HttpServerOptions> servers) {
        this.servers = servers;
    }

    @Override
    public Future<?> start() {
        date = new HttpDate(vertx);
        // vertx-web's default Pebble engine caches only the top template and re-reads the layout and
        // partial on every render; an engine of our own keeps Pebble's template cache on.
        PebbleEngine pebble = new PebbleEngine.Builder()
                .loader(new ClasspathLoader())
                .cacheActive(true)
                .build();
        templates = PebbleTemplateEngine.create(vertx, pebble);

        Router router = Router.router(vertx);
        router.route().handler(this::serverHeaders);
        router.get("/").handler(ctx -> text(ctx, ""));
        router.get("/plaintext").handler(ctx -> text(ctx, "Hello, World!"));
        router.get("/json").handler(this::json);
        router.get("/echo/hello-world").handler(ctx -> text(ctx, "Hello World"));
        router.get("/echo/plain/:param").handler(ctx -> text(ctx, ctx.pathParam("param")));
        router.getWithRegex("/echo/regex/(?<digits>[0-9]+)").handler(ctx -> text(ctx, ctx.pathParam("digits")));
        router.get("/user/:id").handler(ctx -> text(ctx, ctx.pathParam("id")));
        router.post("/user").handler(this::echo);
        router.get("/:title").handler(this::page);
        router.errorHandler(HTTP_PAYLOAD_TOO_LARGE, ctx -> ctx.response()
                .setStatusCode(HTTP_PAYLOAD_TOO_LARGE)
                .putHeader(HttpHeaders.CONTENT_TYPE, TEXT_PLAIN_UTF8)
                .end());

        List<Future<HttpServer>> listening = servers.stream()
                .map(options -> vertx.createHttpServer(new HttpServerOptions(options)).requestHandler(router).listen())
                .toList();
        return Future.all(listening);
    }

    /** Vert.x sends neither Date nor Server; set both first, so every response (404 and 413 too) has them. */
    private void serverHeaders(RoutingContext ctx) {
        ctx.response()
                .putHeader(HttpHeaders.SERVER, SERVER_NAME)
                .putHeader(HttpHeaders.DATE, date.value());
        ctx.next();
    }

    private static void text(RoutingContext ctx, String body) {
        ctx.response().putHeader(HttpHeaders.CONTENT_TYPE, TEXT_PLAIN_UTF8).end(body);
    }

    private void json(RoutingContext ctx) {
        ctx.response()
                .putHeader(HttpHeaders.CONTENT_TYPE, APPLICATION_JSON)
                .end(new JsonObject().put("message", "Hello, World!").toBuffer());
    }

    /**
     * Echoes the body byte for byte, buffering it through the request's own stream. vertx-web's
     * BodyHandler is not used here: it decodes {@code x-www-form-urlencoded} bodies as it reads them
     * and answers 400 to one that is not a valid form, while this route echoes any bytes.
     */
    private void echo(RoutingContext ctx) {
        HttpServerRequest request = ctx.request();
        String declaredLength = request.getHeader(HttpHeaders.CONTENT_LENGTH);
        if (declaredLength != null && Long.parseLong(declaredLength.trim()) > MAX_BODY_BYTES) {
            ctx.fail(HTTP_PAYLOAD_TOO_LARGE);
            return;
        }
        Buffer body = Buffer.buffer();
        request.handler(chunk -> {
            if (ctx.failed()) {
                return; // the 413 is answered; Vert.x discards the rest of the body
            }
            if (body.length() + chunk.length() > MAX_BODY_BYTES) {
                ctx.fail(HTTP_PAYLOAD_TOO_LARGE);
                return;
            }
            body.appendBuffer(chunk);
        });
        request.endHandler(end -> {
            if (ctx.failed()) {
                return;
            }
            String contentType = request.getHeader(HttpHeaders.CONTENT_TYPE);
            ctx.response()
                    .putHeader(HttpHeaders.CONTENT_TYPE, contentType != null ? contentType : APPLICATION_OCTET_STREAM)
                    .end(body);
        });
        // The router pauses a request until a handler claims its body.
        request.resume();
    }

    private void page(RoutingContext ctx) {
        Map<String, Object> data = Map.of("title", ctx.pathParam("title"), "members", MEMBERS);
        templates.render(data, "templates/index.peb")
                .onSuccess(html -> ctx.response().putHeader(HttpHeaders.CONTENT_TYPE, TEXT_HTML_UTF8).end(html))
                .onFailure(ctx::fail);
    }
}
