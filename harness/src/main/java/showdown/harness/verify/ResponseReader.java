package showdown.harness.verify;

import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Reads one HTTP/1.1 response from a stream: status line, headers, then a body framed by
 * Content-Length, chunked encoding (extensions and trailers allowed) or the end of the connection.
 * It keeps a copy of the raw bytes for the wire trace.
 */
final class ResponseReader {

    /** The largest body the verifier accepts (the biggest expected is the 1 MiB echo). */
    static final int MAX_BODY_BYTES = 8 * 1024 * 1024;
    /** How much of the raw response is kept for a wire trace. */
    static final int WIRE_CAPTURE_BYTES = 64 * 1024;
    private static final int MAX_LINE_BYTES = 16 * 1024;
    private static final int MAX_HEADERS = 200;

    private final InputStream in;
    private final ByteArrayOutputStream wire = new ByteArrayOutputStream();
    private long wireLength;

    ResponseReader(InputStream in) {
        this.in = in;
    }

    /** The bytes read so far (capped), for a trace when reading failed half way. */
    byte[] wireSoFar() {
        return wire.toByteArray();
    }

    /** Reads the next final response, skipping any 1xx interim responses. */
    RawResponse read(String requestMethod) throws IOException {
        while (true) {
            RawResponse r = readOne(requestMethod);
            if (r.status() >= 200 || r.status() == 101) {
                return r;
            }
        }
    }

    private RawResponse readOne(String requestMethod) throws IOException {
        String statusLine = line(true);
        String[] parts = statusLine.split(" ", 3);
        if (parts.length < 2 || !parts[0].startsWith("HTTP/1.")) {
            throw new MalformedResponseException("not an HTTP/1.x status line: " + WireTrace.escape(statusLine));
        }
        int status;
        try {
            status = Integer.parseInt(parts[1]);
        } catch (NumberFormatException e) {
            throw new MalformedResponseException("bad status code in: " + WireTrace.escape(statusLine));
        }
        List<RawResponse.Header> headers = new ArrayList<>();
        for (String h = line(false); !h.isEmpty(); h = line(false)) {
            int colon = h.indexOf(':');
            if (colon <= 0) {
                throw new MalformedResponseException("bad header line: " + WireTrace.escape(h));
            }
            if (headers.size() >= MAX_HEADERS) {
                throw new MalformedResponseException("more than " + MAX_HEADERS + " headers");
            }
            headers.add(new RawResponse.Header(h.substring(0, colon).trim(), h.substring(colon + 1).trim()));
        }
        RawResponse head = new RawResponse(parts[0], status, parts.length > 2 ? parts[2] : "", headers, new byte[0],
                false, new byte[0], 0);
        byte[] body;
        boolean chunked = head.header("Transfer-Encoding").map(v -> v.toLowerCase(Locale.ROOT).contains("chunked")).orElse(false);
        if (requestMethod.equals("HEAD") || status == 204 || status == 304 || status < 200) {
            body = new byte[0];
        } else if (chunked) {
            body = chunkedBody(status);
        } else if (head.header("Content-Length").isPresent()) {
            long length;
            try {
                length = Long.parseLong(head.header("Content-Length").get().trim());
            } catch (NumberFormatException e) {
                throw new MalformedResponseException("bad Content-Length: " + head.header("Content-Length").get());
            }
            if (length < 0) {
                throw new MalformedResponseException("status " + status + " with a negative Content-Length " + length);
            }
            if (length > MAX_BODY_BYTES) {
                throw new MalformedResponseException("status " + status + " with a body of " + length
                        + " bytes (the verifier reads at most " + MAX_BODY_BYTES + ")");
            }
            body = exactly((int) length);
        } else {
            body = untilClose();
        }
        return new RawResponse(parts[0], status, head.reason(), headers, body, chunked, wire.toByteArray(), wireLength);
    }

    private byte[] chunkedBody(int status) throws IOException {
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        while (true) {
            String sizeLine = line(false);
            int semicolon = sizeLine.indexOf(';'); // a chunk extension follows
            String hex = (semicolon >= 0 ? sizeLine.substring(0, semicolon) : sizeLine).trim();
            int size;
            try {
                size = Integer.parseInt(hex, 16);
            } catch (NumberFormatException e) {
                throw new MalformedResponseException("bad chunk size line: " + WireTrace.escape(sizeLine));
            }
            if (size < 0 || body.size() + (long) size > MAX_BODY_BYTES) {
                throw new MalformedResponseException("status " + status + " with a chunked body over "
                        + MAX_BODY_BYTES + " bytes (the verifier reads at most that)");
            }
            if (size == 0) {
                for (String trailer = line(false); !trailer.isEmpty(); trailer = line(false)) {
                    // trailers carry nothing the verifier checks
                }
                return body.toByteArray();
            }
            body.writeBytes(exactly(size));
            if (!line(false).isEmpty()) {
                throw new MalformedResponseException("chunk data not followed by CRLF");
            }
        }
    }

    private byte[] untilClose() throws IOException {
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        byte[] buf = new byte[8192];
        for (int n; (n = in.read(buf)) != -1; ) {
            capture(buf, 0, n);
            body.write(buf, 0, n);
            if (body.size() > MAX_BODY_BYTES) {
                throw new MalformedResponseException("body over " + MAX_BODY_BYTES + " bytes");
            }
        }
        return body.toByteArray();
    }

    private byte[] exactly(int length) throws IOException {
        byte[] out = new byte[length];
        int at = 0;
        while (at < length) {
            int n = in.read(out, at, length - at);
            if (n == -1) {
                throw new EOFException("connection closed after " + at + " of " + length + " body bytes");
            }
            capture(out, at, n);
            at += n;
        }
        return out;
    }

    /** One line without its CRLF (a bare LF is accepted); at the start, EOF means "no response at all". */
    private String line(boolean first) throws IOException {
        ByteArrayOutputStream line = new ByteArrayOutputStream();
        while (true) {
            int b = in.read();
            if (b == -1) {
                throw new EOFException(first && line.size() == 0 && wireLength == 0
                        ? "connection closed without a response" : "connection closed in the middle of a response");
            }
            capture(b);
            if (b == '\n') {
                byte[] bytes = line.toByteArray();
                int end = bytes.length > 0 && bytes[bytes.length - 1] == '\r' ? bytes.length - 1 : bytes.length;
                return new String(bytes, 0, end, StandardCharsets.ISO_8859_1);
            }
            if (line.size() >= MAX_LINE_BYTES) {
                throw new MalformedResponseException("a line over " + MAX_LINE_BYTES + " bytes");
            }
            line.write(b);
        }
    }

    private void capture(int b) {
        wireLength++;
        if (wire.size() < WIRE_CAPTURE_BYTES) {
            wire.write(b);
        }
    }

    private void capture(byte[] bytes, int offset, int length) {
        wireLength += length;
        int room = WIRE_CAPTURE_BYTES - wire.size();
        if (room > 0) {
            wire.write(bytes, offset, Math.min(room, length));
        }
    }

    /** The server sent something that is not HTTP/1.1. */
    static final class MalformedResponseException extends IOException {
        MalformedResponseException(String message) {
            super(message);
        }
    }
}
