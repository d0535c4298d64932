package showdown.load.http1;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelOutboundBuffer;
import showdown.load.engine.Endpoint;
import showdown.load.engine.SocketConnection;
import showdown.load.engine.Worker;
import showdown.load.stats.WorkerStats.Loss;

/**
 * One HTTP/1.1 client connection, driven by its worker's event loop. In the closed model it writes
 * {@code pipelineDepth} requests at once and the next batch when all of them are answered, as wrk's
 * pipelining script does (TechEmpower's plaintext test); in the open model it sends one request at a
 * time, when its loop's pacer hands it one that is due.
 * It records a latency for every response, and replaces its socket when the server closes it or an
 * error occurs.
 *
 * <p>Send times are kept in a ring of {@code pipelineDepth} slots, each request's {@code intendedAt}
 * (its due time in the open model; the send time in the closed model) and {@code sentAt}: responses
 * arrive in request order, so the oldest slot belongs to the next response. Request bytes are
 * written from a per-connection buffer holding {@code pipelineDepth} copies, so the hot path
 * allocates nothing. Public for the engine, which creates one per HTTP/1.1 connection.
 */
public final class Http1Connection extends SocketConnection {

    private final int pipelineDepth;
    private final int requestLength;
    private final ByteBuf requestCopies;
    private final long[] intendedAt;
    private final long[] sentAt;
    private final ResponseScanner scanner = new ResponseScanner();

    private int head;
    private int toSend;
    private boolean closeAfterRead;

    /** In the open model (the worker has a pacer) the connection sends when the pacer says. */
    public Http1Connection(Worker worker, Endpoint endpoint, int pipelineDepth) {
        super(worker, endpoint);
        this.pipelineDepth = pipelineDepth;
        this.requestLength = endpoint.request().length;
        ByteBuf copies = Unpooled.directBuffer(requestLength * pipelineDepth);
        for (int i = 0; i < pipelineDepth; i++) {
            copies.writeBytes(endpoint.request());
        }
        this.requestCopies = Unpooled.unreleasableBuffer(copies);
        this.intendedAt = new long[pipelineDepth];
        this.sentAt = new long[pipelineDepth];
        scanner.headRequests(endpoint.head());
    }

    @Override
    protected void socketOpened() {
        scanner.reset();
        head = 0;
        closeAfterRead = false;
        if (worker.started()) {
            startSending();
        }
    }

    /** Fills the pipeline (closed model) or reports its room to the pacer (open model) on a fresh socket. */
    @Override
    public void startSending() {
        if (!open() || inFlight() > 0) {
            return;
        }
        if (paced != null) {
            paced.roomAvailable();
        } else {
            send(pipelineDepth);
        }
    }

    @Override
    protected void received(ByteBuf buf, long receivedAt) {
        int i = buf.readerIndex();
        int end = buf.writerIndex();
        while (i < end && !closeAfterRead) {
            int next = scanner.scan(buf, i, end);
            if (next == ResponseScanner.NEED_MORE) {
                break;
            }
            if (next == ResponseScanner.PROTOCOL_ERROR) {
                abandon(Loss.PROTOCOL);
                return;
            }
            i = next;
            if (inFlight() == 0) {
                abandon(Loss.PROTOCOL); // a response nobody asked for
                return;
            }
            responseComplete(receivedAt);
        }
    }

    @Override
    public void channelReadComplete(ChannelHandlerContext ctx) {
        if (!serving(ctx)) {
            return; // a socket we gave up on, or (https) one still in its handshake
        }
        if (closeAfterRead) {
            if (!worker.keepAlive() && inFlight() == 0) {
                closeAfterAnswer(); // one request per connection: the next one opens now
            } else {
                abandon(Loss.READ); // the server asked to close: what is still in flight is lost
            }
            return;
        }
        if (toSend > 0 && inFlight() == 0) { // the whole batch is answered: the next one, in one write
            int n = toSend;
            toSend = 0;
            send(n);
        }
    }

    private void responseComplete(long now) {
        int slot = head;
        head = slot + 1 == pipelineDepth ? 0 : slot + 1;
        answered();
        worker.recordAnswer(intendedAt[slot], sentAt[slot], scanner.status(), now);
        if (scanner.connectionClose() || !worker.keepAlive()) {
            closeAfterRead = true;
        } else if (paced != null) {
            paced.roomAvailable();
        } else {
            toSend++;
        }
    }

    /** Writes and flushes {@code n} requests (fewer when a request budget runs out). */
    private void send(int n) {
        if (worker.stopped()) {
            return;
        }
        n = worker.acquirePermits(n);
        if (n == 0) {
            return;
        }
        long now = System.nanoTime();
        for (int k = 0; k < n; k++) {
            int slot = head + inFlight();
            if (slot >= pipelineDepth) {
                slot -= pipelineDepth;
            }
            intendedAt[slot] = now;
            sentAt[slot] = now;
            sent();
        }
        writeRequests(n * requestLength);
    }

    /** Writes and flushes {@code bytes} of request copies: one pass through the pipeline, one {@code send}. */
    private void writeRequests(int bytes) {
        ByteBuf out;
        ChannelOutboundBuffer pending = channel().unsafe().outboundBuffer();
        if (pending != null && pending.totalPendingWriteBytes() == 0) {
            // The shared copies are not queued anywhere: reuse them without allocating.
            out = requestCopies.setIndex(0, bytes);
        } else {
            out = requestCopies.copy(0, bytes); // a previous write is still queued: rare
        }
        if (worker.measuring()) {
            stats.wrote(bytes);
        }
        socketWriteAndFlush(out);
    }

    /** Open model: one request at a time, on an open socket that will stay open. */
    @Override
    public boolean hasRoom() {
        return inFlight() == 0 && !closeAfterRead && open() && !worker.stopped();
    }

    /** Open model: sends the request due at {@code dueNanos} (late, if the socket was busy then). */
    @Override
    public void sendDue(long dueNanos, long sentNanos) {
        intendedAt[head] = dueNanos;
        sentAt[head] = sentNanos;
        sent(); // hasRoom(): none was in flight
        writeRequests(requestLength);
    }

    /** Called by the worker's timer: gives up on a socket whose oldest request is too old. */
    @Override
    public void checkTimeout(long now, long timeoutNanos) {
        if (inFlight() > 0 && channel() != null && now - sentAt[head] > timeoutNanos) {
            abandon(Loss.TIMEOUT);
        }
    }

    /** A response delimited by the close is complete now. */
    @Override
    protected void socketClosed(boolean byServer) {
        if (byServer && scanner.endOfInput() && inFlight() > 0) {
            responseComplete(System.nanoTime());
        }
    }

    @Override
    protected void dropInFlight() {
        toSend = 0;
    }

    /** Closes the socket for good and frees the request copies (the run is over). */
    @Override
    public void close() {
        super.close();
        if (requestCopies.unwrap().refCnt() > 0) {
            requestCopies.unwrap().release();
        }
    }
}
