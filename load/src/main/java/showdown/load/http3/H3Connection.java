package showdown.load.http3;

import io.netty.handler.codec.quic.QuicChannel;
import io.netty.handler.codec.quic.QuicStreamType;
import java.util.List;
import showdown.load.Header;
import showdown.load.engine.ClientConnection;
import showdown.load.engine.Endpoint;
import showdown.load.engine.PacedConnection;
import showdown.load.engine.Pacer;
import showdown.load.engine.Worker;
import showdown.load.http2.H2Request;
import showdown.load.stats.WorkerStats;
import showdown.load.stats.WorkerStats.Loss;

/**
 * One HTTP/3 connection's life: a QUIC connection on the UDP socket its worker shares among its
 * connections to the server ({@link H3Socket}), with up to {@code pipelineDepth} request streams in
 * flight (h2load's {@code -m}), and no more than the server allows. Each stream's latency runs from
 * its HEADERS frame being written to the end of its response (the stream's FIN). In the open model
 * streams open when the loop's pacer hands the connection a due request, each timed from when it
 * was due. Its attempts are set up by an {@link H3Dialer}, its streams opened by an
 * {@link H3StreamOpener} and read by their {@link H3Stream}s, which tell it how each ended.
 *
 * <p>States: {@link State#IDLE} (no connection), {@link State#CONNECTING} (the socket being bound,
 * or the QUIC handshake under way, bounded by the timeout), {@link State#READY} (streams may open),
 * {@link State#CLOSED} (the run is over). Errors: a failed attempt ({@link H3ConnectFailure}) is
 * counted as a connect error, and the next attempt follows the worker's back-off; a stream the
 * server resets loses its request (a read error, counted as a reset); a connection the server
 * closes loses what it had in flight (read errors, counted by its close code) and reconnects; a
 * stream older than the timeout loses its request alone (a timeout error) and is reset. Without
 * keep-alive ({@code --no-keepalive}) each connection carries one request, and the next opens as
 * soon as it has ended: a handshake per request, on the same shared socket and QUIC codec (a new
 * connection ID and handshake, the same local port): building a codec costs milliseconds (a native
 * quiche config each), which would otherwise be most of each handshake's time.
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
    private final H3Client client;
    private final int pipelineDepth;
    /** This connection's place in the open model's pacer; null in the closed model. */
    private final Pacer.Slot paced;
    private final Runnable reconnectTask = this::connect;
    private final Runnable refillTask = this::refill;
    /** The UDP socket and QUIC codec this worker's connections to the endpoint share. */
    private final H3Socket socket;
    private final H3Dialer dialer;
    private final H3StreamOpener streams;

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
        this.client = client;
        this.pipelineDepth = pipelineDepth;
        this.streams = new H3StreamOpener(this, H3Request.encode(H2Request.headers(method, endpoint.url(), requestHeaders,
                body == null || body.length == 0 ? null : body), body));
        this.socket = client.socket(worker, endpoint);
        socket.retain();
        this.dialer = new H3Dialer(this, worker, endpoint, client, socket);
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
        dialer.dial(s);
    }

    /** Whether {@code s} is this connection's attempt under way: its outcome counts. */
    boolean attempting(H3Session s) {
        return s == session && state == State.CONNECTING;
    }

    /** The handshake of {@code s}, the current attempt, is done (and recorded): streams may open. */
    void handshakeDone(H3Session s) {
        state = State.READY;
        earlyDataRoom = false;
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
    void earlyDataReady(H3Session s, QuicChannel quic) {
        if (s != session || state != State.CONNECTING || !client.earlyData() || !worker.started() || worker.stopped()) {
            return;
        }
        s.quic = quic;
        if (paced != null) {
            earlyDataRoom = true; // the next due request goes as early data (sendDue)
            paced.roomAvailable();
        } else if (worker.acquirePermits(1) == 1) {
            long now = System.nanoTime();
            streams.open(s, now, now);
            earlyDataSent(s);
        }
    }

    private void earlyDataSent(H3Session s) {
        s.earlyDataSent = true;
        if (worker.measuring()) {
            stats.earlyDataSent();
        }
    }

    /** Attempt {@code s}, the current one, failed: counted, and the next one follows the back-off. */
    void attemptFailed(H3Session s, H3ConnectFailure why) {
        if (worker.measuring()) {
            why.count(stats);
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
            stats.quicClosed(s.closeLabel());
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
        streams.open(session, dueNanos, sentNanos);
        if (state == State.CONNECTING) {
            earlyDataRoom = false;
            earlyDataSent(session);
        }
    }

    /** A read on attempt {@code s}'s connection is done: it may have brought stream credit (MAX_STREAMS). */
    void readComplete(H3Session s) {
        if (s == session && inFlight() < pipelineDepth) {
            queueRefill();
        }
    }

    /** Refills once the current task is done: after a read, with the stream credit it brought; after a loss, without recursing. */
    private void queueRefill() {
        if (!refillQueued && !worker.stopped()) {
            refillQueued = true;
            worker.loop().execute(refillTask);
        }
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

    // ---- how streams end

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
