package showdown.harness.verify;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.handler.codec.http2.Http2Error;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;

/**
 * The frames of one HTTP/2 or HTTP/3 stream, written out as text for a wire trace: one line per frame
 * ({@code HEADERS stream 1, END_STREAM}), a header block as {@code name: value} lines, a DATA
 * frame's payload as its bytes. HTTP/2's binary framing would be unreadable as raw bytes;
 * this shows what a failure needs (status, header names exactly as sent, body bytes, resets).
 * Only the first {@code limit} bytes are kept; {@link #length()} counts all of them.
 */
final class Http2Trace {

    private final ByteArrayOutputStream kept = new ByteArrayOutputStream();
    private final int limit;
    private long length;

    Http2Trace(int limit) {
        this.limit = limit;
    }

    /** A header block, HTTP/2's or HTTP/3's (the same list of name and value pairs). */
    void headers(long streamId, Iterable<Map.Entry<CharSequence, CharSequence>> headers, boolean endStream) {
        line("HEADERS stream " + streamId + (endStream ? ", END_STREAM" : ""));
        for (Map.Entry<CharSequence, CharSequence> h : headers) {
            line(h.getKey() + ": " + h.getValue());
        }
    }

    void data(long streamId, ByteBuf payload, boolean endStream) {
        line("DATA stream " + streamId + ", " + payload.readableBytes() + " bytes" + (endStream ? ", END_STREAM" : ""));
        int room = (int) Math.max(0, Math.min(payload.readableBytes(), limit - kept.size()));
        if (room > 0) {
            byte[] some = new byte[room];
            payload.getBytes(payload.readerIndex(), some);
            kept.writeBytes(some);
        }
        length += payload.readableBytes();
        if (payload.readableBytes() > 0) {
            line("");
        }
    }

    /** A DATA frame (or several, as the flow control cuts them) the client is about to send. */
    void data(long streamId, byte[] body, int offset, int n, boolean endStream) {
        data(streamId, Unpooled.wrappedBuffer(body, offset, n), endStream);
    }

    void reset(int streamId, long errorCode) {
        line("RST_STREAM stream " + streamId + ", " + errorName(errorCode));
    }

    void line(String text) {
        byte[] b = (text + "\n").getBytes(StandardCharsets.UTF_8);
        int room = Math.max(0, Math.min(b.length, limit - kept.size()));
        kept.write(b, 0, room);
        length += b.length;
    }

    byte[] bytes() {
        return kept.toByteArray();
    }

    long length() {
        return length;
    }

    static String errorName(long code) {
        Http2Error e = Http2Error.valueOf(code);
        return e == null ? "error " + code : e.name();
    }
}
