package showdown.load.http1;

import io.netty.buffer.ByteBuf;
import io.netty.util.internal.PlatformDependent;

/**
 * Finds HTTP/1.1 response boundaries in a byte stream, incrementally, without allocating.
 *
 * <p>It reads only what it needs: the status code, {@code Content-Length}, {@code Transfer-Encoding}
 * and {@code Connection}. Bodies are skipped in bulk (fixed length, or chunked with extensions and
 * trailers). Responses without a body: 1xx (interim, skipped), 204, 304 and answers to HEAD. A
 * response with neither length nor chunking ends when the connection closes ({@link #endOfInput()}).
 *
 * <p>Status lines, headers and chunk framing are read from a small copy of the buffer (the window):
 * plain array reads are several times cheaper than a pooled direct buffer's bounds-checked ones.
 * Whole status lines and header names in the window take a fast path; a line split across reads
 * goes through the byte-at-a-time state machine, which accepts exactly the same input. What the
 * bytes of a head mean (the version and status, the framing headers, how the body is delimited)
 * is {@link ResponseHead}'s, which both paths feed.
 *
 * <p>Invariant: between calls the scanner is either at the start of a response or in the middle of
 * one, never past its end; {@link #scan} returns at each response end, so the caller sees every
 * response in order.
 */
public final class ResponseScanner {

    /** {@link #scan} needs more bytes to finish the current response. */
    public static final int NEED_MORE = -1;
    /** {@link #scan} found bytes that are not an HTTP/1.x response; the connection is unusable. */
    public static final int PROTOCOL_ERROR = -2;

    /** A status line plus headers longer than this is treated as a protocol error. */
    public static final int MAX_HEADER_BYTES = 64 * 1024;

    private static final byte[] HTTP_PREFIX = ResponseHead.HTTP_PREFIX;
    /** Bytes copied per step: most response heads fit; a large body is never copied. */
    private static final int WINDOW_BYTES = 256;
    /** Whether Netty's direct buffers copy out through Unsafe, without allocating. */
    private static final boolean NETTY_UNSAFE = PlatformDependent.hasUnsafe();
    /** "HTTP/1.x 200 ": the fast path reads a whole status line start at once. */
    private static final int STATUS_PREFIX = HTTP_PREFIX.length + 6;

    // States of the byte-at-a-time part (status line, headers, chunk framing).
    private static final int S_VERSION = 0;
    private static final int S_STATUS = 1;
    private static final int S_REASON = 2;
    private static final int S_LINE_START = 3;
    private static final int S_NAME = 4;
    private static final int S_VALUE = 5;
    private static final int S_HEADERS_END_LF = 6;
    private static final int S_CHUNK_SIZE = 7;
    private static final int S_CHUNK_EXT = 8;
    private static final int S_CHUNK_DATA_CR = 9;
    private static final int S_CHUNK_DATA_LF = 10;
    private static final int S_TRAILER_LINE_START = 11;
    private static final int S_TRAILER_LINE = 12;
    private static final int S_TRAILERS_END_LF = 13;
    private static final int S_SKIP_LINE = 14; // a header we do not read: jump to its LF
    // States where bytes are skipped in bulk (numbered above the others: see skipsInBulk).
    private static final int S_BODY_FIXED = 20;
    private static final int S_CHUNK_DATA = 21;
    private static final int S_BODY_UNTIL_CLOSE = 22;

    private final ResponseHead head = new ResponseHead();
    private boolean headRequest;
    private int state;
    private int position; // index into the status line's version, then into its status digits
    private int headerBytes;
    private long remaining; // body or chunk bytes left, or the chunk size being read
    private int chunkSizeDigits;
    private boolean error;
    private boolean done; // set by process() when the byte-at-a-time part ends a response
    private final byte[] window = new byte[WINDOW_BYTES];

    public ResponseScanner() {
        reset();
    }

    /** Whether responses answer HEAD requests (no body whatever the headers say). */
    public void headRequests(boolean head) {
        this.headRequest = head;
    }

    /** Forgets any partial response: used when the connection is replaced. */
    public void reset() {
        state = S_VERSION;
        position = 0;
        head.start();
        headerBytes = 0;
        remaining = 0;
        error = false;
        done = false;
    }

    /** The status code of the response that {@link #scan} has just completed. */
    public int status() {
        return head.status();
    }

    /** True when the completed response asks to close the connection after it. */
    public boolean connectionClose() {
        return head.connectionClose();
    }

    /** True when no byte of a next response has been seen yet. */
    public boolean atResponseStart() {
        return state == S_VERSION && position == 0;
    }

    /**
     * Scans {@code buf} from index {@code from} (inclusive) to {@code to} (exclusive).
     *
     * @return the index just past the end of the response that ended in this range (then call
     *     {@link #status()} and {@link #connectionClose()}, and the scanner is ready for the next
     *     response), or {@link #NEED_MORE}, or {@link #PROTOCOL_ERROR}
     */
    public int scan(ByteBuf buf, int from, int to) {
        int i = from;
        while (i < to) {
            switch (state) {
                case S_BODY_FIXED, S_CHUNK_DATA -> {
                    int n = (int) Math.min(remaining, to - i);
                    i += n;
                    remaining -= n;
                    if (remaining == 0) {
                        if (state == S_BODY_FIXED) {
                            return completed(i);
                        }
                        state = S_CHUNK_DATA_CR;
                    }
                }
                case S_BODY_UNTIL_CLOSE -> {
                    return NEED_MORE; // everything up to the close is body
                }
                default -> {
                    done = false;
                    int n = Math.min(to - i, WINDOW_BYTES);
                    copyToWindow(buf, i, n);
                    i += scanWindow(n);
                    if (error) {
                        return PROTOCOL_ERROR;
                    }
                    if (done) {
                        return completed(i);
                    }
                    // else: the window is used up, or the headers ended and a body state follows
                }
            }
        }
        return NEED_MORE;
    }

    /**
     * Tells the scanner that the connection closed. Returns true when that completes a response
     * delimited by the close (no length, not chunked).
     */
    public boolean endOfInput() {
        if (state == S_BODY_UNTIL_CLOSE) {
            state = S_VERSION;
            position = 0;
            return true;
        }
        return false;
    }

    /**
     * Copies {@code n} bytes at {@code index} into the window. With sun.misc.Unsafe (the launcher
     * allows it) Netty copies direct memory without allocating. Without it (Netty's default from
     * Java 25 on), {@code getBytes} makes a NIO duplicate per call; the internal NIO buffer costs
     * one slice per read instead.
     */
    private void copyToWindow(ByteBuf buf, int index, int n) {
        if (buf.hasArray()) {
            System.arraycopy(buf.array(), buf.arrayOffset() + index, window, 0, n);
        } else if (!NETTY_UNSAFE && buf.nioBufferCount() == 1) {
            buf.internalNioBuffer(index, n).get(window, 0, n);
        } else {
            buf.getBytes(index, window, 0, n);
        }
    }

    /**
     * Runs the byte-at-a-time states over {@code window[0, n)}. Stops early at a response end
     * ({@link #done}), an error, or the start of a body; returns the number of bytes consumed.
     */
    private int scanWindow(int n) {
        int w = 0;
        while (w < n) {
            int next = wholeLine(w, n);
            if (next != w) {
                w = next;
                if (error) {
                    return w;
                }
            } else if (!process(window[w++]) && (error || done || skipsInBulk(state))) {
                return w;
            }
        }
        return w;
    }

    /**
     * The fast paths: reads what starts at {@code w} in one step when the window holds enough of
     * it. Returns the index after what it read, or {@code w} to let {@link #process} take the byte.
     */
    private int wholeLine(int w, int n) {
        return switch (state) {
            case S_VERSION -> position == 0 && n - w >= STATUS_PREFIX && statusLine(w) ? w + STATUS_PREFIX : w;
            case S_REASON, S_SKIP_LINE -> skipLine(w, n);
            case S_LINE_START -> headerName(w, n);
            case S_VALUE -> valueLine(w, n);
            default -> w;
        };
    }

    /** A line we do not read (reason phrase, Date, Server...): jumps past its LF, or to {@code n}. */
    private int skipLine(int w, int n) {
        int lf = lineEnd(w, n);
        headerBytes += lf - w;
        if (headerBytes > MAX_HEADER_BYTES) {
            return fail(lf);
        }
        if (lf == n) {
            return n;
        }
        headerBytes++;
        state = S_LINE_START;
        return lf + 1;
    }

    /** A header value whose LF is in the window: the same steps as {@link #process}, in one loop. */
    private int valueLine(int w, int n) {
        int lf = lineEnd(w, n);
        if (lf == n) {
            return w; // the value continues in the next read: byte at a time
        }
        boolean valid = true;
        for (int k = w; k < lf && valid; k++) {
            valid = head.valueByte(window[k]);
        }
        headerBytes += lf + 1 - w;
        if (!valid || headerBytes > MAX_HEADER_BYTES || !head.endValue()) {
            return fail(lf + 1);
        }
        state = S_LINE_START;
        return lf + 1;
    }

    /** Index of the first LF in {@code window[from, n)}, or {@code n}. */
    private int lineEnd(int from, int n) {
        byte[] b = window;
        int i = from;
        while (i < n && b[i] != '\n') {
            i++;
        }
        return i;
    }

    /**
     * Fast path for a status line start that lies whole in the window at {@code w}: "HTTP/1.x ",
     * three digits and the separator after them. Returns false to let the state machine read it
     * (and report what is wrong with it).
     */
    private boolean statusLine(int w) {
        byte[] b = window;
        for (int k = 0; k < HTTP_PREFIX.length; k++) {
            if (b[w + k] != HTTP_PREFIX[k]) {
                return false;
            }
        }
        byte after = b[w + 12];
        head.start(); // on false the state machine starts the response again
        if (!head.minorVersion(b[w + 7]) || b[w + 8] != ' '
                || !head.statusDigit(b[w + 9]) || !head.statusDigit(b[w + 10]) || !head.statusDigit(b[w + 11])
                || !ResponseHead.endsStatus(after)) {
            return false;
        }
        headerBytes = STATUS_PREFIX;
        state = after == '\n' ? S_LINE_START : S_REASON;
        return true;
    }

    /**
     * Fast path for a header name that lies whole in the window at {@code w}: finds its colon and
     * compares the name only with the header of the same length. Returns the index after the
     * colon (or after the name, for a name too long to be one we read), or {@code w} to let the
     * state machine read the line (an end of headers, or a name cut off by the window's end).
     */
    private int headerName(int w, int n) {
        byte[] b = window;
        byte first = b[w];
        if (first == '\r' || first == '\n') {
            return w;
        }
        int limit = Math.min(n, w + ResponseHead.LONGEST_NAME + 1);
        int colon = w;
        while (colon < limit && b[colon] != ':' && b[colon] != '\n') {
            colon++;
        }
        if (colon == limit) {
            if (colon - w > ResponseHead.LONGEST_NAME && !ResponseHead.mayBeRead(first)) {
                headerBytes += colon - w;
                state = S_SKIP_LINE; // not a name we read
                return colon;
            }
            return w; // cut off by the window, or long: the state machine reads it
        }
        if (b[colon] != ':') {
            return w; // a line without a colon: the state machine decides
        }
        int length = colon - w;
        headerBytes += length + 1;
        head.wholeName(b, w, length);
        state = head.beginValue() ? S_VALUE : S_SKIP_LINE;
        return colon + 1;
    }

    private int completed(int index) {
        state = S_VERSION;
        position = 0;
        return index;
    }

    /**
     * The byte-at-a-time state machine. Returns false where {@link #scanWindow} must look: an
     * error, a response end, a body start, or a line to skip.
     */
    private boolean process(byte b) {
        if (++headerBytes > MAX_HEADER_BYTES && inHead(state)) {
            return fail();
        }
        switch (state) {
            case S_VERSION -> {
                if (position == 0) {
                    startResponse();
                }
                if (position < HTTP_PREFIX.length) {
                    if (b != HTTP_PREFIX[position]) {
                        return fail();
                    }
                    position++;
                } else if (position == HTTP_PREFIX.length) {
                    if (!head.minorVersion(b)) {
                        return fail();
                    }
                    position++;
                } else if (b == ' ') {
                    state = S_STATUS;
                    position = 0;
                } else {
                    return fail();
                }
            }
            case S_STATUS -> {
                if (position < ResponseHead.STATUS_DIGITS) {
                    if (!head.statusDigit(b)) {
                        return fail();
                    }
                    position++;
                } else if (!ResponseHead.endsStatus(b)) {
                    return fail();
                } else if (b != '\n') {
                    state = S_REASON;
                    return false; // scanWindow() skips the reason phrase
                } else {
                    state = S_LINE_START;
                }
            }
            // S_REASON and S_SKIP_LINE never reach here: scanWindow() skips those lines whole.
            case S_LINE_START -> {
                if (b == '\r') {
                    state = S_HEADERS_END_LF;
                } else if (b == '\n') {
                    return headersEnded();
                } else if (!ResponseHead.mayBeRead(b)) {
                    state = S_SKIP_LINE; // not Content-Length, Transfer-Encoding or Connection
                    return false;
                } else {
                    state = S_NAME;
                    head.beginName(b);
                }
            }
            case S_NAME -> {
                if (b == ':') {
                    if (!head.beginValue()) {
                        state = S_SKIP_LINE;
                        return false;
                    }
                    state = S_VALUE;
                } else if (b == '\n') {
                    return fail();
                } else {
                    head.nameByte(b);
                }
            }
            case S_VALUE -> {
                if (b == '\n') {
                    if (!head.endValue()) {
                        return fail();
                    }
                    state = S_LINE_START;
                } else if (!head.valueByte(b)) {
                    return fail();
                }
            }
            case S_HEADERS_END_LF -> {
                if (b != '\n') {
                    return fail();
                }
                return headersEnded();
            }
            case S_CHUNK_SIZE -> {
                int digit = hexDigit(b);
                if (digit >= 0) {
                    if (++chunkSizeDigits > 15) {
                        return fail();
                    }
                    remaining = (remaining << 4) | digit;
                } else if (chunkSizeDigits == 0) {
                    return fail();
                } else if (b == '\n') {
                    return chunkSizeEnded();
                } else {
                    state = S_CHUNK_EXT; // ';' extensions, whitespace or the CR: skipped to LF
                }
            }
            case S_CHUNK_EXT -> {
                if (b == '\n') {
                    return chunkSizeEnded();
                }
            }
            case S_CHUNK_DATA_CR -> {
                if (b == '\r') {
                    state = S_CHUNK_DATA_LF;
                } else if (b == '\n') {
                    beginChunkSize();
                } else {
                    return fail();
                }
            }
            case S_CHUNK_DATA_LF -> {
                if (b != '\n') {
                    return fail();
                }
                beginChunkSize();
            }
            case S_TRAILER_LINE_START -> {
                if (b == '\r') {
                    state = S_TRAILERS_END_LF;
                } else if (b == '\n') {
                    done = true;
                    return false;
                } else {
                    state = S_TRAILER_LINE;
                }
            }
            case S_TRAILER_LINE -> {
                if (b == '\n') {
                    state = S_TRAILER_LINE_START;
                }
            }
            case S_TRAILERS_END_LF -> {
                if (b != '\n') {
                    return fail();
                }
                done = true;
                return false;
            }
            default -> throw new IllegalStateException("state " + state);
        }
        return true;
    }

    /** Whether {@code state} skips body bytes by count rather than reading them one by one. */
    private static boolean skipsInBulk(int state) {
        return state >= S_BODY_FIXED;
    }

    /** Whether {@code state} reads the status line or the headers, which {@link #MAX_HEADER_BYTES} bounds. */
    private static boolean inHead(int state) {
        return state < S_CHUNK_SIZE;
    }

    private void startResponse() {
        headerBytes = 1;
        head.start();
    }

    /** The head ended: the body's framing decides what comes next. */
    private boolean headersEnded() {
        switch (head.framing(headRequest)) {
            case ResponseHead.INTERIM -> {
                state = S_VERSION; // the real response follows for the same request
                position = 0;
                return true;
            }
            case ResponseHead.NO_BODY -> done = true;
            case ResponseHead.CHUNKED -> beginChunkSize();
            case ResponseHead.FIXED_LENGTH -> {
                remaining = head.contentLength();
                state = S_BODY_FIXED;
            }
            case ResponseHead.UNTIL_CLOSE -> state = S_BODY_UNTIL_CLOSE;
            default -> {
                return fail();
            }
        }
        return false;
    }

    private void beginChunkSize() {
        state = S_CHUNK_SIZE;
        remaining = 0;
        chunkSizeDigits = 0;
    }

    private boolean chunkSizeEnded() {
        if (remaining == 0) {
            state = S_TRAILER_LINE_START;
        } else {
            state = S_CHUNK_DATA;
            return false; // hand the data back to scan() for bulk skipping
        }
        return true;
    }

    private boolean fail() {
        error = true;
        return false;
    }

    private int fail(int consumed) {
        error = true;
        return consumed;
    }

    private static int hexDigit(byte b) {
        if (b >= '0' && b <= '9') {
            return b - '0';
        }
        if (b >= 'a' && b <= 'f') {
            return b - 'a' + 10;
        }
        if (b >= 'A' && b <= 'F') {
            return b - 'A' + 10;
        }
        return -1;
    }
}
