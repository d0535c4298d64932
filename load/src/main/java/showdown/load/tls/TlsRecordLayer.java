package showdown.load.tls;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelDuplexHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelOutboundBuffer;
import io.netty.channel.ChannelPromise;
import io.netty.handler.ssl.ReferenceCountedOpenSslEngine;
import io.netty.util.concurrent.FastThreadLocal;
import java.nio.ByteBuffer;
import javax.net.ssl.SSLEngineResult;
import javax.net.ssl.SSLEngineResult.HandshakeStatus;
import javax.net.ssl.SSLEngineResult.Status;
import javax.net.ssl.SSLException;

/**
 * Seals and opens a socket's TLS records once its handshake is done, in place of Netty's
 * {@code SslHandler}, on the same OpenSSL engine. The handler made the handshake (its timeout, its
 * failures by kind, ALPN, the session cache); after it, a load run only moves records, and for that
 * the handler's queue of pending writes, its promises, its cumulation and its many branches cost
 * CPU on every request and keep the JIT busy for the first seconds (docs/load.md, "TLS"). Here a
 * write is one {@code wrap} into the socket's own buffer (reused once the last write has left), a
 * read is {@code unwrap} calls into a plaintext buffer shared by the event loop's sockets (the
 * protocol is done with it before the read returns); what is still allocated per request is the
 * engine's {@code SSLEngineResult}s.
 *
 * <p>Only for OpenSSL's engine, which takes any bytes, partial records too (BoringSSL keeps the
 * rest), so nothing of a read is held here. The JDK's engine keeps Netty's handler. What the
 * server sends after the handshake (TLS 1.3 session tickets, a key update) is handled by the
 * engine; an answer it owes the server goes out at once; the server's close_notify closes the
 * socket; our close sends ours first.
 */
final class TlsRecordLayer extends ChannelDuplexHandler {

    /** The largest plaintext of one record (RFC 8446 §5.1). */
    private static final int MAX_PLAINTEXT = 16 * 1024;
    /** Every socket of an event loop opens its records into the same buffer. */
    private static final FastThreadLocal<ByteBuf> PLAINTEXT = new FastThreadLocal<>() {
        @Override
        protected ByteBuf initialValue() {
            return Unpooled.unreleasableBuffer(Unpooled.wrappedBuffer(ByteBuffer.allocateDirect(4 * MAX_PLAINTEXT)));
        }
    };
    private static final ByteBuffer NOTHING = ByteBuffer.allocateDirect(0);
    /** Writes larger than this (request bodies) take pooled buffers instead of the socket's own. */
    private static final int OWN_BUFFER_LIMIT = 64 * 1024;
    private static final int OWN_BUFFER_MIN = 512;

    private final ReferenceCountedOpenSslEngine engine;
    /** The most bytes a record adds to its plaintext with the negotiated cipher. */
    private final int recordOverhead;
    /** The buffer this socket's writes reuse (null until the first); released with the engine. */
    private ByteBuf own;
    private boolean released;

    /** Takes a reference to {@code engine}, given back when the socket's pipeline is torn down. */
    TlsRecordLayer(ReferenceCountedOpenSslEngine engine, int recordOverhead) {
        this.engine = engine;
        this.recordOverhead = recordOverhead;
        engine.retain();
    }

    @Override
    public void write(ChannelHandlerContext ctx, Object msg, ChannelPromise promise) throws SSLException {
        ByteBuf plain = (ByteBuf) msg;
        ByteBuf sealed;
        try {
            int n = plain.readableBytes();
            sealed = sealedBuffer(ctx, n + recordOverhead * (n / MAX_PLAINTEXT + 1));
            ByteBuffer src = plain.nioBufferCount() == 1 ? plain.internalNioBuffer(plain.readerIndex(), n) : plain.nioBuffer();
            try {
                seal(src, sealed);
            } catch (SSLException | RuntimeException e) {
                sealed.release();
                throw e;
            }
        } finally {
            plain.release();
        }
        ctx.write(sealed, promise);
    }

    /**
     * A buffer for {@code size} bytes of records: this socket's own, when nothing it wrote is still
     * waiting for the socket (so the last write's buffer is free again), else one from the pool.
     * Its own is an unpooled direct buffer whose NIO view is made once, not on every write.
     */
    private ByteBuf sealedBuffer(ChannelHandlerContext ctx, int size) {
        ChannelOutboundBuffer pending = ctx.channel().unsafe().outboundBuffer();
        if (size > OWN_BUFFER_LIMIT || pending == null || pending.totalPendingWriteBytes() != 0) {
            return ctx.alloc().directBuffer(size);
        }
        if (own == null || own.capacity() < size) {
            if (own != null) {
                own.unwrap().release();
            }
            own = Unpooled.unreleasableBuffer(Unpooled.directBuffer(Math.max(size, OWN_BUFFER_MIN)));
        }
        return own.clear();
    }

    /**
     * Wraps all of {@code src} into {@code sealed}, growing it when a record does not fit, until
     * the engine holds back nothing it sealed (NEED_WRAP: records that did not fit yet).
     */
    private void seal(ByteBuffer src, ByteBuf sealed) throws SSLException {
        SSLEngineResult r;
        do {
            ByteBuffer dst = sealed.internalNioBuffer(sealed.writerIndex(), sealed.writableBytes());
            r = engine.wrap(src, dst);
            sealed.writerIndex(sealed.writerIndex() + r.bytesProduced());
            if (r.getStatus() == Status.BUFFER_OVERFLOW) {
                sealed.ensureWritable(MAX_PLAINTEXT + recordOverhead);
            } else if (r.getStatus() == Status.CLOSED) {
                throw new SSLException("the TLS session is closed");
            } else if (r.bytesConsumed() == 0 && r.bytesProduced() == 0) {
                if (src.hasRemaining()) {
                    throw new SSLException("the TLS engine took nothing to wrap (" + r.getHandshakeStatus() + ")");
                }
                return;
            }
        } while (src.hasRemaining() || r.getStatus() == Status.BUFFER_OVERFLOW
                || r.getHandshakeStatus() == HandshakeStatus.NEED_WRAP);
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        ByteBuf sealed = (ByteBuf) msg;
        try {
            open(ctx, sealed.nioBufferCount() == 1
                    ? sealed.internalNioBuffer(sealed.readerIndex(), sealed.readableBytes()) : sealed.nioBuffer());
        } catch (SSLException e) {
            ctx.fireExceptionCaught(e);
        } finally {
            sealed.release();
        }
    }

    /** Unwraps all of {@code src}, handing on each buffer of plaintext as it fills. */
    private void open(ChannelHandlerContext ctx, ByteBuffer src) throws SSLException {
        ByteBuf plain = PLAINTEXT.get();
        for (;;) {
            plain.clear();
            SSLEngineResult r = engine.unwrap(src, plain.internalNioBuffer(0, plain.capacity()));
            if (r.bytesProduced() > 0) {
                plain.writerIndex(r.bytesProduced());
                ctx.fireChannelRead(plain); // its release is a no-op: the next read reuses it
            }
            if (r.getHandshakeStatus() == HandshakeStatus.NEED_WRAP) {
                answer(ctx); // the engine owes the server a record (a key update, an alert)
            }
            if (r.getStatus() == Status.CLOSED) {
                ctx.close(); // the server's close_notify: it is closing the socket
                return;
            }
            if (r.getStatus() != Status.BUFFER_OVERFLOW && !src.hasRemaining()) {
                return; // all read; a record cut off by the read waits inside the engine
            }
            if (r.bytesConsumed() == 0 && r.bytesProduced() == 0 && r.getStatus() != Status.BUFFER_OVERFLOW) {
                throw new SSLException("the TLS engine took nothing to unwrap (" + r.getStatus() + ")");
            }
        }
    }

    /** Sends what the engine has to send of its own: an answer after a read, or close_notify. */
    private void answer(ChannelHandlerContext ctx) throws SSLException {
        ByteBuf out = ctx.alloc().directBuffer(MAX_PLAINTEXT + recordOverhead);
        try {
            SSLEngineResult r;
            do {
                r = engine.wrap(NOTHING, out.internalNioBuffer(out.writerIndex(), out.writableBytes()));
                out.writerIndex(out.writerIndex() + r.bytesProduced());
            } while (r.bytesProduced() > 0 && r.getHandshakeStatus() == HandshakeStatus.NEED_WRAP && out.isWritable());
        } catch (SSLException | RuntimeException e) {
            out.release();
            throw e;
        }
        if (out.isReadable()) {
            ctx.writeAndFlush(out, ctx.voidPromise());
        } else {
            out.release();
        }
    }

    /** Our close_notify goes out before the socket closes, as Netty's handler does. */
    @Override
    public void close(ChannelHandlerContext ctx, ChannelPromise promise) {
        if (ctx.channel().isActive() && !engine.isOutboundDone()) {
            engine.closeOutbound();
            try {
                answer(ctx);
            } catch (SSLException | RuntimeException e) {
                // the socket closes anyway
            }
        }
        ctx.close(promise);
    }

    @Override
    public void handlerRemoved(ChannelHandlerContext ctx) {
        if (!released) {
            released = true;
            engine.release();
            if (own != null) {
                own.unwrap().release();
            }
        }
    }
}
