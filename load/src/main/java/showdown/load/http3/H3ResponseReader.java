package showdown.load.http3;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import java.util.Arrays;
import showdown.load.fieldcoding.HeaderCoding;
import showdown.load.fieldcoding.HpackHuffman;

/**
 * Reads a response from the bytes of its HTTP/3 request stream (RFC 9114 §4.1), as they come, for
 * its final {@code :status} only. DATA frames and frames of unknown types are stepped over by their
 * length without being held; a HEADERS frame is read once it is whole (a frame, or a frame's header,
 * cut by a read is held until the rest comes). Its field section is QPACK (RFC 9204) without the
 * dynamic table, which the client never offers: a section that needs one is a protocol error. Of
 * a section only its first field line is read, the {@code :status} pseudo-header that must lead a
 * response's: an interim (1xx) answer is passed over, the first final status is kept, and trailers
 * after it are stepped over. Allocates only to hold a frame cut by a read.
 *
 * <p>States: between frames (reading a frame's type and length), skipping a frame's payload,
 * holding a cut HEADERS frame or frame header; {@link #status()} says whether a final status came.
 */
final class H3ResponseReader {

    /** A response the stream's bytes cannot be: counted as a protocol error. */
    static final class ProtocolError extends Exception {
        ProtocolError(String message) {
            super(message, null, false, false);
        }
    }

    /** The most a HEADERS frame may hold before it is refused. */
    static final int MAX_HEADERS_LENGTH = 64 * 1024;

    private static final int SETTINGS = 0x4, GOAWAY = 0x7, MAX_PUSH_ID = 0xd, CANCEL_PUSH = 0x3, PUSH_PROMISE = 0x5;
    private static final byte[] STATUS_NAME = {':', 's', 't', 'a', 't', 'u', 's'};

    private final ByteBufAllocator alloc;
    /** Bytes of the current DATA or unknown frame still to step over. */
    private long skipping;
    /** Bytes cut by a read: a frame's header, or a HEADERS frame not yet whole; null when none. */
    private ByteBuf held;
    private int status;
    private final byte[] scratch = new byte[STATUS_NAME.length];
    private int pos;
    private int end;

    H3ResponseReader(ByteBufAllocator alloc) {
        this.alloc = alloc;
    }

    /** The final status (200-999), or 0 while none has come. */
    int status() {
        return status;
    }

    /** Whether the bytes so far end between two frames: at the stream's end, anything else is a frame cut short. */
    boolean betweenFrames() {
        return skipping == 0 && (held == null || !held.isReadable());
    }

    /** Reads {@code in} (released here). */
    void read(ByteBuf in) throws ProtocolError {
        try {
            if (skipping > 0) {
                int n = (int) Math.min(skipping, in.readableBytes());
                in.skipBytes(n);
                skipping -= n;
            }
            if (held != null && held.isReadable()) {
                held.writeBytes(in);
                frames(held);
                held.discardReadBytes();
            } else {
                frames(in);
                if (in.isReadable()) {
                    if (held == null) {
                        held = alloc.heapBuffer(Math.max(64, in.readableBytes()));
                    }
                    held.clear().writeBytes(in);
                }
            }
        } finally {
            in.release();
        }
    }

    /** Frees what is held. */
    void release() {
        if (held != null) {
            held.release();
            held = null;
        }
    }

    /** Reads whole frames from {@code buf}, leaving in it what a later read must complete. */
    private void frames(ByteBuf buf) throws ProtocolError {
        while (skipping == 0 && buf.isReadable()) {
            int start = buf.readerIndex();
            int typeLength = varintLength(buf, start);
            if (typeLength < 0) {
                return;
            }
            int lengthAt = start + typeLength;
            int lengthLength = varintLength(buf, lengthAt);
            if (lengthLength < 0) {
                return;
            }
            long type = varint(buf, start, typeLength);
            long length = varint(buf, lengthAt, lengthLength);
            int payloadAt = lengthAt + lengthLength;
            if (type == H3Request.HEADERS) {
                if (length > MAX_HEADERS_LENGTH) {
                    throw new ProtocolError("an HTTP/3 HEADERS frame of " + length + " bytes");
                }
                if (buf.writerIndex() - payloadAt < length) {
                    return; // the rest of the frame comes with a later read
                }
                headers(buf, payloadAt, payloadAt + (int) length);
                buf.readerIndex(payloadAt + (int) length);
            } else if (type == SETTINGS || type == GOAWAY || type == MAX_PUSH_ID || type == CANCEL_PUSH
                    || type == PUSH_PROMISE || type == 0x2 || type == 0x6 || type == 0x8 || type == 0x9) {
                throw new ProtocolError("an HTTP/3 frame of type 0x" + Long.toHexString(type) + " on a request stream");
            } else { // DATA, or a type we do not know (RFC 9114 §9: ignored)
                buf.readerIndex(payloadAt);
                int n = (int) Math.min(length, buf.readableBytes());
                buf.skipBytes(n);
                skipping = length - n;
            }
        }
    }

    /** A HEADERS frame's field section {@code buf[from, to)}: its {@code :status}, if it is the first final one. */
    private void headers(ByteBuf buf, int from, int to) throws ProtocolError {
        if (status >= 200) {
            return; // trailers
        }
        pos = from;
        end = to;
        if (integer(buf, 8) != 0) {
            throw new ProtocolError("a QPACK field section that needs the dynamic table");
        }
        integer(buf, 7); // Delta Base: no dynamic table, nothing to base
        if (pos >= end) {
            throw new ProtocolError("an HTTP/3 response without :status");
        }
        int b = buf.getUnsignedByte(pos);
        int found;
        if ((b & 0xc0) == 0xc0) { // indexed field line, static table
            found = staticStatus(integer(buf, 6));
        } else if ((b & 0xd0) == 0x50) { // literal with a static name reference
            int index = integer(buf, 4);
            if (!isStaticStatusName(index)) {
                throw new ProtocolError("an HTTP/3 response without :status first");
            }
            found = HeaderCoding.status(scratch, string(buf, 7));
        } else if ((b & 0xe0) == 0x20) { // literal with a literal name
            int nameLength = string(buf, 3);
            if (nameLength != STATUS_NAME.length || !Arrays.equals(scratch, STATUS_NAME)) {
                throw new ProtocolError("an HTTP/3 response without :status first");
            }
            found = HeaderCoding.status(scratch, string(buf, 7));
        } else { // a dynamic table reference (T=0, or post-base)
            throw new ProtocolError("a QPACK field line that needs the dynamic table");
        }
        if (found < 100) {
            throw new ProtocolError("an HTTP/3 response whose :status is not three digits");
        }
        if (found >= 200) {
            status = found;
        }
    }

    /** The status of static entry {@code index} (RFC 9204 Appendix A), else an error: :status leads a response. */
    private static int staticStatus(int index) throws ProtocolError {
        return switch (index) {
            case 24 -> 103;
            case 25 -> 200;
            case 26 -> 304;
            case 27 -> 404;
            case 28 -> 503;
            case 63 -> 100;
            case 64 -> 204;
            case 65 -> 206;
            case 66 -> 302;
            case 67 -> 400;
            case 68 -> 403;
            case 69 -> 421;
            case 70 -> 425;
            case 71 -> 500;
            default -> throw new ProtocolError("an HTTP/3 response without :status first");
        };
    }

    private static boolean isStaticStatusName(int index) {
        return index >= 24 && index <= 28 || index >= 63 && index <= 71;
    }

    /**
     * A string literal whose length has a {@code prefixBits}-bit prefix, the bit above it the
     * Huffman flag: returns its decoded length and keeps its first bytes in {@code scratch}.
     */
    private int string(ByteBuf buf, int prefixBits) throws ProtocolError {
        if (pos >= end) {
            throw new ProtocolError("a QPACK field section cut inside a field");
        }
        boolean huffman = (buf.getUnsignedByte(pos) & (1 << prefixBits)) != 0;
        int length = integer(buf, prefixBits);
        if (length > end - pos) {
            throw new ProtocolError("a QPACK string longer than its field section");
        }
        int from = pos;
        pos += length;
        Arrays.fill(scratch, (byte) 0);
        if (!huffman) {
            buf.getBytes(from, scratch, 0, Math.min(length, scratch.length));
            return length;
        }
        int decoded = HpackHuffman.decode(buf, from, from + length, scratch);
        if (decoded < 0) {
            throw new ProtocolError("a QPACK string with a bad Huffman code");
        }
        return decoded;
    }

    /** A QPACK integer with a {@code prefixBits}-bit prefix (RFC 9204 §4.1.1, RFC 7541 §5.1). */
    private int integer(ByteBuf buf, int prefixBits) throws ProtocolError {
        long read = pos < end ? HeaderCoding.prefixInteger(buf, pos, end, prefixBits) : -1;
        if (read < 0) {
            throw new ProtocolError("a QPACK integer cut short or too large");
        }
        pos = (int) read;
        return (int) (read >>> 32);
    }

    /** The length of the QUIC varint at {@code at}, or -1 when its bytes have not all come. */
    private static int varintLength(ByteBuf buf, int at) {
        if (at >= buf.writerIndex()) {
            return -1;
        }
        int length = 1 << (buf.getUnsignedByte(at) >>> 6);
        return buf.writerIndex() - at >= length ? length : -1;
    }

    private static long varint(ByteBuf buf, int at, int length) {
        long v = buf.getUnsignedByte(at) & 0x3f;
        for (int k = 1; k < length; k++) {
            v = v << 8 | buf.getUnsignedByte(at + k);
        }
        return v;
    }
}
