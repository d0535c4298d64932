package showdown.load;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelDuplexHandler;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelPromise;
import io.netty.handler.codec.http2.DefaultHttp2Connection;
import io.netty.handler.codec.http2.DefaultHttp2Headers;
import io.netty.handler.codec.http2.Http2CodecUtil;
import io.netty.handler.codec.http2.Http2ConnectionHandler;
import io.netty.handler.codec.http2.Http2ConnectionHandlerBuilder;
import io.netty.handler.codec.http2.Http2Exception;
import io.netty.handler.codec.http2.Http2FrameAdapter;
import io.netty.handler.codec.http2.Http2Headers;
import io.netty.handler.codec.http2.Http2Settings;
import java.net.URI;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import showdown.load.WorkerStats.Loss;

/**
 * One HTTP/2 connection over cleartext TCP with prior knowledge (h2c, as h2load speaks to http://
 * URLs). It keeps up to {@code streams} requests in flight, as h2load's {@code -m} does, and sends
 * the next one as soon as one is answered. Each stream's latency runs from its HEADERS frame being
 * written to its last frame being read. Netty's HTTP/2 codec does the framing, HPACK and flow
 * control; the stream limit the server announces in SETTINGS is respected.
 *
 * <p>Errors: a stream the server resets is a read error; a socket that closes, or a GOAWAY, loses
 * what is in flight (read errors) and the connection reconnects; a stream older than the timeout
 * loses the socket like HTTP/1.1 does.
 */
final class H2Connection implements ClientConnection, ChannelFutureListener {

    /** Receive windows, connection and stream, as large as h2load's defaults allow: no flow-control stalls. */
    private static final int WINDOW = (1 << 30) - 1;
    /** Headers that HTTP/2 forbids (RFC 9113 §8.2.2); Host becomes :authority. */
    private static final Set<String> CONNECTION_HEADERS =
            Set.of("connection", "keep-alive", "proxy-connection", "transfer-encoding", "upgrade", "host");

    private final Worker worker;
    private final WorkerStats stats;
    private final Endpoint endpoint;
    private final int depth;
    private final Http2Headers requestHeaders;
    private final byte[] body;
    private final Runnable reconnectTask = this::connect;

    // Streams in flight: slot k holds a stream id (0 = free), its send time and its final status.
    private final int[] streamIds;
    private final long[] sentAt;
    private final int[] statuses;
    private int inFlight;

    private Channel channel;
    private Http2ConnectionHandler http2;
    private ChannelHandlerContext http2Context;
    private int streamLimit = -1; // min(depth, the server's MAX_CONCURRENT_STREAMS); -1 before its SETTINGS
    private boolean goingAway;
    private boolean errorCounted;

    H2Connection(Worker worker, Endpoint endpoint, int streams, String method, List<Header> headers, byte[] body) {
        this.worker = worker;
        this.stats = worker.stats;
        this.endpoint = endpoint;
        this.depth = streams;
        this.body = body;
        this.requestHeaders = requestHeaders(method, endpoint.url(), headers, body);
        this.streamIds = new int[streams];
        this.sentAt = new long[streams];
        this.statuses = new int[streams];
    }

    /** The request's header block, built once: pseudo-headers, then the user's (lower case, minus the forbidden). */
    static Http2Headers requestHeaders(String method, URI url, List<Header> headers, byte[] body) {
        String authority = RequestTemplate.hostHeader(url);
        boolean hasLength = false;
        for (Header h : headers) {
            String name = h.name().toLowerCase(Locale.ROOT);
            if (name.equals("host")) {
                authority = h.value();
            }
            hasLength |= name.equals("content-length");
        }
        Http2Headers out = new DefaultHttp2Headers()
                .method(method).scheme("http").authority(authority).path(RequestTemplate.target(url));
        for (Header h : headers) {
            String name = h.name().toLowerCase(Locale.ROOT);
            if (!CONNECTION_HEADERS.contains(name)) {
                out.add(name, h.value());
            }
        }
        if (body != null && !hasLength) {
            out.add("content-length", Integer.toString(body.length));
        }
        return out;
    }

    @Override
    public void connect() {
        if (worker.stopped()) {
            return;
        }
        worker.bootstrap().handler(new ChannelInitializer<>() {
            @Override
            protected void initChannel(Channel ch) {
                Http2ConnectionHandler handler = new Http2ConnectionHandlerBuilder()
                        .connection(new DefaultHttp2Connection(false))
                        .initialSettings(Http2Settings.defaultSettings().initialWindowSize(WINDOW).pushEnabled(false))
                        .frameListener(new Frames(ch))
                        .build();
                ch.pipeline().addLast(new Traffic(), handler, new Tail());
            }
        }).connect(endpoint.address()).addListener(this);
    }

    /** The connect attempt finished. */
    @Override
    public void operationComplete(ChannelFuture future) {
        if (!worker.connectEnded(this, future, reconnectTask)) {
            return;
        }
        channel = future.channel();
        http2 = channel.pipeline().get(Http2ConnectionHandler.class);
        http2Context = channel.pipeline().context(http2);
        inFlight = 0;
        Arrays.fill(streamIds, 0);
        streamLimit = -1; // no request before the server's SETTINGS
        goingAway = false;
        errorCounted = false;
        try {
            // the connection-level window; stream windows come with our SETTINGS
            http2.connection().local().flowController().incrementWindowSize(http2.connection().connectionStream(),
                    WINDOW - Http2CodecUtil.DEFAULT_WINDOW_SIZE);
        } catch (Http2Exception e) {
            abandon(Loss.READ); // cannot happen with these numbers; counted if it does
        }
    }

    @Override
    public void beginSchedule(long originNanos) {
        // closed model only: the open model is refused for HTTP/2 (LoadSpec)
    }

    @Override
    public void startSending() {
        if (channel == null || !channel.isActive() || streamLimit < 0 || !worker.started()) {
            return; // the SETTINGS frame, or the clock, will call again
        }
        refill();
        channel.flush(); // through the codec, which writes DATA frames waiting on flow control first
    }

    /**
     * Opens streams up to the limit (writes, does not flush). Called when a read completes, not
     * from a frame callback: the codec closes an ended stream only after its callback, and a new
     * stream opened before that could exceed the server's limit.
     */
    private void refill() {
        while (inFlight < streamLimit && sendOne()) {
            // fill the streams
        }
    }

    /** Opens one stream (writes, does not flush); false when nothing may be sent now. */
    private boolean sendOne() {
        if (worker.stopped() || goingAway || errorCounted || worker.acquirePermits(1) == 0) {
            return false;
        }
        int id = http2.connection().local().incrementAndGetNextStreamId();
        if (id < 0) { // stream ids are used up: a fresh socket starts over
            goingAway = true;
            channel.close();
            return false;
        }
        int slot = freeSlot();
        streamIds[slot] = id;
        sentAt[slot] = System.nanoTime();
        statuses[slot] = 0;
        inFlight++;
        boolean endStream = body == null;
        ChannelPromise written = http2Context.newPromise();
        written.addListener(f -> {
            if (!f.isSuccess()) {
                writeFailed(id);
            }
        });
        http2.encoder().writeHeaders(http2Context, id, requestHeaders, 0, endStream, written);
        if (!endStream) {
            http2.encoder().writeData(http2Context, id, Unpooled.wrappedBuffer(body), 0, true, http2Context.newPromise());
        }
        return true;
    }

    private int freeSlot() {
        for (int k = 0; k < streamIds.length; k++) {
            if (streamIds[k] == 0) {
                return k;
            }
        }
        throw new IllegalStateException("more streams in flight than " + depth);
    }

    private int slotOf(int streamId) {
        for (int k = 0; k < streamIds.length; k++) {
            if (streamIds[k] == streamId) {
                return k;
            }
        }
        return -1;
    }

    /** The last frame of stream {@code id} was read: records it with its final status. */
    private void streamEnded(int id) {
        int slot = slotOf(id);
        if (slot < 0) {
            return; // a stream we gave up on
        }
        long now = System.nanoTime();
        free(slot);
        if (worker.measuring() && sentAt[slot] >= worker.measureStartNanos()) {
            stats.requests++;
            stats.lastCompletionNanos = now;
            stats.recordStatus(statuses[slot]);
            stats.latency.recordValue(now - sentAt[slot]);
        }
        closeIfDrained(); // the next request goes out when the read completes (see Tail)
    }

    /** The server reset stream {@code id}: the request is lost, a read error. */
    private void streamReset(int id) {
        if (forget(id) && worker.measuring()) {
            stats.readErrors++;
        }
        closeIfDrained();
    }

    /** The request of stream {@code id} could not be written: a write error. */
    private void writeFailed(int id) {
        if (forget(id) && worker.measuring()) {
            stats.writeErrors++;
        }
        closeIfDrained();
    }

    /** After a GOAWAY, the socket closes once its last stream ended; a new one opens then. */
    private void closeIfDrained() {
        if (goingAway && inFlight == 0 && channel != null) {
            channel.close();
        }
    }

    /** Frees the slot of stream {@code id}; false when it was not in flight. */
    private boolean forget(int id) {
        int slot = slotOf(id);
        if (slot < 0) {
            return false;
        }
        free(slot);
        return true;
    }

    private void free(int slot) {
        streamIds[slot] = 0;
        inFlight--;
    }

    @Override
    public void checkTimeout(long now, long timeoutNanos) {
        if (channel == null || inFlight == 0) {
            return;
        }
        for (int k = 0; k < streamIds.length; k++) {
            if (streamIds[k] != 0 && now - sentAt[k] > timeoutNanos) {
                abandon(Loss.TIMEOUT);
                return;
            }
        }
    }

    @Override
    public boolean idle() {
        return inFlight == 0;
    }

    @Override
    public void close() {
        if (channel != null) {
            channel.close();
        }
    }

    /** Counts every stream still in flight as lost to {@code kind}, then closes the socket. */
    private void abandon(Loss kind) {
        countLost(kind);
        if (!errorCounted && worker.measuring()) {
            stats.reconnects++;
        }
        errorCounted = true;
        if (channel != null) {
            channel.close();
        }
    }

    private void countLost(Loss kind) {
        if (worker.measuring()) {
            stats.lost(kind, inFlight);
        }
        inFlight = 0;
        Arrays.fill(streamIds, 0);
    }

    /** Frames of one socket; frames of a socket we already replaced are ignored. */
    private final class Frames extends Http2FrameAdapter {
        private final Channel owner;

        Frames(Channel owner) {
            this.owner = owner;
        }

        @Override
        public void onSettingsRead(ChannelHandlerContext ctx, Http2Settings settings) {
            if (owner != channel) {
                return;
            }
            Long max = settings.maxConcurrentStreams();
            boolean first = streamLimit < 0;
            if (max != null) {
                streamLimit = (int) Math.min(depth, max);
            } else if (first) {
                streamLimit = depth; // no limit announced; a later SETTINGS without one keeps the last
            }
            if (first) {
                startSending();
            }
        }

        @Override
        public void onHeadersRead(ChannelHandlerContext ctx, int streamId, Http2Headers headers, int padding,
                                  boolean endOfStream) {
            if (owner != channel) {
                return;
            }
            int slot = slotOf(streamId);
            if (slot >= 0 && headers.status() != null) {
                int status = statusOf(headers.status());
                if (status >= 200 || status < 100) {
                    statuses[slot] = status; // a final status; 1xx ones are interim
                }
            }
            if (endOfStream) {
                streamEnded(streamId);
            }
        }

        @Override
        public void onHeadersRead(ChannelHandlerContext ctx, int streamId, Http2Headers headers, int streamDependency,
                                  short weight, boolean exclusive, int padding, boolean endOfStream) {
            onHeadersRead(ctx, streamId, headers, padding, endOfStream);
        }

        @Override
        public int onDataRead(ChannelHandlerContext ctx, int streamId, ByteBuf data, int padding, boolean endOfStream) {
            int processed = data.readableBytes() + padding; // returned at once: the window refills
            if (owner == channel && endOfStream) {
                streamEnded(streamId);
            }
            return processed;
        }

        @Override
        public void onRstStreamRead(ChannelHandlerContext ctx, int streamId, long errorCode) {
            if (owner == channel) {
                streamReset(streamId);
            }
        }

        @Override
        public void onGoAwayRead(ChannelHandlerContext ctx, int lastStreamId, long errorCode, ByteBuf debugData) {
            if (owner != channel) {
                return;
            }
            // No new streams; those above lastStreamId will never be answered: lost. The others may
            // still finish; then the socket closes and a new one opens.
            goingAway = true;
            for (int k = 0; k < streamIds.length; k++) {
                if (streamIds[k] > lastStreamId && forget(streamIds[k]) && worker.measuring()) {
                    stats.readErrors++;
                }
            }
            closeIfDrained();
        }
    }

    private static int statusOf(CharSequence status) {
        if (status.length() != 3) {
            return 0;
        }
        int s = 0;
        for (int k = 0; k < 3; k++) {
            int d = status.charAt(k) - '0';
            if (d < 0 || d > 9) {
                return 0;
            }
            s = s * 10 + d;
        }
        return s;
    }

    /** Counts the bytes on the wire, both ways, as HTTP/1.1 counts them. */
    private final class Traffic extends ChannelDuplexHandler {
        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            if (worker.measuring()) {
                stats.bytesRead += ((ByteBuf) msg).readableBytes();
            }
            ctx.fireChannelRead(msg);
        }

        @Override
        public void write(ChannelHandlerContext ctx, Object msg, ChannelPromise promise) {
            if (worker.measuring() && msg instanceof ByteBuf b) {
                stats.bytesWritten += b.readableBytes();
            }
            ctx.write(msg, promise);
        }
    }

    /** After the codec: refills the streams after each read, sees the socket's end and unhandled errors. */
    private final class Tail extends ChannelInboundHandlerAdapter {
        @Override
        public void channelReadComplete(ChannelHandlerContext ctx) {
            if (ctx.channel() == channel && streamLimit > 0 && worker.started()) {
                refill(); // the codec flushes right after this
            }
            ctx.fireChannelReadComplete();
        }

        @Override
        public void channelInactive(ChannelHandlerContext ctx) {
            if (ctx.channel() != channel) {
                return;
            }
            if (worker.stopped()) {
                channel = null;
                return;
            }
            boolean spokeHttp2 = streamLimit >= 0;
            if (!errorCounted) {
                countLost(Loss.READ);
                if (worker.measuring()) {
                    stats.reconnects++;
                }
            }
            channel = null;
            if (spokeHttp2) {
                connect();
            } else {
                // closed before its SETTINGS: not (or no longer) an h2c server; retry, without spinning
                if (worker.measuring()) {
                    stats.protocolErrors++;
                }
                worker.loop().schedule(reconnectTask, Worker.RECONNECT_BACKOFF_NANOS, TimeUnit.NANOSECONDS);
            }
        }

        @Override
        public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
            if (ctx.channel() == channel && !errorCounted) {
                abandon(Loss.READ);
            } else {
                ctx.close();
            }
        }
    }
}
