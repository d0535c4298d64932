package showdown.harness.verify;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * A response as read from the wire.
 *
 * @param headers header lines in order, names as sent
 * @param body    the body, de-chunked
 * @param wire    the bytes as received (head, then the body with its chunk framing), up to the capture limit
 * @param wireLength how many bytes the response took on the wire (may exceed {@code wire.length})
 */
public record RawResponse(String version, int status, String reason, List<Header> headers, byte[] body,
        boolean chunked, byte[] wire, long wireLength) {

    /** One header line. */
    public record Header(String name, String value) {
    }

    /** The first value of a header (names compare case-insensitively). */
    public Optional<String> header(String name) {
        for (Header h : headers) {
            if (h.name().equalsIgnoreCase(name)) {
                return Optional.of(h.value());
            }
        }
        return Optional.empty();
    }

    /** How many times a header appears. */
    public long count(String name) {
        return headers.stream().filter(h -> h.name().equalsIgnoreCase(name)).count();
    }

    public String bodyText() {
        return new String(body, StandardCharsets.UTF_8);
    }

    /** True when the server said it will close the connection after this response. */
    public boolean closes() {
        return header("Connection").map(v -> v.toLowerCase(Locale.ROOT).contains("close")).orElse(false)
                || version.equals("HTTP/1.0") && !header("Connection").map(v -> v.equalsIgnoreCase("keep-alive")).orElse(false);
    }
}
