package showdown.load.http3;

import static showdown.load.fieldcoding.HeaderCoding.writePrefixInteger;

import io.netty.handler.codec.http2.Http2Headers;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import showdown.load.fieldcoding.HpackHuffman;

/**
 * A request as the bytes of its HTTP/3 request stream (RFC 9114 §4.1), encoded once per connection
 * and written as they are on every request stream, with the stream's FIN: a HEADERS frame and, for
 * a request with a body, one DATA frame. The header block is QPACK (RFC 9204) without the dynamic
 * table: a field that is an entry of the static table is sent as its index, {@code :authority},
 * {@code :path} and {@code content-length} by their static names, anything else as a literal;
 * a string goes Huffman-coded when that is shorter.
 */
final class H3Request {

    static final int DATA = 0x0;
    static final int HEADERS = 0x1;

    /** Static table entries (RFC 9204 Appendix A) a request's header list may match whole. */
    private static final Map<String, Integer> STATIC_FIELDS = Map.of(
            ":path\0/", 1, ":method\0GET", 17, ":method\0HEAD", 18, ":method\0POST", 20, ":method\0PUT", 21,
            ":method\0DELETE", 16, ":method\0OPTIONS", 19, ":scheme\0http", 22, ":scheme\0https", 23);
    /** Static table names (their entries' values being empty or beside the point). */
    private static final Map<String, Integer> STATIC_NAMES = Map.of(":authority", 0, ":path", 1, ":method", 15,
            ":scheme", 22, "content-length", 4);

    private H3Request() {
    }

    /** The request stream's bytes for {@code headers} and {@code body} (null: none). */
    static byte[] encode(Http2Headers headers, byte[] body) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        byte[] block = headerBlock(headers);
        varint(out, HEADERS);
        varint(out, block.length);
        out.writeBytes(block);
        if (body != null && body.length > 0) {
            varint(out, DATA);
            varint(out, body.length);
            out.writeBytes(body);
        }
        return out.toByteArray();
    }

    /** {@code headers} as a QPACK field section that refers to no dynamic table entry. */
    static byte[] headerBlock(Http2Headers headers) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.write(0); // Required Insert Count 0
        out.write(0); // Delta Base 0
        for (Map.Entry<CharSequence, CharSequence> field : headers) {
            String name = field.getKey().toString();
            String value = field.getValue().toString();
            Integer whole = STATIC_FIELDS.get(name + '\0' + value);
            Integer named = STATIC_NAMES.get(name);
            if (whole != null) {
                writePrefixInteger(out, 0xc0, 6, whole); // indexed field line, static (1 T=1)
            } else if (named != null) {
                writePrefixInteger(out, 0x50, 4, named); // literal with a static name reference (01 N=0 T=1)
                string(out, 0x00, 7, value);
            } else {
                string(out, 0x20, 3, name); // literal with a literal name (001 N=0 H)
                string(out, 0x00, 7, value);
            }
        }
        return out.toByteArray();
    }

    /** A string literal, Huffman-coded when that is shorter (the flag is the bit above the prefix). */
    private static void string(ByteArrayOutputStream out, int flags, int prefixBits, String s) {
        byte[] b = s.getBytes(StandardCharsets.ISO_8859_1);
        long bits = 0;
        for (byte c : b) {
            bits += HpackHuffman.codeLength(c & 0xff);
        }
        int huffmanLength = (int) ((bits + 7) / 8);
        if (huffmanLength >= b.length) {
            writePrefixInteger(out, flags, prefixBits, b.length);
            out.writeBytes(b);
            return;
        }
        writePrefixInteger(out, flags | 1 << prefixBits, prefixBits, huffmanLength);
        long pending = 0; // bits not yet written, right-aligned
        int pendingBits = 0;
        for (byte c : b) {
            int length = HpackHuffman.codeLength(c & 0xff);
            pending = pending << length | HpackHuffman.code(c & 0xff);
            pendingBits += length;
            while (pendingBits >= 8) {
                pendingBits -= 8;
                out.write((int) (pending >>> pendingBits));
            }
        }
        if (pendingBits > 0) { // padded with the EOS code's leading ones
            out.write((int) (pending << (8 - pendingBits)) | (0xff >>> pendingBits));
        }
    }

    /** A QUIC variable-length integer (RFC 9000 §16). */
    static void varint(ByteArrayOutputStream out, long v) {
        if (v < 1L << 6) {
            out.write((int) v);
        } else if (v < 1L << 14) {
            out.write((int) (v >>> 8) | 0x40);
            out.write((int) v);
        } else if (v < 1L << 30) {
            out.write((int) (v >>> 24) | 0x80);
            out.write((int) (v >>> 16));
            out.write((int) (v >>> 8));
            out.write((int) v);
        } else {
            out.write((int) (v >>> 56) | 0xc0);
            for (int shift = 48; shift >= 0; shift -= 8) {
                out.write((int) (v >>> shift));
            }
        }
    }
}
