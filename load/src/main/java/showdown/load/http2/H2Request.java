package showdown.load.http2;

import static showdown.load.fieldcoding.HeaderCoding.writePrefixInteger;

import io.netty.handler.codec.http2.DefaultHttp2Headers;
import io.netty.handler.codec.http2.Http2Headers;
import java.io.ByteArrayOutputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import showdown.load.Header;
import showdown.load.engine.Endpoint;

/**
 * The request of an HTTP/2 run, encoded once: its header list, and that list as an HPACK header
 * block that never touches the server's dynamic table, so the same bytes serve every stream of
 * every connection (RFC 7541: indexed fields from the static table, literals "without indexing",
 * no Huffman coding). Public for HTTP/3, whose header list ({@link #headers}) is the same.
 */
public final class H2Request {

    /** Headers that HTTP/2 forbids (RFC 9113 §8.2.2); Host becomes :authority. */
    private static final Set<String> CONNECTION_HEADERS =
            Set.of("connection", "keep-alive", "proxy-connection", "transfer-encoding", "upgrade", "host");
    /** Static-table entries (RFC 7541 Appendix A) that match a whole field ({@code :status 200}: the training server's). */
    private static final Map<String, Integer> STATIC_FIELDS = Map.of(":method GET", 2, ":method POST", 3, ":path /", 4,
            ":scheme http", 6, ":scheme https", 7, ":status 200", 8);
    /** Static-table indexes of the pseudo-headers' names. */
    private static final Map<String, Integer> STATIC_NAMES = Map.of(":authority", 1, ":method", 2, ":path", 4, ":scheme", 6);

    private H2Request() {
    }

    /** The request's header list: pseudo-headers, then the user's (lower case, minus the forbidden). */
    public static Http2Headers headers(String method, URI url, List<Header> headers, byte[] body) {
        String authority = Endpoint.authority(url);
        boolean hasLength = false;
        for (Header h : headers) {
            String name = h.name().toLowerCase(Locale.ROOT);
            if (name.equals("host")) {
                authority = h.value();
            }
            hasLength |= name.equals("content-length");
        }
        Http2Headers out = new DefaultHttp2Headers()
                .method(method).scheme(url.getScheme().toLowerCase(Locale.ROOT)).authority(authority) // https over TLS
                .path(Endpoint.target(url));
        for (Header h : headers) {
            String name = h.name().toLowerCase(Locale.ROOT);
            if (!CONNECTION_HEADERS.contains(name)) {
                out.add(name, h.value());
            }
        }
        if (body != null && !hasLength) {
            out.add("content-length", Integer.toString(body.length));
        }
        return out;
    }

    /** {@code headers} (a request's, or a response's) as an HPACK header block that leaves the dynamic table alone. */
    static byte[] headerBlock(Http2Headers headers) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        headers.forEach(field -> {
            String name = field.getKey().toString();
            String value = field.getValue().toString();
            Integer whole = STATIC_FIELDS.get(name + " " + value);
            if (whole != null) {
                writePrefixInteger(out, 0x80, 7, whole); // indexed field
                return;
            }
            Integer nameIndex = STATIC_NAMES.get(name);
            if (nameIndex != null) {
                writePrefixInteger(out, 0x00, 4, nameIndex); // literal without indexing, indexed name
            } else {
                out.write(0x00); // literal without indexing, new name
                string(out, name);
            }
            string(out, value);
        });
        return out.toByteArray();
    }

    private static void string(ByteArrayOutputStream out, String s) {
        byte[] bytes = s.getBytes(StandardCharsets.ISO_8859_1);
        writePrefixInteger(out, 0x00, 7, bytes.length); // H = 0: no Huffman coding
        out.writeBytes(bytes);
    }
}
