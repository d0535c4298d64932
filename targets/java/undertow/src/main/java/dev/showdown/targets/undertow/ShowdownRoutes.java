package dev.showdown.targets.undertow;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.undertow.Handlers;
import io.undertow.io.Receiver;
import io.undertow.io.Receiver.RequestToLargeException;
import io.undertow.predicate.Predicate;
import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;
import io.undertow.server.RoutingHandler;
import io.undertow.util.Headers;
import io.undertow.util.PathTemplateMatch;
import io.undertow.util.StatusCodes;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.regex.Pattern;
import org.xnio.IoUtils;

/**
 * Every route of the Showdown scenarios on Undertow's {@link RoutingHandler}. Its path templates
 * prefer static routes over {@code /{title}}; the digits-only route is a template guarded by a
 * {@link Predicate}, Undertow's way to constrain a route (a request it rejects falls back to 404).
 */
final class ShowdownRoutes {
    private static final String TEXT_PLAIN_UTF8 = "text/plain; charset=utf-8";
    private static final String TEXT_HTML_UTF8 = "text/html; charset=utf-8";
    private static final String APPLICATION_JSON = "application/json";
    private static final String APPLICATION_OCTET_STREAM = "application/octet-stream";
    private static final Pattern DIGITS = Pattern.compile("[0-9]+");
    /** Request bodies above this many bytes are refused with 413, as the mist scenario requires. */
    private static final int MAX_BODY_BYTES = 40_000_000;

    private final ObjectMapper json = new ObjectMapper();
    private final ShowdownPage page = new ShowdownPage();

    HttpHandler handler() {
        RoutingHandler routes = Handlers.routing()
                .get("/", exchange -> text(exchange, ""))
                .get("/plaintext", exchange -> text(exchange, "Hello, World!"))
                .get("/json", this::json)
                .get("/echo/hello-world", exchange -> text(exchange, "Hello World"))
                .get("/echo/plain/{param}", exchange -> text(exchange, param(exchange, "param")))
                .get("/echo/regex/{digits}", digitsOnly("digits"), exchange -> text(exchange, param(exchange, "digits")))
                .get("/user/{id}", exchange -> text(exchange, param(exchange, "id")))
                .post("/user", ShowdownRoutes::echo)
                .get("/{title}", this::page)
                .setFallbackHandler(ShowdownRoutes::notFound);
        return routes;
    }

    private static Predicate digitsOnly(String param) {
        return exchange -> DIGITS.matcher(param(exchange, param)).matches();
    }

    /** Path parameters arrive decoded: Undertow decodes the URL before routing. */
    private static String param(HttpServerExchange exchange, String name) {
        return exchange.getAttachment(PathTemplateMatch.ATTACHMENT_KEY).getParameters().get(name);
    }

    private static void text(HttpServerExchange exchange, String body) {
        exchange.getResponseHeaders().put(Headers.CONTENT_TYPE, TEXT_PLAIN_UTF8);
        exchange.getResponseSender().send(body, StandardCharsets.UTF_8);
    }

    private void json(HttpServerExchange exchange) throws JsonProcessingException {
        exchange.getResponseHeaders().put(Headers.CONTENT_TYPE, APPLICATION_JSON);
        exchange.getResponseSender().send(ByteBuffer.wrap(json.writeValueAsBytes(new Message("Hello, World!"))));
    }

    private void page(HttpServerExchange exchange) {
        exchange.getResponseHeaders().put(Headers.CONTENT_TYPE, TEXT_HTML_UTF8);
        exchange.getResponseSender().send(page.render(param(exchange, "title")), StandardCharsets.UTF_8);
    }

    /**
     * Reads the whole body without blocking the I/O thread and sends it back. The receiver's buffer
     * limit is the body limit: a body over it fails with {@link RequestToLargeException} (before any
     * byte is read when Content-Length announces it).
     */
    private static void echo(HttpServerExchange exchange) {
        String contentType = exchange.getRequestHeaders().getFirst(Headers.CONTENT_TYPE);
        Receiver receiver = exchange.getRequestReceiver();
        receiver.setMaxBufferSize(MAX_BODY_BYTES);
        receiver.receiveFullBytes((ex, body) -> {
            ex.getResponseHeaders().put(Headers.CONTENT_TYPE,
                    contentType != null ? contentType : APPLICATION_OCTET_STREAM);
            ex.getResponseSender().send(ByteBuffer.wrap(body));
        }, ShowdownRoutes::bodyFailed);
    }

    /**
     * The receiver's default answers every read failure with 500; a too-big body deserves 413. The
     * connection stays open: when the exchange ends, Undertow reads and discards the rest of the body,
     * so the client receives the 413 instead of a reset.
     */
    private static void bodyFailed(HttpServerExchange exchange, IOException failure) {
        if (failure instanceof RequestToLargeException && !exchange.isResponseStarted()) {
            exchange.setStatusCode(StatusCodes.REQUEST_ENTITY_TOO_LARGE);
            text(exchange, "");
        } else {
            IoUtils.safeClose(exchange.getConnection());
        }
    }

    private static void notFound(HttpServerExchange exchange) {
        exchange.setStatusCode(StatusCodes.NOT_FOUND);
        text(exchange, "");
    }
}
