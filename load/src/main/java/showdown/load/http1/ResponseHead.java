package showdown.load.http1;

import java.nio.charset.StandardCharsets;

/**
 * What {@link ResponseScanner} reads of a response's head and what it means, in one place for both
 * of its paths (the window's whole lines and the byte-at-a-time state machine): the status line's
 * version and status, the headers that frame the body ({@code Content-Length},
 * {@code Transfer-Encoding}, {@code Connection}) and, once the head ends, how the body is framed.
 * The scanner finds the bytes; this class says what they are. It allocates nothing after its
 * construction.
 */
final class ResponseHead {

    /** How a response's body is delimited, decided when its head ends ({@link #framing}). */
    static final int INTERIM = 0;
    static final int NO_BODY = 1;
    static final int CHUNKED = 2;
    static final int FIXED_LENGTH = 3;
    static final int UNTIL_CLOSE = 4;
    static final int MALFORMED = 5;

    /** "HTTP/1.": the status line's start; the minor version follows. */
    static final byte[] HTTP_PREFIX = {'H', 'T', 'T', 'P', '/', '1', '.'};
    /** Digits of a status code. */
    static final int STATUS_DIGITS = 3;

    private static final byte[] CONTENT_LENGTH = bytes("content-length");
    private static final byte[] TRANSFER_ENCODING = bytes("transfer-encoding");
    private static final byte[] CONNECTION = bytes("connection");
    private static final byte[] CHUNKED_TOKEN = bytes("chunked");
    private static final byte[] CLOSE = bytes("close");
    private static final byte[] KEEP_ALIVE = bytes("keep-alive");
    /** The longest header name we read: a longer name is not one of ours. */
    static final int LONGEST_NAME = TRANSFER_ENCODING.length;
    /** Digits a Content-Length may have. */
    private static final int MAX_LENGTH_DIGITS = 18;

    // Which header is being read.
    private static final int H_OTHER = 0;
    private static final int H_CONTENT_LENGTH = 1;
    private static final int H_TRANSFER_ENCODING = 2;
    private static final int H_CONNECTION = 3;
    /** A second Content-Length: it must agree with the first. */
    private static final int H_REPEATED_CONTENT_LENGTH = 4;
    private static final int ALL_NAMES = (1 << H_CONTENT_LENGTH) | (1 << H_TRANSFER_ENCODING) | (1 << H_CONNECTION);

    private int status;
    private boolean http10;
    private int header;
    private int nameCandidates; // bit set of the H_* names still matching the name read so far
    private int nameLength;
    private long contentLength;
    private long repeatedLength;
    private int lengthDigits;
    private boolean sawContentLength;
    private boolean chunked;
    private boolean close;
    private boolean keepAlive;
    private int valueMatchChunked;
    private int valueMatchClose;
    private int valueMatchKeepAlive;
    private boolean malformedValue;

    /** Forgets the previous response's head. */
    void start() {
        status = 0;
        http10 = false;
        contentLength = 0;
        sawContentLength = false;
        chunked = false;
        close = false;
        keepAlive = false;
        malformedValue = false;
    }

    // The status line

    /** Whether {@code b} is a minor version we read ("HTTP/1.0" or "HTTP/1.1"); notes which one. */
    boolean minorVersion(int b) {
        http10 = b == '0';
        return b == '0' || b == '1';
    }

    /** Whether {@code b} is a status digit; adds it to the status. */
    boolean statusDigit(int b) {
        if (b < '0' || b > '9') {
            return false;
        }
        status = status * 10 + (b - '0');
        return true;
    }

    /** Whether {@code b} may follow the status digits: the reason phrase's space, or the line's end. */
    static boolean endsStatus(int b) {
        return b == ' ' || b == '\r' || b == '\n';
    }

    /** The status code. */
    int status() {
        return status;
    }

    // Header names

    /** Whether a header name starting with {@code first} may be one we read (else its line is skipped). */
    static boolean mayBeRead(int first) {
        int lower = first | 0x20;
        return lower == 'c' || lower == 't';
    }

    /** A header name begins with {@code first}: the byte-at-a-time match starts with every name. */
    void beginName(byte first) {
        nameCandidates = ALL_NAMES;
        nameLength = 0;
        nameByte(first);
    }

    /** The next byte of the header name. */
    void nameByte(byte b) {
        int lower = lowerCase(b);
        int c = nameCandidates;
        if ((c & (1 << H_CONTENT_LENGTH)) != 0 && !matches(CONTENT_LENGTH, lower)) {
            c &= ~(1 << H_CONTENT_LENGTH);
        }
        if ((c & (1 << H_TRANSFER_ENCODING)) != 0 && !matches(TRANSFER_ENCODING, lower)) {
            c &= ~(1 << H_TRANSFER_ENCODING);
        }
        if ((c & (1 << H_CONNECTION)) != 0 && !matches(CONNECTION, lower)) {
            c &= ~(1 << H_CONNECTION);
        }
        nameCandidates = c;
        nameLength++;
    }

    private boolean matches(byte[] name, int lower) {
        return nameLength < name.length && name[nameLength] == lower;
    }

    /**
     * A whole header name, {@code b[from, from + length)}: compared only with the name of the same
     * length. The same outcome as {@link #beginName} and {@link #nameByte} over its bytes.
     */
    void wholeName(byte[] b, int from, int length) {
        int candidates = 0;
        if (length == CONTENT_LENGTH.length && sameLetters(b, from, CONTENT_LENGTH)) {
            candidates = 1 << H_CONTENT_LENGTH;
        } else if (length == TRANSFER_ENCODING.length && sameLetters(b, from, TRANSFER_ENCODING)) {
            candidates = 1 << H_TRANSFER_ENCODING;
        } else if (length == CONNECTION.length && sameLetters(b, from, CONNECTION)) {
            candidates = 1 << H_CONNECTION;
        }
        nameCandidates = candidates;
        nameLength = length;
    }

    /** Case-insensitive comparison of {@code b} at {@code from} with a lower-case header name. */
    private static boolean sameLetters(byte[] b, int from, byte[] name) {
        for (int k = 0; k < name.length; k++) {
            if (lowerCase(b[from + k]) != name[k]) {
                return false;
            }
        }
        return true;
    }

    // Header values

    /** The name ended at its colon; returns whether its value is one we read (else the line is skipped). */
    boolean beginValue() {
        header = H_OTHER;
        if ((nameCandidates & (1 << H_CONTENT_LENGTH)) != 0 && nameLength == CONTENT_LENGTH.length) {
            header = sawContentLength ? H_REPEATED_CONTENT_LENGTH : H_CONTENT_LENGTH;
            contentLength = sawContentLength ? contentLength : 0;
            repeatedLength = 0;
            lengthDigits = 0;
        } else if ((nameCandidates & (1 << H_TRANSFER_ENCODING)) != 0 && nameLength == TRANSFER_ENCODING.length) {
            header = H_TRANSFER_ENCODING;
            valueMatchChunked = 0;
        } else if ((nameCandidates & (1 << H_CONNECTION)) != 0 && nameLength == CONNECTION.length) {
            header = H_CONNECTION;
            valueMatchClose = 0;
            valueMatchKeepAlive = 0;
        }
        return header != H_OTHER;
    }

    /** The next byte of a value we read; false once the value cannot be right (see {@link #malformed()}). */
    boolean valueByte(byte b) {
        switch (header) {
            case H_OTHER -> { }
            case H_CONTENT_LENGTH, H_REPEATED_CONTENT_LENGTH -> {
                if (b >= '0' && b <= '9') {
                    if (++lengthDigits > MAX_LENGTH_DIGITS) {
                        malformedValue = true;
                    } else if (header == H_CONTENT_LENGTH) {
                        contentLength = contentLength * 10 + (b - '0');
                    } else {
                        repeatedLength = repeatedLength * 10 + (b - '0');
                    }
                } else if (b != ' ' && b != '\t' && b != '\r') {
                    malformedValue = true;
                }
            }
            case H_TRANSFER_ENCODING -> valueMatchChunked = advance(CHUNKED_TOKEN, valueMatchChunked, b);
            case H_CONNECTION -> {
                valueMatchClose = advance(CLOSE, valueMatchClose, b);
                valueMatchKeepAlive = advance(KEEP_ALIVE, valueMatchKeepAlive, b);
            }
            default -> throw new IllegalStateException("header " + header);
        }
        return !malformedValue;
    }

    /** Substring match of a lower-case token, one byte at a time; returns the new match length. */
    private static int advance(byte[] token, int matched, byte b) {
        if (matched == token.length) {
            return matched;
        }
        int lower = lowerCase(b);
        if (token[matched] == lower) {
            return matched + 1;
        }
        return token[0] == lower ? 1 : 0;
    }

    /** The value's line ended; false when the value is malformed (see {@link #malformed()}). */
    boolean endValue() {
        switch (header) {
            case H_CONTENT_LENGTH -> {
                malformedValue |= lengthDigits == 0;
                sawContentLength = true;
            }
            // conflicting lengths: the framing cannot be trusted
            case H_REPEATED_CONTENT_LENGTH -> malformedValue |= repeatedLength != contentLength;
            case H_TRANSFER_ENCODING -> chunked |= valueMatchChunked == CHUNKED_TOKEN.length;
            case H_CONNECTION -> {
                close |= valueMatchClose == CLOSE.length;
                keepAlive |= valueMatchKeepAlive == KEEP_ALIVE.length;
            }
            default -> { }
        }
        return !malformedValue;
    }

    /** Whether a value read so far breaks the framing: a bad or conflicting Content-Length. */
    boolean malformed() {
        return malformedValue;
    }

    // The head's end

    /**
     * How the body of this response is delimited, its head read, answering a HEAD request or not:
     * one of {@link #INTERIM} (1xx: the real response follows), {@link #NO_BODY},
     * {@link #CHUNKED}, {@link #FIXED_LENGTH} ({@link #contentLength()} bytes), {@link #UNTIL_CLOSE}
     * or {@link #MALFORMED}.
     */
    int framing(boolean headRequest) {
        if (malformedValue || status < 100 || status == 101) {
            return MALFORMED; // 101: we never ask to switch protocols
        }
        if (status < 200) {
            return INTERIM;
        }
        if (headRequest || status == 204 || status == 304) {
            return NO_BODY;
        }
        if (chunked) {
            return CHUNKED;
        }
        if (sawContentLength) {
            return contentLength == 0 ? NO_BODY : FIXED_LENGTH;
        }
        return UNTIL_CLOSE;
    }

    /** The body's length, for {@link #FIXED_LENGTH}. */
    long contentLength() {
        return contentLength;
    }

    /** True when the response asks to close the connection after it. */
    boolean connectionClose() {
        return close || (http10 && !keepAlive);
    }

    /** ASCII letters to lower case; every other byte as it is. */
    private static int lowerCase(int b) {
        return b >= 'A' && b <= 'Z' ? b + ('a' - 'A') : b;
    }

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.US_ASCII);
    }
}
