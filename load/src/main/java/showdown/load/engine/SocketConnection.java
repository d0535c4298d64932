package showdown.load.engine;

import io.netty.buffer.ByteBuf;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandler.Sharable;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.ssl.SslHandler;
import io.netty.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.SSLSession;
import showdown.load.stats.WorkerStats;
import showdown.load.stats.WorkerStats.Loss;
import showdown.load.tls.TlsClient;
import showdown.load.tls.TlsFailure;

/**
 * What a client connection does the same way whatever its protocol: it owns one socket at a time
 * and is that socket's only handler, replaces the socket after an error or a close, counts each
 * socket's error once, and charges the requests it had in flight to the error's kind. Everything
 * runs on the worker's event loop. Each protocol's package extends it ({@code Http1Connection},
 * {@code H2Connection}); what they share is protected. The socket's state is this class's alone: a
 * protocol reads it through methods, counts its requests with {@link #sent()} and
 * {@link #answered()}, and writes through {@link #socketWriteAndFlush} (one pass through the
 * pipeline, one {@code send}), which marks a failure surfacing meanwhile as a write error.
 *
 * <p>On https the socket speaks TLS first: a handler of the {@code load.tls} layer sits in front of
 * this one and the protocol starts only once its handshake is done ({@link #socketOpened}); what
 * this handler reads and writes is then the plaintext. A failed handshake is counted by kind and
 * the next socket opens after the worker's back-off.
 */
@Sharable // one channel at a time: the same handler serves each replacement socket in turn
public abstract class SocketConnection extends ChannelInboundHandlerAdapter
        implements ClientConnection, PacedConnection, ChannelFutureListener {

    protected final Worker worker;
    protected final WorkerStats stats;
    protected final Endpoint endpoint;
    protected final Runnable reconnectTask = this::connect;

    /** This connection's place in the open model's pacer; null in the closed model. */
    protected final Pacer.Slot paced;

    /** The current socket; null between two. */
    private Channel channel;
    /** Whether this socket's end was already counted (it is being closed). */
    private boolean givenUp;
    /** Set while writing, so that a failure surfacing in exceptionCaught is a write error. */
    private boolean writing;
    /** Requests sent and not yet answered or lost. */
    private int inFlight;

    /** When the current socket's connect call was made: its setup latency runs from here. */
    private long connectStartedAt;
    /** The current socket can send: connected, and on https its handshake done. */
    private boolean ready;
    /** The next socket waits for the worker's back-off (after a failed handshake). */
    private boolean backOff;

    protected SocketConnection(Worker worker, Endpoint endpoint) {
        this.worker = worker;
        this.stats = worker.stats();
        this.endpoint = endpoint;
        this.paced = worker.pacer() == null ? null : worker.pacer().register(this);
    }

    @Override
    public final void connect() {
        if (worker.stopped()) {
            return;
        }
        ready = false;
        connectStartedAt = System.nanoTime();
        worker.bootstrap().handler(this).connect(endpoint.address()).addListener(this);
    }

    /** The connect attempt finished. */
    @Override
    public final void operationComplete(ChannelFuture future) {
        if (!worker.connectEnded(this, future, reconnectTask)) {
            return;
        }
        channel = future.channel();
        givenUp = false;
        TlsClient tls = worker.tls();
        if (tls == null) {
            socketReady();
            return;
        }
        Channel socket = channel;
        SslHandler handler = tls.newHandler(socket.alloc(), Endpoint.host(endpoint.url()), endpoint.address(),
                TimeUnit.NANOSECONDS.toMillis(worker.timeoutNanos()));
        long handshakeStartMillis = System.currentTimeMillis();
        socket.pipeline().addFirst(handler); // an active channel: the handshake starts now
        handler.handshakeFuture().addListener(f -> handshakeEnded(socket, handler, f, handshakeStartMillis));
    }

    /** The TLS handshake on {@code socket} ended: the protocol starts, or the failure is counted. */
    private void handshakeEnded(Channel socket, SslHandler handler, Future<?> result, long startMillis) {
        if (socket != channel || givenUp) {
            return; // a socket we already gave up on
        }
        if (!result.isSuccess()) {
            tlsFailed(TlsFailure.of(result.cause()));
            return;
        }
        TlsClient tls = worker.tls();
        String alpn = handler.applicationProtocol();
        if (tls.http2() && !"h2".equals(alpn)) {
            tlsFailed(TlsFailure.HANDSHAKE); // the preflight checked ALPN once; this server changed its mind
            return;
        }
        Boolean resumed = tls.handshakeDone(handler.engine(), startMillis);
        SSLSession session = handler.engine().getSession();
        stats.negotiated(session.getProtocol(), session.getCipherSuite(), alpn);
        if (worker.measuring()) {
            stats.handshook(resumed);
        }
        if (worker.keepAlive()) {
            tls.takeOverRecords(socket, handler); // one request a socket (--no-keepalive): not worth the swap
        }
        socketReady();
    }

    private void tlsFailed(TlsFailure kind) {
        if (worker.measuring()) {
            stats.tlsFailed(kind);
        }
        givenUp = true;
        backOff = true;
        channel.close();
        worker.attemptEnded(this);
    }

    private void socketReady() {
        ready = true;
        if (worker.measuring()) {
            stats.socketReady(System.nanoTime() - connectStartedAt);
        }
        worker.attemptEnded(this);
        inFlight = 0;
        socketOpened();
    }

    /** The current socket; null between two. */
    protected final Channel channel() {
        return channel;
    }

    /** Whether {@code ctx} is the current socket's, and it is neither given up on nor still in its handshake. */
    protected final boolean serving(ChannelHandlerContext ctx) {
        return channel == ctx.channel() && !givenUp && open();
    }

    /** Whether the current socket was given up on (its end is counted, it is being closed). */
    protected final boolean givenUp() {
        return givenUp;
    }

    /** Requests sent on this socket and not yet answered or lost. */
    protected final int inFlight() {
        return inFlight;
    }

    /** One more request is in flight. */
    protected final void sent() {
        inFlight++;
    }

    /** A request in flight was answered (or its stream ended). */
    protected final void answered() {
        inFlight--;
    }

    /** Writes {@code msg} to the socket and flushes; a failure meanwhile is a write error. */
    protected final void socketWriteAndFlush(Object msg) {
        writing = true;
        try {
            channel.writeAndFlush(msg, channel.voidPromise());
        } finally {
            writing = false;
        }
    }

    /** A fresh socket is open (no request in flight): start its protocol from scratch. */
    protected abstract void socketOpened();

    /** Forgets the protocol's state of the requests in flight (they were counted as lost). */
    protected abstract void dropInFlight();

    /** Whether the socket can send: open, and on https past its handshake. */
    @Override
    public final boolean open() {
        return channel != null && ready && channel.isActive();
    }

    @Override
    public final boolean idle() {
        return inFlight == 0;
    }

    /**
     * Counts a read's bytes and hands them to the protocol, then releases them. Bytes of a socket
     * we already gave up on are dropped.
     */
    @Override
    public final void channelRead(ChannelHandlerContext ctx, Object msg) {
        ByteBuf buf = (ByteBuf) msg;
        try {
            if (channel == ctx.channel() && !givenUp) {
                stats.read(buf.readableBytes());
                received(buf, System.nanoTime()); // every answer that ends in this read arrived with it
            }
        } finally {
            buf.release();
        }
    }

    /** The protocol reads {@code buf}, which arrived at {@code now}; it must not keep the buffer. */
    protected abstract void received(ByteBuf buf, long now);

    @Override
    public final void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        if (channel == ctx.channel() && !ready) {
            return; // the handshake failed: its future counts it (handshakeEnded)
        }
        if (channel == ctx.channel() && !givenUp) {
            abandon(writing ? Loss.WRITE : Loss.READ);
        } else {
            ctx.close();
        }
    }

    /** Counts every request still in flight as lost to {@code kind}, then closes the socket. */
    protected final void abandon(Loss kind) {
        countLost(kind);
        if (!givenUp && worker.measuring()) {
            stats.reconnected();
        }
        givenUp = true;
        if (channel != null) {
            channel.close();
        }
    }

    /** Counts the requests in flight as lost to {@code kind}, and forgets them. */
    protected final void countLost(Loss kind) {
        if (worker.measuring()) {
            // bytes we cannot parse are an error even when no request was waiting for them
            stats.lost(kind, kind == Loss.PROTOCOL ? Math.max(inFlight, 1) : inFlight);
        }
        inFlight = 0;
        dropInFlight();
    }

    /**
     * The socket closed. If neither we (after an error) nor the end of the run closed it, the
     * server did: what was in flight is lost (read errors) and it counts as a reconnect. Then the
     * next socket opens.
     */
    @Override
    public final void channelInactive(ChannelHandlerContext ctx) {
        if (ctx.channel() != channel) {
            return;
        }
        boolean byServer = !givenUp && !worker.stopped();
        socketClosed(byServer);
        if (worker.stopped()) {
            channel = null; // we closed it: the run is over, nothing was lost
            return;
        }
        if (byServer) {
            countLost(Loss.READ);
            if (worker.measuring()) {
                stats.reconnected();
            }
        }
        channel = null;
        if (backOff) {
            backOff = false;
            worker.reconnectLater(reconnectTask);
        } else {
            reopen();
        }
    }

    /**
     * Closes a socket whose work is done ({@code --no-keepalive}: its one request was answered);
     * the next one opens at once, and nothing counts as lost or reconnected.
     */
    protected final void closeAfterAnswer() {
        givenUp = true;
        channel.close();
    }

    /** The protocol's last word on a socket that closed; {@code byServer}: see {@link #channelInactive}. */
    protected abstract void socketClosed(boolean byServer);

    /** Opens the next socket once one has closed: at once, unless a protocol says otherwise. */
    protected void reopen() {
        connect();
    }

    /** Closes the socket for good (the run is over). */
    @Override
    public void close() {
        if (channel != null) {
            channel.close();
        }
    }
}
