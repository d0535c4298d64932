package showdown.load.http2;

import io.netty.buffer.ByteBuf;

/**
 * Writes HTTP/2 frames (RFC 9113 §4.1), the partner of {@link H2FrameReader}: the client's
 * connection and the training server both frame through it.
 */
final class H2FrameWriter {

    private H2FrameWriter() {
    }

    /** A frame's 9-byte header: its payload of {@code length} bytes follows. */
    static void frameHeader(ByteBuf o, int length, int type, int flags, int streamId) {
        o.writeMedium(length);
        o.writeByte(type);
        o.writeByte(flags);
        o.writeInt(streamId);
    }

    /** A whole frame whose payload is {@code payload}. */
    static void frame(ByteBuf o, int type, int flags, int streamId, byte[] payload) {
        frameHeader(o, payload.length, type, flags, streamId);
        o.writeBytes(payload);
    }
}
