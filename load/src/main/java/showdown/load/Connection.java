package showdown.load;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelOutboundBuffer;
import java.util.concurrent.TimeUnit;
import showdown.load.WorkerStats.Loss;

/**
 * One HTTP/1.1 client connection, driven by its worker's event loop. In the closed model it writes
 * {@code pipeline} requests at once and the next batch when all of them are answered, as wrk's
 * pipelining script does (TechEmpower's plaintext test); in the open model it sends on a schedule.
 * It records a latency for every response, and replaces its socket when the server closes it or an
 * error occurs.
 *
 * <p>Send times are kept in a ring of {@code pipeline} slots: responses arrive in request order, so
 * the oldest slot belongs to the next response. Request bytes are written from a per-connection
 * buffer holding {@code pipeline} copies, so the hot path allocates nothing.
 */
final class Connection extends SocketConnection {

    private final int depth;
    private final int requestLength;
    private final ByteBuf requestCopies;
    private final long[] sentAt;
    private final long[] actualSentAt;
    private final ResponseScanner scanner = new ResponseScanner();
    private final Runnable openModelSendTask = this::sendOnSchedule;

    private int head;
    private int toSend;
    private boolean closeAfterRead;

    /** The open model's parameters are {@link SocketConnection}'s. */
    Connection(Worker worker, Endpoint endpoint, int depth, long intervalNanos, long scheduleOffsetNanos) {
        super(worker, endpoint, intervalNanos, scheduleOffsetNanos);
        this.depth = depth;
        this.requestLength = endpoint.request().length;
        ByteBuf copies = Unpooled.directBuffer(requestLength * depth);
        for (int i = 0; i < depth; i++) {
            copies.writeBytes(endpoint.request());
        }
        this.requestCopies = Unpooled.unreleasableBuffer(copies);
        this.sentAt = new long[depth];
        this.actualSentAt = new long[depth];
        scanner.headRequests(endpoint.head());
    }

    @Override
    void socketOpened() {
        scanner.reset();
        head = 0;
        inFlight = 0;
        closeAfterRead = false;
        if (worker.started()) {
            startSending();
        }
    }

    /** Fills the pipeline (closed model) or joins the schedule (open model) on a fresh socket. */
    @Override
    public void startSending() {
        if (channel == null || !channel.isActive() || inFlight > 0) {
            return;
        }
        if (intervalNanos > 0) {
            sendOnSchedule();
        } else {
            send(depth);
            flush();
        }
    }

    @Override
    void received(ByteBuf buf, long receivedAt) {
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
            if (inFlight == 0) {
                abandon(Loss.PROTOCOL); // a response nobody asked for
                return;
            }
            responseComplete(receivedAt);
        }
    }

    @Override
    public void channelReadComplete(ChannelHandlerContext ctx) {
        if (channel != ctx.channel()) {
            return;
        }
        if (closeAfterRead) {
            abandon(Loss.READ); // the server asked to close: what is still in flight is lost
            return;
        }
        if (toSend > 0 && inFlight == 0) { // the whole batch is answered: the next one, in one write
            int n = toSend;
            toSend = 0;
            send(n);
            flush();
        }
    }

    private void responseComplete(long now) {
        int slot = head;
        head = slot + 1 == depth ? 0 : slot + 1;
        inFlight--;
        recordAnswer(sentAt[slot], actualSentAt[slot], scanner.status(), now);
        if (scanner.connectionClose()) {
            closeAfterRead = true;
        } else if (intervalNanos > 0) {
            scheduleNextOpenModelSend(now);
        } else {
            toSend++;
        }
    }

    /** Writes {@code n} requests (fewer when a request budget runs out); the caller flushes. */
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
            int slot = head + inFlight;
            if (slot >= depth) {
                slot -= depth;
            }
            sentAt[slot] = now;
            actualSentAt[slot] = now;
            inFlight++;
        }
        write(n * requestLength);
    }

    private void write(int bytes) {
        ByteBuf out;
        ChannelOutboundBuffer pending = channel.unsafe().outboundBuffer();
        if (pending != null && pending.totalPendingWriteBytes() == 0) {
            // The shared copies are not queued anywhere: reuse them without allocating.
            out = requestCopies.setIndex(0, bytes);
        } else {
            out = requestCopies.copy(0, bytes); // a previous write is still queued: rare
        }
        if (worker.measuring()) {
            stats.bytesWritten += bytes;
        }
        writing = true;
        try {
            channel.write(out, channel.voidPromise());
        } finally {
            writing = false;
        }
    }

    /** Flushes; a failure surfaces in exceptionCaught while {@code writing} is set. */
    private void flush() {
        writing = true;
        try {
            channel.flush();
        } finally {
            writing = false;
        }
    }

    private void scheduleNextOpenModelSend(long now) {
        long delay = nextIntendedNanos - now;
        if (delay <= 0) {
            sendOnSchedule();
        } else {
            worker.loop().schedule(openModelSendTask, delay, TimeUnit.NANOSECONDS);
        }
    }

    /** Open model: sends the request intended for {@code nextIntendedNanos}, late if need be. */
    private void sendOnSchedule() {
        if (channel == null || !channel.isActive() || inFlight > 0 || worker.stopped()) {
            return; // a response or a new socket will call again
        }
        long now = System.nanoTime();
        if (now < nextIntendedNanos) {
            worker.loop().schedule(openModelSendTask, nextIntendedNanos - now, TimeUnit.NANOSECONDS);
            return;
        }
        if (worker.acquirePermits(1) == 0) {
            return;
        }
        sentAt[head] = nextIntendedNanos;
        actualSentAt[head] = now;
        nextIntendedNanos += intervalNanos;
        inFlight = 1;
        write(requestLength);
        flush();
    }

    /** Called by the worker's timer: gives up on a socket whose oldest request is too old. */
    @Override
    public void checkTimeout(long now, long timeoutNanos) {
        if (inFlight > 0 && channel != null && now - actualSentAt[head] > timeoutNanos) {
            abandon(Loss.TIMEOUT);
        }
    }

    /** A response delimited by the close is complete now. */
    @Override
    void socketClosed(boolean byServer) {
        if (byServer && scanner.endOfInput() && inFlight > 0) {
            responseComplete(System.nanoTime());
        }
    }

    @Override
    void dropInFlight() {
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
