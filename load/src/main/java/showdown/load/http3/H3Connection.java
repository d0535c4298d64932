package showdown.load.http3;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.http3.Http3ClientConnectionHandler;
import io.netty.handler.codec.quic.QuicChannel;
import io.netty.handler.codec.quic.QuicConnectionCloseEvent;
import io.netty.handler.codec.quic.DefaultQuicStreamFrame;
import io.netty.handler.codec.quic.QuicStreamChannel;
import io.netty.handler.codec.quic.QuicStreamType;
import io.netty.handler.codec.quic.QuicTransportParameters;
import io.netty.handler.codec.quic.SslEarlyDataReadyEvent;
import io.netty.util.concurrent.Future;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.SSLEngine;
import showdown.load.Header;
import showdown.load.QuicSummary;
import showdown.load.engine.ClientConnection;
import showdown.load.engine.Endpoint;
import showdown.load.engine.PacedConnection;
import showdown.load.engine.Pacer;
import showdown.load.engine.Worker;
import showdown.load.http2.H2Request;
import showdown.load.stats.WorkerStats;
import showdown.load.stats.WorkerStats.Loss;
import showdown.load.tls.TlsFailure;

/**
 * One HTTP/3 connection: a QUIC connection on the UDP socket its worker shares among its
 * connections to the server ({@link H3Socket}), with up to
 * {@code pipelineDepth} request streams in flight (h2load's {@code -m}), and no more than the server
 * allows. Each stream's latency runs from its HEADERS frame being written to the end of its
 * response (the stream's FIN). In the open model streams open when the loop's pacer hands the
 * connection a due request, each timed from when it was due.
 *
 * <p>QUIC is Netty's QUIC codec (quiche), with Netty's HTTP/3 connection handler for the control
 * and QPACK streams. A request stream is a raw QUIC stream with one handler: the request's frames,
 * encoded once per connection ({@link H3Request}), go out with the stream's FIN in one write, and
 * the response is read for its status by {@link H3ResponseReader}. QPACK uses the static table only
 * (no dynamic table is offered or accepted), so every request's header block is the same. (Netty's
 * HTTP/3 request stream codec, a pipeline of frame codec and validators set up per stream, with
 * header objects encoded and decoded per request, cost a fifth of the generator's CPU.)
 *
 * <p>States: {@link State#IDLE} (no connection), {@link State#CONNECTING} (the socket being bound,
 * or the QUIC handshake under way, bounded by the timeout), {@link State#READY} (streams may open),
 * {@link State#CLOSED} (the run is over). Errors: a handshake that fails is counted by its TLS kind,
 * one that took no QUIC packet from the server within the timeout as {@code no answer} (both
 * connect errors), and the next attempt follows the worker's back-off; a stream the server resets
 * loses its request (a read error, counted as a reset); a connection the server closes loses what
 * it had in flight (read errors, counted by its close code) and reconnects; a stream older than the
 * timeout loses its request alone (a timeout error) and is reset. Without keep-alive
 * ({@code --no-keepalive}) each connection carries one request, and the next opens as soon as it
 * has ended: a handshake per request, on the same shared socket and QUIC codec (a new connection
 * ID and handshake, the same local port): building a codec costs milliseconds (a native quiche
 * config each), which would otherwise be most of each handshake's time.
 *
 * <p>Resumption and 0-RTT: a connection offers the session of an earlier one to the same server
 * (unless {@code --no-tls-resume}); each handshake is counted as full or resumed. With
 * {@code --early-data}, a connection whose offered session allows early data sends one request at once
 * as 0-RTT data, while {@link State#CONNECTING}, and its handshake's end counts that request as
 * accepted (resumed) or rejected (full: QUIC sends it again once the handshake is done).
 *
 * <p>Bytes read and written are the UDP payloads: QUIC's packets, headers and acknowledgements
 * included. Public for the engine, which creates one per HTTP/3 connection.
 */
public final class H3Connection implements ClientConnection, PacedConnection {

    /** Where a connection stands. */
    enum State { IDLE, CONNECTING, READY, CLOSED }

    private final Worker worker;
    private final WorkerStats stats;
    private final Endpoint endpoint;
    private final H3Client client;
    private final int pipelineDepth;
    /** The request stream's bytes, written as they are on every stream (never released). */
    private final ByteBuf request;
    /** This connection's place in the open model's pacer; null in the closed model. */
    private final Pacer.Slot paced;
    private final Runnable reconnectTask = this::connect;
    private final Runnable refillTask = this::refill;
    /** The UDP socket and QUIC codec this worker's connections to the endpoint share. */
    private final H3Socket socket;

    private State state = State.IDLE;
    /** The current attempt or connection; null when idle. */
    private H3Session session;
    private boolean refillQueued;
    /** Open model: the session offered allows early data and no request has gone as early data yet. */
    private boolean earlyDataRoom;

    /** @param pipelineDepth the most streams in flight on this connection */
    public H3Connection(Worker worker, Endpoint endpoint, H3Client client, int pipelineDepth, String method,
                        List<Header> requestHeaders, byte[] body) {
        this.worker = worker;
        this.stats = worker.stats();
        this.endpoint = endpoint;
        this.client = client;
        this.pipelineDepth = pipelineDepth;
        byte[] bytes = H3Request.encode(H2Request.headers(method, endpoint.url(), requestHeaders,
                body == null || body.length == 0 ? null : body), body);
        this.request = Unpooled.unreleasableBuffer(Unpooled.wrappedBuffer(ByteBuffer.allocateDirect(bytes.length).put(bytes).flip()));
        this.socket = client.socket(worker, endpoint);
        socket.retain();
        this.paced = worker.pacer() == null ? null : worker.pacer().register(this);
    }

    State state() {
        return state;
    }

    // ---- connecting

    @Override
    public void connect() {
        if (worker.stopped() || state == State.CLOSED) {
            return;
        }
        state = State.CONNECTING;
        H3Session s = new H3Session(System.nanoTime(), pipelineDepth);
        session = s;
        s.handshakeTimer = worker.loop().schedule(() -> handshakeTimedOut(s), worker.timeoutNanos(), TimeUnit.NANOSECONDS);
        ChannelFuture bound = socket.bind();
        if (bound.isDone()) {
            bound(s, bound);
        } else {
            bound.addListener((ChannelFuture f) -> bound(s, f));
        }
    }

    private void bound(H3Session s, ChannelFuture bound) {
        if (s != session) {
            return; // the socket is shared: it stays for the other connections
        }
        if (!bound.isSuccess()) {
            attemptFailed(s, Failure.SOCKET);
            return;
        }
        QuicChannel.newBootstrap(bound.channel())
                .handler(new ChannelInitializer<QuicChannel>() {
                    @Override
                    protected void initChannel(QuicChannel ch) {
                        s.quic = ch;
                        ch.pipeline().addLast(new Http3ClientConnectionHandler(), new ConnectionWatcher(s));
                    }
                })
                .remoteAddress(endpoint.address())
                .connect()
                .addListener((Future<QuicChannel> f) -> handshakeEnded(s, f));
    }

    private void handshakeEnded(H3Session s, Future<QuicChannel> f) {
        if (s != session || state != State.CONNECTING) {
            if (f.isSuccess()) {
                f.getNow().close();
            }
            return;
        }
        if (!f.isSuccess()) {
            // a failure the server caused (an alert, a CONNECTION_CLOSE) came from it; an idle timeout may be silence
            attemptFailed(s, QuicCauses.isTimeout(f.cause()) && !s.heardFrom() ? Failure.NO_ANSWER : Failure.tls(f.cause()));
            return;
        }
        s.handshakeTimer.cancel(false);
        s.quic = f.getNow();
        state = State.READY;
        earlyDataRoom = false;
        QuicTransportParameters granted = s.quic.peerTransportParameters();
        s.noUnidirectionalStream = granted != null && granted.initialMaxStreamsUni() == 0;
        SSLEngine engine = s.quic.sslEngine();
        stats.negotiated(engine.getSession().getProtocol(), engine.getSession().getCipherSuite(),
                engine.getApplicationProtocol());
        boolean resumed = client.resumed(engine);
        if (worker.measuring()) {
            stats.handshook(resumed);
            stats.socketReady(System.nanoTime() - s.connectStartedAt);
            if (s.earlyDataSent) {
                stats.earlyDataEnded(resumed);
            }
        }
        s.quic.closeFuture().addListener(closed -> connectionClosed(s));
        worker.attemptEnded(this);
        if (worker.started()) {
            startSending();
        }
    }

    /**
     * The connection may send 0-RTT data now: the session it offered allows it. Sends one request
     * at once; the rest of the connection's streams wait for the handshake.
     */
    private void earlyDataReady(H3Session s, QuicChannel quic) {
        if (s != session || state != State.CONNECTING || !client.earlyData() || !worker.started() || worker.stopped()) {
            return;
        }
        s.quic = quic;
        if (paced != null) {
            earlyDataRoom = true; // the next due request goes as early data (sendDue)
            paced.roomAvailable();
        } else if (worker.acquirePermits(1) == 1) {
            long now = System.nanoTime();
            openStream(now, now);
            earlyDataSent(s);
        }
    }

    private void earlyDataSent(H3Session s) {
        s.earlyDataSent = true;
        if (worker.measuring()) {
            stats.earlyDataSent();
        }
    }

    private void handshakeTimedOut(H3Session s) {
        if (s == session && state == State.CONNECTING) {
            attemptFailed(s, s.heardFrom() ? Failure.HANDSHAKE : Failure.NO_ANSWER);
        }
    }

    /** Why an attempt to connect failed, as it is counted. */
    private enum Failure {
        /** The UDP socket could not be bound. */
        SOCKET,
        /** No datagram came back within the timeout. */
        NO_ANSWER,
        HANDSHAKE,
        CERTIFICATE;

        static Failure tls(Throwable cause) {
            return TlsFailure.of(cause) == TlsFailure.CERTIFICATE ? CERTIFICATE : HANDSHAKE;
        }
    }

    private void attemptFailed(H3Session s, Failure why) {
        if (worker.measuring()) {
            switch (why) {
                case SOCKET -> stats.connectFailed();
                case NO_ANSWER -> stats.quicNoAnswer();
                case HANDSHAKE -> stats.tlsFailed(TlsFailure.HANDSHAKE);
                case CERTIFICATE -> stats.tlsFailed(TlsFailure.CERTIFICATE);
            }
        }
        session = null; // first: closing the attempt's connection fails its handshake, which must not count again
        s.discard();
        loseAll(s, Loss.READ); // a request sent as early data on a connection that never came up
        if (state != State.CLOSED) {
            state = State.IDLE;
        }
        worker.attemptEnded(this);
        if (!worker.stopped() && state != State.CLOSED) {
            worker.reconnectLater(reconnectTask);
        }
    }

    /** The QUIC connection closed: by the server or an idle timeout (counted, and reconnected), or by us. */
    private void connectionClosed(H3Session s) {
        if (s != session || s.closedByUs || worker.stopped()) {
            return;
        }
        if (worker.measuring()) {
            stats.quicClosed(s.closeEvent != null ? QuicSummary.closeLabel(s.closeEvent.isApplicationClose(), s.closeEvent.error())
                    : s.quic.isTimedOut() ? QuicSummary.IDLE_TIMEOUT
                    : s.noUnidirectionalStream ? QuicSummary.NO_CONTROL_STREAM : QuicSummary.CLOSED_WITHOUT_CODE);
            stats.reconnected();
        }
        loseAll(s, Loss.READ);
        session = null;
        state = State.IDLE;
        connect();
    }

    // ---- sending

    @Override
    public void startSending() {
        if (!open() || !worker.started()) {
            return; // the handshake, or the clock, will call again
        }
        refill();
    }

    @Override
    public boolean open() {
        return state == State.READY && session != null && session.quic.isActive();
    }

    @Override
    public boolean idle() {
        return session == null || session.inFlight.isEmpty();
    }

    private int inFlight() {
        return session == null ? 0 : session.inFlight.size();
    }

    /** Opens what may be opened now: up to the limit (closed model), or the due requests the pacer hands it (open model). */
    private void refill() {
        refillQueued = false;
        if (!open() || !worker.started()) {
            return;
        }
        worker.fill(this, paced);
    }

    /**
     * Whether one more request stream may open now: below the streams in flight asked for and
     * within the server's stream credit; while connecting, once as early data when the session allows.
     */
    @Override
    public boolean hasRoom() {
        if (worker.stopped()) {
            return false;
        }
        if (state == State.CONNECTING) {
            return earlyDataRoom && inFlight() == 0;
        }
        // the server's stream limit: its MAX_STREAMS credit, or a finished stream, reports room again
        return open() && inFlight() < pipelineDepth && session.quic.peerAllowedStreams(QuicStreamType.BIDIRECTIONAL) > 0;
    }

    /** Opens the stream of the request due at {@code dueNanos}; while connecting it goes as early data. */
    @Override
    public void sendDue(long dueNanos, long sentNanos) {
        openStream(dueNanos, sentNanos);
        if (state == State.CONNECTING) {
            earlyDataRoom = false;
            earlyDataSent(session);
        }
    }

    /** Refills once the current task is done: after a read, with the stream credit it brought; after a loss, without recursing. */
    private void queueRefill() {
        if (!refillQueued && !worker.stopped()) {
            refillQueued = true;
            worker.loop().execute(refillTask);
        }
    }

    /** Opens one request stream meant to go at {@code intendedAt}; the caller checked {@link #hasRoom()}. */
    private void openStream(long intendedAt, long now) {
        H3Session s = session;
        int slot = s.inFlight.open(s.nextStreamKey++, intendedAt, now);
        H3Stream stream = new H3Stream(this, s, slot);
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

    // ---- timeouts and the end

    @Override
    public void checkTimeout(long now, long timeoutNanos) {
        H3Session s = session;
        if (s == null || state != State.READY) {
            return;
        }
        for (int k = 0; k < s.streams.length; k++) {
            H3Stream st = s.streams[k];
            if (st != null && now - s.inFlight.sentAt(k) > timeoutNanos) {
                st.end(Loss.TIMEOUT); // a loss refills after this task: no slot is reused while this loops
                if (st.channel != null) {
                    st.channel.close();
                }
            }
        }
        queueRefill(); // also picks up stream credit that came without a stream ending
    }

    /** Counts every stream of {@code s} still in flight as lost to {@code kind}. */
    private void loseAll(H3Session s, Loss kind) {
        for (H3Stream st : s.streams.clone()) {
            if (st != null) {
                st.end(kind);
            }
        }
    }

    /**
     * Closes a connection whose one request has ended; the next one opens now, nothing counted as
     * lost, on the same UDP socket and QUIC codec (a new connection ID, a new handshake).
     */
    private void retire(H3Session s) {
        session = null;
        s.discard();
        state = State.IDLE;
        connect();
    }

    @Override
    public void close() {
        if (state == State.CLOSED) {
            return;
        }
        state = State.CLOSED;
        H3Session s = session;
        session = null;
        if (s != null) {
            s.closedByUs = true;
            s.discard();
        }
        socket.release();
    }

    /**
     * On the QUIC connection: keeps the server's CONNECTION_CLOSE, so that the close is counted by
     * its code, and refills after each read, which may have brought stream credit (MAX_STREAMS).
     */
    private final class ConnectionWatcher extends ChannelInboundHandlerAdapter {
        private final H3Session session;

        ConnectionWatcher(H3Session session) {
            this.session = session;
        }

        @Override
        public void channelReadComplete(ChannelHandlerContext ctx) {
            if (session == H3Connection.this.session && inFlight() < pipelineDepth) {
                queueRefill();
            }
            ctx.fireChannelReadComplete();
        }

        @Override
        public void userEventTriggered(ChannelHandlerContext ctx, Object evt) {
            if (evt instanceof QuicConnectionCloseEvent close) {
                session.closeEvent = close;
            } else if (evt instanceof SslEarlyDataReadyEvent) {
                earlyDataReady(session, (QuicChannel) ctx.channel());
            }
            ctx.fireUserEventTriggered(evt);
        }

        @Override
        public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
            // the connection's close is what counts (connectionClosed)
        }
    }

    /** The stream was answered with {@code status} at {@code now}: recorded, and its place refilled. */
    void streamAnswered(H3Stream stream, int status, long now) {
        H3Session s = stream.session;
        worker.recordAnswer(s.inFlight.dueAt(stream.slot), s.inFlight.sentAt(stream.slot), status, now);
        finish(stream, true);
    }

    /** The stream's request was lost to {@code kind}: counted, and its place refilled. */
    void streamLost(H3Stream stream, Loss kind) {
        if (counting()) {
            stats.lost(kind, 1);
        }
        finish(stream, false);
    }

    /** The server reset the stream: counted as a reset and its request as a read error. */
    void streamReset(H3Stream stream) {
        if (counting()) {
            stats.streamReset();
        }
        streamLost(stream, Loss.READ);
    }

    /**
     * Frees the stream's place. An answered stream is replaced at once, inside the read that
     * ended it: the new request then leaves in the packet that acknowledges the answer (Netty
     * sends once the read is done), one datagram a request where a refill after the read costs
     * a second one for the acknowledgement alone. A lost one is replaced after the current
     * task, so that a request failing as it is written cannot recurse.
     */
    private void finish(H3Stream stream, boolean answered) {
        H3Session s = stream.session;
        s.inFlight.free(stream.slot);
        s.streams[stream.slot] = null;
        if (s != session) {
            return;
        }
        if (worker.keepAlive()) {
            if (answered) {
                refill();
            } else {
                queueRefill();
            }
        } else {
            retire(s); // --no-keepalive: one request per connection, the next one opens at once
        }
    }

    /**
     * Whether a stream's loss counts now: in the measured window, and not because the run ended
     * (closing the connections then fails the writes and streams still in flight, as wrk leaves
     * uncounted what its end cuts off).
     */
    private boolean counting() {
        return worker.measuring() && !worker.stopped();
    }
}
