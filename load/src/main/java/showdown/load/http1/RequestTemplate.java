package showdown.load.http1;

import java.io.ByteArrayOutputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import showdown.load.Header;
import showdown.load.engine.Endpoint;

/**
 * The bytes of one request, encoded once per URL and sent unchanged for every request. Like wrk,
 * it sends {@code Host} and the user's headers only (no User-Agent, no Connection header). Public
 * for the engine, which encodes each URL's request once, as it resolves the URL.
 */
public final class RequestTemplate {

    private RequestTemplate() {
    }

    public static byte[] encode(String method, URI url, List<Header> headers, byte[] body) {
        StringBuilder head = new StringBuilder(128);
        head.append(method).append(' ').append(Endpoint.target(url)).append(" HTTP/1.1\r\n");
        if (headers.stream().noneMatch(h -> is(h, "host"))) {
            head.append("Host: ").append(Endpoint.authority(url)).append("\r\n");
        }
        for (Header h : headers) {
            head.append(h.name()).append(": ").append(h.value()).append("\r\n");
        }
        boolean framed = headers.stream().anyMatch(h -> is(h, "content-length") || is(h, "transfer-encoding"));
        if (!framed && (body != null || sendsEmptyBody(method))) {
            head.append("Content-Length: ").append(body == null ? 0 : body.length).append("\r\n");
        }
        head.append("\r\n");
        ByteArrayOutputStream out = new ByteArrayOutputStream(head.length() + (body == null ? 0 : body.length));
        out.writeBytes(head.toString().getBytes(StandardCharsets.ISO_8859_1));
        if (body != null) {
            out.writeBytes(body);
        }
        return out.toByteArray();
    }

    private static boolean sendsEmptyBody(String method) {
        return method.equals("POST") || method.equals("PUT") || method.equals("PATCH");
    }

    private static boolean is(Header h, String name) {
        return h.name().toLowerCase(Locale.ROOT).equals(name);
    }
}
