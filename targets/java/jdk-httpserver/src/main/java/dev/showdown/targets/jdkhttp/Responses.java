package dev.showdown.targets.jdkhttp;

import com.sun.net.httpserver.HttpExchange;
import java.io.IOException;
import java.io.OutputStream;

/** Writes complete responses with a known length; the server itself adds {@code Date}. */
final class Responses {
    static final String TEXT_PLAIN_UTF8 = "text/plain; charset=utf-8";
    static final String TEXT_HTML_UTF8 = "text/html; charset=utf-8";
    static final String APPLICATION_JSON = "application/json";
    static final String APPLICATION_OCTET_STREAM = "application/octet-stream";

    /** {@code sendResponseHeaders} takes -1 for "no body" (Content-Length: 0); 0 would mean chunked. */
    private static final long NO_BODY = -1;

    private Responses() {}

    static void send(HttpExchange exchange, int status, String contentType, byte[] body) throws IOException {
        exchange.getResponseHeaders().set("Content-Type", contentType);
        exchange.sendResponseHeaders(status, body.length == 0 ? NO_BODY : body.length);
        if (body.length > 0) {
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        }
    }

    static void empty(HttpExchange exchange, int status) throws IOException {
        send(exchange, status, TEXT_PLAIN_UTF8, new byte[0]);
    }
}
