package showdown.load.http3;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.socket.ChannelInputShutdownEvent;
import io.netty.handler.codec.quic.QuicStreamChannel;
import io.netty.util.ReferenceCountUtil;
import showdown.load.stats.WorkerStats.Loss;

/**
 * One request stream, and the one handler of its channel: its slot in the connection's table of
 * requests in flight, and its response as it is read. The response ends with the stream's FIN (the input shut down). It ends
 * once, answered or lost, and tells its {@link H3Connection}, which counts it and refills.
 */
final class H3Stream extends ChannelInboundHandlerAdapter {

    private final H3Connection connection;
    final H3Session session;
    /** Its place in the session's {@link showdown.load.engine.InFlight} table: when it was due and sent. */
    final int slot;
    /** The stream's channel once QUIC has created it; null before. */
    QuicStreamChannel channel;
    private H3ResponseReader response;
    private boolean done;

    H3Stream(H3Connection connection, H3Session session, int slot) {
        this.connection = connection;
        this.session = session;
        this.slot = slot;
    }

    /** Whether it has ended, answered or lost. */
    boolean done() {
        return done;
    }

    /** Lost to {@code kind}, unless it already ended. */
    void end(Loss kind) {
        if (!done) {
            done = true;
            connection.streamLost(this, kind);
        }
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (done || !(msg instanceof ByteBuf bytes)) {
            ReferenceCountUtil.release(msg);
            return;
        }
        if (response == null) {
            response = new H3ResponseReader(ctx.alloc());
        }
        try {
            response.read(bytes);
        } catch (H3ResponseReader.ProtocolError e) {
            end(Loss.PROTOCOL);
            ctx.close();
        }
    }

    @Override
    public void userEventTriggered(ChannelHandlerContext ctx, Object evt) {
        if (evt instanceof ChannelInputShutdownEvent) {
            inputClosed(ctx);
        }
        ReferenceCountUtil.release(evt);
    }

    private void inputClosed(ChannelHandlerContext ctx) {
        if (!done) {
            long now = System.nanoTime();
            int status = response == null ? 0 : response.status();
            if (status >= 200 && response.betweenFrames()) {
                done = true;
                connection.streamAnswered(this, status, now);
            } else {
                end(Loss.PROTOCOL); // the stream ended without a final status, or inside a frame
            }
        }
        ctx.close();
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        if (QuicCauses.isReset(cause)) {
            resetByServer();
        } else {
            end(session.active() ? Loss.PROTOCOL : Loss.READ);
        }
        ctx.close();
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        // A stream that ends while its connection lives, without an answer or an exception:
        // the server reset it. One whose connection closed is counted by the connection.
        if (session.active()) {
            resetByServer();
        }
        if (response != null) {
            response.release();
        }
    }

    private void resetByServer() {
        if (!done) {
            done = true;
            connection.streamReset(this);
        }
    }
}
