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
    /** The most of a refused body that is read and dropped so the 413 reaches the client. */
    private static final long DRAIN_LIMIT_BYTES = 64L * 1024 * 1024;
    private static final int DRAIN_CHUNK_BYTES = 64 * 1024;
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
        try (InputStream in = exchange.getRequestBody()) {
            String declaredLength = exchange.getRequestHeaders().getFirst("Content-Length");
            if (declaredLength != null && Long.parseLong(declaredLength.trim()) > MAX_BODY_BYTES) {
                refuseTooLarge(exchange, in);
                return;
            }
            // One byte past the limit tells an oversized chunked body from one exactly at the limit.
            byte[] body = in.readNBytes(MAX_BODY_BYTES + 1);
            if (body.length > MAX_BODY_BYTES) {
                refuseTooLarge(exchange, in);
                return;
            }
            String contentType = exchange.getRequestHeaders().getFirst("Content-Type");
            Responses.send(exchange, STATUS_OK,
                    contentType != null ? contentType : Responses.APPLICATION_OCTET_STREAM, body);
        }
    }

    /**
     * Answers 413 after reading and discarding the rest of the body (up to a bound). The server only
     * drains 64 KiB of an unread body before closing, and closing a socket with unread input resets
     * it, so the client would see a reset instead of the 413.
     */
    private static void refuseTooLarge(HttpExchange exchange, InputStream in) throws IOException {
        byte[] scratch = new byte[DRAIN_CHUNK_BYTES];
        long left = DRAIN_LIMIT_BYTES;
        int read;
        while (left > 0 && (read = in.read(scratch, 0, (int) Math.min(scratch.length, left))) != -1) {
            left -= read;
        }
        Responses.empty(exchange, STATUS_PAYLOAD_TOO_LARGE);
    }
}
