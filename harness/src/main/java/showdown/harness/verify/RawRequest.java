package showdown.harness.verify;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * An HTTP/1.1 request exactly as the verifier puts it on the wire. The body is sent with
 * {@code Content-Length}, or chunked in pieces of {@code chunkBytes} when that is positive.
 *
 * @param headers extra header lines ("Name: value"); Host, and Content-Length or Transfer-Encoding, are added
 */
public record RawRequest(String method, String target, List<String> headers, byte[] body, int chunkBytes) {

    /** Identifies the verifier in target logs. */
    static final String USER_AGENT = "showdown-verify";

    public RawRequest {
        Objects.requireNonNull(method, "method");
        Objects.requireNonNull(target, "target");
        headers = List.copyOf(headers);
        body = body == null ? new byte[0] : body;
    }

    public static RawRequest get(String target) {
        return new RawRequest("GET", target, List.of(), null, 0);
    }

    /** A POST with the body sent with Content-Length, and a Content-Type when {@code contentType} is not null. */
    public static RawRequest post(String target, String contentType, byte[] body) {
        return new RawRequest("POST", target, contentType == null ? List.of() : List.of("Content-Type: " + contentType), body, 0);
    }

    /** The same request with its body sent chunked, {@code chunkBytes} at a time. */
    public RawRequest chunked(int chunkBytes) {
        return new RawRequest(method, target, headers, body, chunkBytes);
    }

    /** The same request with one more header line. */
    public RawRequest withHeader(String line) {
        List<String> more = new ArrayList<>(headers);
        more.add(line);
        return new RawRequest(method, target, more, body, chunkBytes);
    }

    /** "GET /path" (with the body size and framing for a request that has one). */
    public String describe() {
        if (!method.equals("POST") && body.length == 0) {
            return method + " " + target;
        }
        return method + " " + target + " (" + sizeName(body.length) + (chunkBytes > 0 ? ", chunked" : ", Content-Length") + ")";
    }

    static String sizeName(long bytes) {
        if (bytes >= 1024 * 1024 && bytes % (1024 * 1024) == 0) {
            return bytes / (1024 * 1024) + " MiB";
        }
        if (bytes >= 1024 && bytes % 1024 == 0) {
            return bytes / 1024 + " KiB";
        }
        return bytes + " B";
    }

    /** The head (request line and headers) for a server at {@code hostHeader}. */
    public byte[] head(String hostHeader) {
        StringBuilder head = new StringBuilder();
        head.append(method).append(' ').append(target).append(" HTTP/1.1\r\n");
        head.append("Host: ").append(hostHeader).append("\r\n");
        head.append("User-Agent: ").append(USER_AGENT).append("\r\n");
        for (String h : headers) {
            head.append(h).append("\r\n");
        }
        if (chunkBytes > 0) {
            head.append("Transfer-Encoding: chunked\r\n");
        } else if (body.length > 0 || method.equals("POST") || method.equals("PUT")) {
            head.append("Content-Length: ").append(body.length).append("\r\n");
        }
        head.append("\r\n");
        return head.toString().getBytes(StandardCharsets.ISO_8859_1);
    }

    /** The whole request: head, then the body framed as chosen. */
    public byte[] bytes(String hostHeader) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(body.length + 256);
        out.writeBytes(head(hostHeader));
        if (chunkBytes > 0) {
            for (int at = 0; at < body.length; at += chunkBytes) {
                int n = Math.min(chunkBytes, body.length - at);
                out.writeBytes((Integer.toHexString(n) + "\r\n").getBytes(StandardCharsets.ISO_8859_1));
                out.write(body, at, n);
                out.writeBytes("\r\n".getBytes(StandardCharsets.ISO_8859_1));
            }
            out.writeBytes("0\r\n\r\n".getBytes(StandardCharsets.ISO_8859_1));
        } else {
            out.writeBytes(body);
        }
        return out.toByteArray();
    }
}
