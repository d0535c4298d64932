package showdown.load.http2;

import static showdown.load.http2.H2FrameReader.CONTINUATION;
import static showdown.load.http2.H2FrameReader.DATA;
import static showdown.load.http2.H2FrameReader.END_HEADERS;
import static showdown.load.http2.H2FrameReader.END_STREAM;
import static showdown.load.http2.H2FrameReader.HEADERS;
import static showdown.load.http2.H2FrameReader.MAX_FRAME;
import static showdown.load.http2.H2FrameReader.PING;
import static showdown.load.http2.H2FrameReader.SETTINGS;
import static showdown.load.http2.H2FrameReader.WINDOW_UPDATE;
import static showdown.load.http2.H2FrameWriter.frameHeader;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelOutboundBuffer;
import io.netty.handler.ssl.SslHandler;
import java.nio.charset.StandardCharsets;
import java.util.List;
import showdown.load.Header;
import showdown.load.engine.Endpoint;
import showdown.load.engine.InFlight;
import showdown.load.engine.SocketConnection;
import showdown.load.engine.Worker;
import showdown.load.http2.H2FrameReader.ProtocolError;
import showdown.load.stats.WorkerStats.Loss;

/**
 * One HTTP/2 connection over cleartext TCP with prior knowledge (h2c, as h2load speaks to http://
 * URLs). It keeps up to {@code pipelineDepth} requests in flight, as h2load's {@code -m} does, and opens
 * the next streams once a read is done, all in one write. Each stream's latency runs from its
 * HEADERS frame being written to its last frame being read. In the open model streams open when
 * the loop's pacer hands the connection a due request, each timed from when it was due.
 *
 * <p>The framing is our own, as lean as the HTTP/1.1 path: the request's header block is encoded
 * once ({@link H2Request}), frames are read by {@link H2FrameReader} and framed by
 * {@link H2FrameWriter}, and streams live in a few arrays of {@code pipelineDepth} slots. It keeps to the stream limit and the flow-control windows the
 * server announces (a request body waits for window), answers PING and SETTINGS, and opens its own
 * receive windows wide, as h2load does, returning what it reads in WINDOW_UPDATE frames.
 *
 * <p>Errors: a stream the server resets is a read error; a socket that closes, or a GOAWAY, loses
 * what is in flight (read errors) and the connection reconnects; a stream older than the timeout
 * loses the socket like HTTP/1.1 does; a frame that breaks the protocol loses it as a protocol error.
 * A response without a valid {@code :status} is a protocol error of its stream only.
 *
 * <p>Public for the engine, which creates one per HTTP/2 connection.
 */
public final class H2Connection extends SocketConnection {

    /** Our receive windows, connection and stream: wide open, as h2load's defaults are. */
    private static final int WINDOW = (1 << 30) - 1;
    private static final int DEFAULT_WINDOW = 65_535;
    private static final int SETTINGS_MAX_CONCURRENT_STREAMS = 0x3;
    private static final int SETTINGS_INITIAL_WINDOW_SIZE = 0x4;
    private static final int SETTINGS_MAX_FRAME_SIZE = 0x5;
    private static final int SETTINGS_ENABLE_PUSH = 0x2;
    /** A stream's status until a header block gives it a valid final one (three digits, 200 or more). */
    private static final int NO_STATUS = 0;
    /** The client preface, our SETTINGS (no push, a wide stream window) and the connection window's increment. */
    private static final byte[] PREFACE = preface();

    private final int pipelineDepth;
    private final byte[] headerBlock;
    private final byte[] body; // null or non-empty: an empty body ends the stream with its HEADERS
    private final Frames frames = new Frames();

    /** Set while a read's answered streams are replaced: their requests go out in the read's one write. */
    private boolean batchingWrites;

    // Streams in flight: slot k of the table holds a stream id, its due and send times
    // (the same in the closed model), final status, the body bytes sent so far, what the server's
    // window still lets it send, and what it received unacknowledged.
    private final InFlight streams;
    private final int[] statuses;
    private final int[] bodySent;
    private final long[] sendWindow;
    private final int[] received;

    // The socket and what it was told
    private H2FrameReader reader;
    private ByteBuf out; // frames written since the last flush
    /**
     * Where frames are built on a cleartext socket when no earlier write is still queued: a flush
     * then allocates nothing. Not over TLS, whose handler may hold a written buffer past its flush.
     */
    private final ByteBuf ownFrames = Unpooled.unreleasableBuffer(Unpooled.directBuffer(256));
    private boolean cleartext;
    private boolean gotSettings;
    private int streamLimit; // min(pipelineDepth, the server's MAX_CONCURRENT_STREAMS)
    private long initialSendWindow;
    private long connectionSendWindow;
    private int maxSendFrame;
    private int connectionReceived;
    private int nextStreamId;
    private boolean goingAway;
    private long receivedAt;

    /** @param pipelineDepth the most streams in flight (h2load's {@code -m}) */
    public H2Connection(Worker worker, Endpoint endpoint, int pipelineDepth, String method, List<Header> headers, byte[] body) {
        super(worker, endpoint);
        this.pipelineDepth = pipelineDepth;
        this.body = body == null || body.length == 0 ? null : body;
        this.headerBlock = H2Request.headerBlock(H2Request.headers(method, endpoint.url(), headers, body));
        this.streams = new InFlight(pipelineDepth);
        this.statuses = new int[pipelineDepth];
        this.bodySent = new int[pipelineDepth];
        this.sendWindow = new long[pipelineDepth];
        this.received = new int[pipelineDepth];
    }

    /** A fresh socket starts with the preface and HTTP/2's defaults. */
    @Override
    protected void socketOpened() {
        reader = new H2FrameReader(frames, channel().alloc());
        cleartext = channel().pipeline().get(SslHandler.class) == null;
        streams.clear();
        gotSettings = false; // no request before the server's SETTINGS
        streamLimit = pipelineDepth;
        initialSendWindow = DEFAULT_WINDOW;
        connectionSendWindow = DEFAULT_WINDOW;
        maxSendFrame = MAX_FRAME;
        connectionReceived = 0;
        nextStreamId = 1;
        goingAway = false;
        out().writeBytes(PREFACE);
        flush();
    }

    @Override
    public void startSending() {
        if (!open() || !gotSettings || givenUp() || !worker.started()) {
            return; // the SETTINGS frame, or the clock, will call again
        }
        openStreams();
        flush();
    }

    /**
     * Opens what may be opened now, in one write: up to the stream limit (closed model), or the
     * due requests the pacer hands this connection while it has room (open model).
     */
    private void openStreams() {
        batchingWrites = true;
        try {
            worker.fill(this, paced);
        } finally {
            batchingWrites = false;
        }
    }

    /** Whether one more stream may open now: within the server's limit, on a socket not going away. */
    @Override
    public boolean hasRoom() {
        return inFlight() < streamLimit && gotSettings && !goingAway && !givenUp() && open() && !worker.stopped();
    }

    /** Opens the stream of the request due at {@code dueNanos}; written at once unless a read is being answered or streams filled. */
    @Override
    public void sendDue(long dueNanos, long sentNanos) {
        openStream(dueNanos, sentNanos);
        if (!batchingWrites) {
            flush();
        }
    }

    @Override
    protected void received(ByteBuf buf, long now) {
        receivedAt = now; // every stream that ends in this read ended with it
        try {
            reader.read(buf);
        } catch (ProtocolError e) {
            abandon(Loss.PROTOCOL);
        }
    }

    /** A read is done: the answered streams are replaced and everything goes out in one write. */
    @Override
    public void channelReadComplete(ChannelHandlerContext ctx) {
        if (!serving(ctx)) {
            return; // a socket we gave up on, or (https) one still in its handshake
        }
        if (hasRoom() && worker.started()) {
            openStreams();
        }
        flush();
    }

    /** Opens one stream meant to go at {@code intendedAt} (writes, does not flush); the caller checked {@link #hasRoom()}. */
    private void openStream(long intendedAt, long now) {
        int id = nextStreamId;
        nextStreamId += 2;
        if (nextStreamId < 0) {
            goingAway = true; // stream ids are used up: this socket closes once drained, a fresh one starts over
        }
        int slot = streams.open(id, intendedAt, now);
        statuses[slot] = NO_STATUS;
        received[slot] = 0;
        bodySent[slot] = 0;
        sendWindow[slot] = initialSendWindow;
        sent();
        writeHeaders(id);
        if (body != null) {
            sendBody(slot);
        }
    }

    /** The request's header block in a HEADERS frame, and CONTINUATION frames if it is larger than a frame. */
    private void writeHeaders(int id) {
        ByteBuf o = out();
        int type = HEADERS;
        int flags = body == null ? END_STREAM : 0;
        int offset = 0;
        do {
            int n = Math.min(headerBlock.length - offset, MAX_FRAME);
            boolean last = offset + n == headerBlock.length;
            frameHeader(o, n, type, flags | (last ? END_HEADERS : 0), id);
            o.writeBytes(headerBlock, offset, n);
            offset += n;
            type = CONTINUATION;
            flags = 0;
        } while (offset < headerBlock.length);
    }

    /** Sends as much of the body of {@code slot}'s stream as the windows allow. */
    private void sendBody(int slot) {
        int sent = bodySent[slot];
        while (sent < body.length) {
            int n = (int) Math.min(Math.min(body.length - sent, maxSendFrame),
                    Math.min(sendWindow[slot], connectionSendWindow));
            if (n <= 0) {
                break; // a WINDOW_UPDATE will call again
            }
            boolean last = sent + n == body.length;
            frameHeader(out(), n, DATA, last ? END_STREAM : 0, (int) streams.id(slot));
            out.writeBytes(body, sent, n);
            sent += n;
            sendWindow[slot] -= n;
            connectionSendWindow -= n;
        }
        bodySent[slot] = sent;
    }

    private void sendWaitingBodies() {
        if (body == null) {
            return;
        }
        for (int k = 0; k < pipelineDepth; k++) {
            if (streams.inUse(k) && bodySent[k] < body.length) {
                sendBody(k);
            }
        }
    }

    private ByteBuf out() {
        if (out == null) {
            ChannelOutboundBuffer pending = channel().unsafe().outboundBuffer();
            if (cleartext && pending != null && pending.totalPendingWriteBytes() == 0) {
                out = ownFrames.clear(); // nothing queued holds it: reuse it (its release is a no-op)
            } else {
                out = channel().alloc().directBuffer(256); // an earlier write is still queued: rare
            }
        }
        return out;
    }

    /** Writes and flushes what is waiting (a failure meanwhile is a write error). */
    private void flush() {
        ByteBuf o = out;
        if (o == null) {
            return;
        }
        out = null;
        if (worker.measuring()) {
            stats.wrote(o.readableBytes());
        }
        socketWriteAndFlush(o);
    }

    /**
     * The last frame of {@code slot}'s stream was read: records it with its final status, or, when
     * no header block gave it a valid one, counts it as a protocol error (RFC 9113 §8.3.2: a
     * response without {@code :status} is malformed), not as an answer.
     */
    private void streamEnded(int slot) {
        free(slot);
        if (statuses[slot] != NO_STATUS) {
            worker.recordAnswer(streams.dueAt(slot), streams.sentAt(slot), statuses[slot], receivedAt);
        } else if (worker.measuring() && streams.sentAt(slot) >= worker.measureStartNanos()) {
            stats.lost(Loss.PROTOCOL, 1);
        }
        closeIfDrained();
    }

    /** After a GOAWAY, the socket closes once its last stream ended; a new one opens then. */
    private void closeIfDrained() {
        if (goingAway && inFlight() == 0 && channel() != null) {
            channel().close();
        }
    }

    /** Frees the slot of stream {@code id}; false when it was not in flight. */
    private boolean forget(int id) {
        int slot = streams.slotOf(id);
        if (slot < 0) {
            return false;
        }
        free(slot);
        return true;
    }

    private void free(int slot) {
        streams.free(slot);
        answered();
    }

    @Override
    public void checkTimeout(long now, long timeoutNanos) {
        if (channel() == null || inFlight() == 0) {
            return;
        }
        if (streams.anyOlderThan(now, timeoutNanos)) {
            abandon(Loss.TIMEOUT);
        }
    }

    @Override
    protected void dropInFlight() {
        streams.clear();
    }

    @Override
    protected void socketClosed(boolean byServer) {
        reader.release();
        if (out != null) {
            out.release();
            out = null;
        }
        if (byServer && !gotSettings && worker.measuring()) {
            stats.lost(Loss.PROTOCOL, 1); // closed before its SETTINGS: not (or no longer) an h2c server
        }
    }

    /** Closes the socket for good and frees the frame buffer (the run is over). */
    @Override
    public void close() {
        super.close();
        if (ownFrames.unwrap().refCnt() > 0) {
            ownFrames.unwrap().release();
        }
    }

    /** A socket that never got to SETTINGS is retried after a pause, not in a tight loop. */
    @Override
    protected void reopen() {
        if (gotSettings) {
            connect();
        } else {
            worker.reconnectLater(reconnectTask);
        }
    }

    /** What the server's frames mean for this connection's streams. */
    private final class Frames implements H2FrameReader.Listener {

        @Override
        public void setting(int id, long value) throws ProtocolError {
            switch (id) {
                case SETTINGS_ENABLE_PUSH -> {
                    if (value > 1) {
                        throw new ProtocolError("SETTINGS_ENABLE_PUSH of " + value);
                    }
                }
                case SETTINGS_MAX_CONCURRENT_STREAMS -> streamLimit = (int) Math.min(pipelineDepth, value);
                case SETTINGS_INITIAL_WINDOW_SIZE -> {
                    if (value > Integer.MAX_VALUE) {
                        throw new ProtocolError("SETTINGS_INITIAL_WINDOW_SIZE of " + value);
                    }
                    long delta = value - initialSendWindow; // applies to the streams already open (RFC 9113 §6.9.2)
                    initialSendWindow = value;
                    for (int k = 0; k < pipelineDepth; k++) {
                        sendWindow[k] += delta;
                    }
                }
                case SETTINGS_MAX_FRAME_SIZE -> {
                    if (value < MAX_FRAME || value > 0xff_ffff) {
                        throw new ProtocolError("SETTINGS_MAX_FRAME_SIZE of " + value);
                    }
                    maxSendFrame = (int) value;
                }
                default -> {
                    // the others do not concern a client that only sends requests
                }
            }
        }

        @Override
        public void settingsEnd() {
            frameHeader(out(), 0, SETTINGS, H2FrameReader.ACK, 0);
            gotSettings = true; // the streams open when this read is done (channelReadComplete)
            sendWaitingBodies();
        }

        @Override
        public void headers(int streamId, int status, boolean endStream) {
            int slot = streams.slotOf(streamId);
            if (slot < 0) {
                return; // a stream we gave up on: its header block was still decoded, for HPACK's table
            }
            if (status >= 200 && statuses[slot] == NO_STATUS) {
                statuses[slot] = status; // the final status; 1xx ones are interim, trailers have none
            }
            if (endStream) {
                streamEnded(slot);
            }
        }

        @Override
        public void data(int streamId, int flowControlled, boolean endStream) {
            connectionReceived += flowControlled;
            if (connectionReceived >= WINDOW / 2) {
                sendWindowUpdate(0, connectionReceived);
                connectionReceived = 0;
            }
            int slot = streams.slotOf(streamId);
            if (slot < 0) {
                return;
            }
            if (endStream) {
                streamEnded(slot);
                return;
            }
            received[slot] += flowControlled;
            if (received[slot] >= WINDOW / 2) {
                sendWindowUpdate(streamId, received[slot]);
                received[slot] = 0;
            }
        }

        private void sendWindowUpdate(int streamId, int increment) {
            frameHeader(out(), 4, WINDOW_UPDATE, 0, streamId);
            out.writeInt(increment);
        }

        @Override
        public void reset(int streamId) {
            if (forget(streamId) && worker.measuring()) {
                stats.lost(Loss.READ, 1);
            }
            closeIfDrained();
        }

        @Override
        public void goAway(int lastStreamId) {
            // No new streams; those above lastStreamId will never be answered: lost. The others may
            // still finish; then the socket closes and a new one opens.
            goingAway = true;
            for (int k = 0; k < pipelineDepth; k++) {
                if (streams.inUse(k) && streams.id(k) > lastStreamId) {
                    free(k);
                    if (worker.measuring()) {
                        stats.lost(Loss.READ, 1);
                    }
                }
            }
            closeIfDrained();
        }

        @Override
        public void ping(long payload) {
            frameHeader(out(), 8, PING, H2FrameReader.ACK, 0);
            out.writeLong(payload);
        }

        @Override
        public void windowUpdate(int streamId, int increment) throws ProtocolError {
            if (streamId == 0) {
                connectionSendWindow += increment;
                if (connectionSendWindow > Integer.MAX_VALUE) {
                    throw new ProtocolError("a connection window above 2^31-1");
                }
            } else {
                int slot = streams.slotOf(streamId);
                if (slot < 0) {
                    return;
                }
                sendWindow[slot] += increment;
                if (sendWindow[slot] > Integer.MAX_VALUE) {
                    throw new ProtocolError("a stream window above 2^31-1");
                }
            }
            sendWaitingBodies();
        }
    }

    private static byte[] preface() {
        ByteBuf b = Unpooled.buffer();
        b.writeBytes("PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
        frameHeader(b, 12, SETTINGS, 0, 0);
        b.writeShort(SETTINGS_ENABLE_PUSH).writeInt(0);
        b.writeShort(SETTINGS_INITIAL_WINDOW_SIZE).writeInt(WINDOW);
        frameHeader(b, 4, WINDOW_UPDATE, 0, 0);
        b.writeInt(WINDOW - DEFAULT_WINDOW);
        byte[] bytes = new byte[b.readableBytes()];
        b.readBytes(bytes);
        return bytes;
    }
}
