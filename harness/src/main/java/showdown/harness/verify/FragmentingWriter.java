package showdown.harness.verify;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelOutboundHandlerAdapter;
import io.netty.channel.ChannelPromise;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.concurrent.TimeUnit;

/**
 * Writes everything that passes it in pieces of at most {@code pieceBytes}, each flushed on its own
 * with a pause between them, so the server surely reads a request's HTTP/2 frames in fragments
 * (the HTTP/2 form of the "request split into small writes" checks). Order is kept: later writes
 * queue behind earlier ones, and each write's promise completes when its last piece has gone out.
 */
final class FragmentingWriter extends ChannelOutboundHandlerAdapter {

    private record Pending(ByteBuf bytes, ChannelPromise promise) {
    }

    private final int pieceBytes;
    private final long pauseNanos;
    private final ArrayDeque<Pending> queue = new ArrayDeque<>();
    private boolean writing;

    FragmentingWriter(int pieceBytes, Duration pause) {
        this.pieceBytes = pieceBytes;
        this.pauseNanos = pause.toNanos();
    }

    @Override
    public void write(ChannelHandlerContext ctx, Object msg, ChannelPromise promise) {
        if (msg instanceof ByteBuf b) {
            queue.add(new Pending(b, promise));
        } else {
            ctx.write(msg, promise);
        }
    }

    @Override
    public void flush(ChannelHandlerContext ctx) {
        if (!writing) {
            writeNextPiece(ctx);
        }
    }

    private void writeNextPiece(ChannelHandlerContext ctx) {
        Pending head = queue.peek();
        while (head != null && !head.bytes().isReadable()) { // an empty write: nothing to split
            queue.poll();
            ctx.write(head.bytes(), head.promise());
            head = queue.peek();
        }
        if (head == null || !ctx.channel().isActive()) {
            writing = false;
            ctx.flush();
            return;
        }
        writing = true;
        ByteBuf piece = head.bytes().readRetainedSlice(Math.min(pieceBytes, head.bytes().readableBytes()));
        if (head.bytes().isReadable()) {
            ctx.write(piece);
        } else {
            queue.poll();
            head.bytes().release();
            ctx.write(piece, head.promise());
        }
        ctx.flush();
        ctx.executor().schedule(() -> writeNextPiece(ctx), pauseNanos, TimeUnit.NANOSECONDS);
    }

    @Override
    public void handlerRemoved(ChannelHandlerContext ctx) {
        for (Pending p = queue.poll(); p != null; p = queue.poll()) {
            p.bytes().release();
            p.promise().tryFailure(new java.nio.channels.ClosedChannelException());
        }
    }
}
