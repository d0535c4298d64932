package showdown.load.http3;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelFuture;
import io.netty.handler.codec.quic.DefaultQuicStreamFrame;
import io.netty.handler.codec.quic.QuicStreamChannel;
import io.netty.handler.codec.quic.QuicStreamType;
import io.netty.util.concurrent.Future;
import java.nio.ByteBuffer;
import showdown.load.stats.WorkerStats.Loss;

/**
 * Opens one {@link H3Connection}'s request streams and writes the request on each. A request
 * stream is a raw QUIC stream with one handler ({@link H3Stream}): the request's frames, encoded
 * once per connection ({@link H3Request}), go out with the stream's FIN in one write. QPACK uses
 * the static table only (no dynamic table is offered or accepted), so every request's header block
 * is the same. (Netty's HTTP/3 request stream codec, a pipeline of frame codec and validators set
 * up per stream, with header objects encoded and decoded per request, cost a fifth of the
 * generator's CPU.) A stream that cannot be created or written loses its request (a write error).
 */
final class H3StreamOpener {

    private final H3Connection connection;
    /** The request stream's bytes, written as they are on every stream (never released). */
    private final ByteBuf request;

    /** @param request the request stream's frames, from {@link H3Request#encode} */
    H3StreamOpener(H3Connection connection, byte[] request) {
        this.connection = connection;
        this.request = Unpooled.unreleasableBuffer(
                Unpooled.wrappedBuffer(ByteBuffer.allocateDirect(request.length).put(request).flip()));
    }

    /** Opens one request stream on {@code s} meant to go at {@code intendedAt}; the caller checked there is room. */
    void open(H3Session s, long intendedAt, long now) {
        int slot = s.inFlight.open(s.nextStreamKey++, intendedAt, now);
        H3Stream stream = new H3Stream(connection, s, slot);
        s.streams[slot] = stream;
        Future<QuicStreamChannel> created = s.quic.createStream(QuicStreamType.BIDIRECTIONAL, stream);
        if (created.isDone()) {
            streamCreated(stream, created);
        } else {
            created.addListener((Future<QuicStreamChannel> f) -> streamCreated(stream, f));
        }
    }

    private void streamCreated(H3Stream stream, Future<QuicStreamChannel> created) {
        if (stream.done()) {
            if (created.isSuccess()) {
                created.getNow().close();
            }
            return;
        }
        if (!created.isSuccess()) {
            stream.end(Loss.WRITE);
            return;
        }
        QuicStreamChannel ch = created.getNow();
        stream.channel = ch;
        // the request's frames and the stream's FIN in one write: one QUIC packet (shutdownOutput
        // after the write would cost a packet of its own)
        ch.writeAndFlush(new DefaultQuicStreamFrame(request.duplicate(), true)).addListener((ChannelFuture f) -> {
            if (!f.isSuccess()) {
                stream.end(Loss.WRITE);
                ch.close();
            }
        });
    }
}
