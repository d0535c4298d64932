package dev.showdown.targets.jdkhttp;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpExchange;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

/** Every route of the Showdown scenarios, in the order the router must try them. */
final class ShowdownRoutes {
    /** Request bodies above this many bytes are refused with 413, as the mist scenario requires. */
    static final int MAX_BODY_BYTES = 40_000_000;
    private static final int STATUS_OK = 200;
    private static final int STATUS_PAYLOAD_TOO_LARGE = 413;

    private final ObjectMapper json = new ObjectMapper();
    private final ShowdownPage page = new ShowdownPage();

    Router router() {
        return new Router()
                .get("/", (ex, p) -> Responses.empty(ex, STATUS_OK))
                .get("/plaintext", (ex, p) -> text(ex, "Hello, World!"))
                .get("/json", (ex, p) -> Responses.send(ex, STATUS_OK, Responses.APPLICATION_JSON,
                        json.writeValueAsBytes(new Message("Hello, World!"))))
                .get("/echo/hello-world", (ex, p) -> text(ex, "Hello World"))
                .get("/echo/plain/([^/]+)", (ex, p) -> text(ex, p.get(0)))
                .get("/echo/regex/([0-9]+)", (ex, p) -> text(ex, p.get(0)))
                .get("/user/([^/]+)", (ex, p) -> text(ex, p.get(0)))
                .post("/user", this::echo)
                .get("/([^/]+)", (ex, p) -> Responses.send(ex, STATUS_OK, Responses.TEXT_HTML_UTF8,
                        page.render(p.get(0)).getBytes(StandardCharsets.UTF_8)));
    }

    private static void text(HttpExchange exchange, String body) throws IOException {
        Responses.send(exchange, STATUS_OK, Responses.TEXT_PLAIN_UTF8, body.getBytes(StandardCharsets.UTF_8));
    }

    /** Echoes the body byte for byte; the server decodes chunked bodies before we read them. */
    private void echo(HttpExchange exchange, List<String> params) throws IOException {
        String declaredLength = exchange.getRequestHeaders().getFirst("Content-Length");
        if (declaredLength != null && Long.parseLong(declaredLength.trim()) > MAX_BODY_BYTES) {
            Responses.empty(exchange, STATUS_PAYLOAD_TOO_LARGE);
            return;
        }
        byte[] body;
        try (InputStream in = exchange.getRequestBody()) {
            // One byte past the limit tells an oversized chunked body from one exactly at the limit.
            body = in.readNBytes(MAX_BODY_BYTES + 1);
        }
        if (body.length > MAX_BODY_BYTES) {
            Responses.empty(exchange, STATUS_PAYLOAD_TOO_LARGE);
            return;
        }
        String contentType = exchange.getRequestHeaders().getFirst("Content-Type");
        Responses.send(exchange, STATUS_OK,
                contentType != null ? contentType : Responses.APPLICATION_OCTET_STREAM, body);
    }
}
