package showdown.load.http2;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;

/**
 * Reads the frames of one h2c socket, the client's side of RFC 9113, as they arrive in reads of
 * any size: a frame cut between two reads waits in a buffer for the rest. It hands the frames a
 * load generator needs to a {@link Listener}: response status and stream ends, resets, GOAWAY,
 * SETTINGS, PING and WINDOW_UPDATE. Header blocks, also those continued in CONTINUATION frames, go
 * through {@link HpackStatusDecoder}, which keeps the dynamic table in step with the server and
 * reads only {@code :status}. Anything that breaks the protocol ends the socket with a
 * {@link ProtocolError}.
 */
final class H2FrameReader {

    static final int FRAME_HEADER = 9;
    /** The largest frame we accept: the default SETTINGS_MAX_FRAME_SIZE, which we never raise. */
    static final int MAX_FRAME = 16_384;
    /** The largest header block we take, across CONTINUATION frames: a bound against an endless one. */
    static final int MAX_HEADER_BLOCK = 1 << 20;

    static final int DATA = 0x0;
    static final int HEADERS = 0x1;
    static final int RST_STREAM = 0x3;
    static final int SETTINGS = 0x4;
    static final int PUSH_PROMISE = 0x5;
    static final int PING = 0x6;
    static final int GOAWAY = 0x7;
    static final int WINDOW_UPDATE = 0x8;
    static final int CONTINUATION = 0x9;

    static final int END_STREAM = 0x1;
    static final int ACK = 0x1;
    static final int END_HEADERS = 0x4;
    static final int PADDED = 0x8;
    static final int PRIORITY = 0x20;

    /** What the frames say, in the order they arrive. */
    interface Listener {
        /** One parameter of a SETTINGS frame that is not an ACK. */
        void setting(int id, long value) throws ProtocolError;

        /** The end of a SETTINGS frame that is not an ACK. */
        void settingsEnd();

        /** A complete header block; {@code status} is -1 without :status, 0 when it is not three digits. */
        void headers(int streamId, int status, boolean endStream);

        /** A DATA frame; {@code flowControlled} is its whole payload, padding included. */
        void data(int streamId, int flowControlled, boolean endStream);

        void reset(int streamId);

        void goAway(int lastStreamId);

        /** A PING that is not an ACK: it wants its payload back. */
        void ping(long payload);

        void windowUpdate(int streamId, int increment) throws ProtocolError;
    }

    /** The server broke HTTP/2; the socket cannot go on. */
    static final class ProtocolError extends Exception {
        ProtocolError(String message) {
            super(message, null, false, false);
        }
    }

    private final Listener listener;
    private final ByteBufAllocator alloc;
    private final HpackStatusDecoder hpack = new HpackStatusDecoder();

    private ByteBuf cumulation;
    private boolean sawSettings;
    /** A header block continued in CONTINUATION frames: its stream (0 when none) and fragments. */
    private int continuedStream;
    private boolean continuedEndStream;
    private ByteBuf continuedBlock;

    H2FrameReader(Listener listener, ByteBufAllocator alloc) {
        this.listener = listener;
        this.alloc = alloc;
    }

    /** Reads every complete frame of {@code in} (and of what an earlier read left); does not release it. */
    void read(ByteBuf in) throws ProtocolError {
        ByteBuf buf = in;
        if (cumulation != null) {
            cumulation.writeBytes(in);
            buf = cumulation;
        }
        while (buf.readableBytes() >= FRAME_HEADER) {
            int start = buf.readerIndex();
            int length = buf.getUnsignedMedium(start);
            if (length > MAX_FRAME) {
                throw new ProtocolError("a frame of " + length + " bytes, above the " + MAX_FRAME + " we allow");
            }
            if (buf.readableBytes() < FRAME_HEADER + length) {
                break;
            }
            int type = buf.getUnsignedByte(start + 3);
            int flags = buf.getUnsignedByte(start + 4);
            int streamId = buf.getInt(start + 5) & 0x7fff_ffff;
            int payload = start + FRAME_HEADER;
            frame(buf, type, flags, streamId, payload, length);
            buf.readerIndex(payload + length);
        }
        keepTheRest(buf);
    }

    private void keepTheRest(ByteBuf buf) {
        if (!buf.isReadable()) {
            if (cumulation != null) {
                cumulation.release();
                cumulation = null;
            }
        } else if (cumulation == null) {
            cumulation = alloc.heapBuffer(Math.max(buf.readableBytes(), 1024));
            cumulation.writeBytes(buf);
        } else {
            cumulation.discardReadBytes();
        }
    }

    /** Frees the buffers (the socket is gone). */
    void release() {
        if (cumulation != null) {
            cumulation.release();
            cumulation = null;
        }
        if (continuedBlock != null) {
            continuedBlock.release();
            continuedBlock = null;
        }
    }

    private void frame(ByteBuf buf, int type, int flags, int streamId, int payload, int length) throws ProtocolError {
        if (!sawSettings && type != SETTINGS) {
            throw new ProtocolError("the server's first frame is not SETTINGS");
        }
        if (continuedStream != 0 && type != CONTINUATION) {
            throw new ProtocolError("a header block interrupted by another frame");
        }
        boolean streamFrame = type == DATA || type == HEADERS || type == RST_STREAM || type == CONTINUATION;
        boolean connectionFrame = type == SETTINGS || type == PING || type == GOAWAY;
        if (streamFrame && streamId == 0 || connectionFrame && streamId != 0) {
            throw new ProtocolError("a frame of type " + type + " on stream " + streamId);
        }
        switch (type) {
            case DATA -> {
                padding(buf, flags, payload, length, 0); // only checked: flow control counts the whole payload
                listener.data(streamId, length, (flags & END_STREAM) != 0);
            }
            case HEADERS -> headers(buf, flags, streamId, payload, length);
            case CONTINUATION -> continuation(buf, flags, streamId, payload, length);
            case RST_STREAM -> {
                expectLength(length, 4, "RST_STREAM");
                listener.reset(streamId);
            }
            case SETTINGS -> settings(buf, flags, payload, length);
            case PING -> {
                expectLength(length, 8, "PING");
                if ((flags & ACK) == 0) {
                    listener.ping(buf.getLong(payload));
                }
            }
            case GOAWAY -> {
                if (length < 8) {
                    throw new ProtocolError("a GOAWAY frame of " + length + " bytes");
                }
                listener.goAway(buf.getInt(payload) & 0x7fff_ffff);
            }
            case WINDOW_UPDATE -> {
                expectLength(length, 4, "WINDOW_UPDATE");
                int increment = buf.getInt(payload) & 0x7fff_ffff;
                if (increment == 0) {
                    throw new ProtocolError("a WINDOW_UPDATE of 0");
                }
                listener.windowUpdate(streamId, increment);
            }
            case PUSH_PROMISE -> throw new ProtocolError("a PUSH_PROMISE, though we disabled push");
            default -> {
                // PRIORITY and unknown types: nothing to do (RFC 9113 §4.1, §5.5)
            }
        }
    }

    private void settings(ByteBuf buf, int flags, int payload, int length) throws ProtocolError {
        if ((flags & ACK) != 0) {
            return;
        }
        if (length % 6 != 0) {
            throw new ProtocolError("a SETTINGS frame of " + length + " bytes");
        }
        sawSettings = true;
        for (int p = payload; p < payload + length; p += 6) {
            int id = buf.getUnsignedShort(p);
            long value = buf.getUnsignedInt(p + 2);
            if (id == 0x1) {
                continue; // HEADER_TABLE_SIZE: our header block never uses the dynamic table
            }
            listener.setting(id, value);
        }
        listener.settingsEnd();
    }

    private void headers(ByteBuf buf, int flags, int streamId, int payload, int length) throws ProtocolError {
        int skip = (flags & PRIORITY) != 0 ? 5 : 0;
        int padding = padding(buf, flags, payload, length, skip);
        int blockStart = payload + ((flags & PADDED) != 0 ? 1 : 0) + skip;
        int blockEnd = payload + length - padding;
        boolean endStream = (flags & END_STREAM) != 0;
        if ((flags & END_HEADERS) != 0) {
            decode(streamId, buf, blockStart, blockEnd, endStream);
            return;
        }
        continuedStream = streamId;
        continuedEndStream = endStream;
        continuedBlock = alloc.heapBuffer(Math.max(2 * (blockEnd - blockStart), 256));
        continuedBlock.writeBytes(buf, blockStart, blockEnd - blockStart);
    }

    private void continuation(ByteBuf buf, int flags, int streamId, int payload, int length) throws ProtocolError {
        if (continuedStream == 0 || streamId != continuedStream) {
            throw new ProtocolError("a CONTINUATION frame without its HEADERS");
        }
        if (continuedBlock.readableBytes() + length > MAX_HEADER_BLOCK) {
            throw new ProtocolError("a header block above " + MAX_HEADER_BLOCK + " bytes");
        }
        continuedBlock.writeBytes(buf, payload, length);
        if ((flags & END_HEADERS) == 0) {
            return;
        }
        ByteBuf block = continuedBlock;
        continuedBlock = null;
        continuedStream = 0;
        try {
            decode(streamId, block, block.readerIndex(), block.writerIndex(), continuedEndStream);
        } finally {
            block.release();
        }
    }

    private void decode(int streamId, ByteBuf buf, int from, int to, boolean endStream) throws ProtocolError {
        listener.headers(streamId, hpack.decode(buf, from, to), endStream);
    }

    /** The padding length of a PADDED frame (0 otherwise), checked against the payload. */
    private static int padding(ByteBuf buf, int flags, int payload, int length, int fixed) throws ProtocolError {
        if ((flags & PADDED) == 0) {
            if (length < fixed) {
                throw new ProtocolError("a frame too short for its fields");
            }
            return 0;
        }
        if (length < 1 + fixed) {
            throw new ProtocolError("a padded frame too short for its pad length");
        }
        int padding = buf.getUnsignedByte(payload);
        if (padding > length - 1 - fixed) {
            throw new ProtocolError("padding longer than its frame");
        }
        return padding;
    }

    private static void expectLength(int length, int expected, String type) throws ProtocolError {
        if (length != expected) {
            throw new ProtocolError("a " + type + " frame of " + length + " bytes, not " + expected);
        }
    }
}
