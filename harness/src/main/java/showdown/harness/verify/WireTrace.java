package showdown.harness.verify;

import java.nio.charset.StandardCharsets;

/**
 * Renders bytes as they went over the wire: one output line per received line, CR and LF shown as
 * {@code \r} and {@code \n}, other control bytes and non-ASCII bytes as {@code \xNN}, and long
 * content cut with a note of how much was left out.
 */
public final class WireTrace {

    /** Enough for any head and the start of a body. */
    static final int REQUEST_TRACE_BYTES = 1024;
    static final int RESPONSE_TRACE_BYTES = 2048;
    /** Lines longer than this are cut (a 1 MiB body on one line is not useful to read). */
    static final int MAX_LINE_CHARS = 160;

    private WireTrace() {
    }

    /**
     * Formats up to {@code limit} of {@code bytes}, each line prefixed with {@code prefix}.
     *
     * @param totalLength how many bytes there really were (bytes may hold only the first ones)
     */
    public static String format(String prefix, byte[] bytes, long totalLength, int limit) {
        StringBuilder out = new StringBuilder();
        StringBuilder line = new StringBuilder();
        int shown = (int) Math.min(bytes.length, limit);
        int lineChars = 0;
        boolean lineCut = false;
        for (int i = 0; i < shown; i++) {
            int b = bytes[i] & 0xff;
            String rendered = render(b);
            if (b == '\n' && lineCut) {
                line.append(rendered); // the line end stays visible even when the line was cut
            } else if (lineChars < MAX_LINE_CHARS) {
                line.append(rendered);
                lineChars += rendered.length();
            } else if (!lineCut) {
                line.append("...");
                lineCut = true;
            }
            if (b == '\n') {
                out.append("  ").append(prefix).append(line).append('\n');
                line.setLength(0);
                lineChars = 0;
                lineCut = false;
            }
        }
        if (!line.isEmpty()) {
            out.append("  ").append(prefix).append(line).append('\n');
        }
        if (totalLength > shown) {
            out.append("  ").append(prefix).append("... (").append(totalLength - shown).append(" more bytes)\n");
        }
        if (totalLength == 0) {
            out.append("  ").append(prefix).append("(nothing)\n");
        }
        return out.toString();
    }

    private static String render(int b) {
        return switch (b) {
            case '\r' -> "\\r";
            case '\n' -> "\\n";
            case '\t' -> "\\t";
            case '\\' -> "\\\\";
            default -> b >= 0x20 && b < 0x7f ? String.valueOf((char) b) : String.format("\\x%02x", b);
        };
    }

    /** Escapes a short string (a header value, a status line) for a one-line message. */
    public static String escape(String s) {
        StringBuilder out = new StringBuilder();
        for (byte b : s.getBytes(StandardCharsets.ISO_8859_1)) {
            out.append(render(b & 0xff));
        }
        return out.toString();
    }

    /** A short excerpt of a body for a one-line message, escaped and cut. */
    public static String excerpt(byte[] body, int maxBytes) {
        int n = Math.min(body.length, maxBytes);
        String shown = escape(new String(body, 0, n, StandardCharsets.ISO_8859_1));
        return "\"" + shown + "\"" + (body.length > n ? "... (" + body.length + " bytes)" : "");
    }
}
