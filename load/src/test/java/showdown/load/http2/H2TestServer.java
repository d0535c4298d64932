package showdown.load.http2;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.handler.codec.http2.DefaultHttp2Connection;
import io.netty.handler.codec.http2.DefaultHttp2Headers;
import io.netty.handler.codec.http2.Http2ConnectionHandler;
import io.netty.handler.codec.http2.Http2ConnectionHandlerBuilder;
import io.netty.handler.codec.http2.Http2Error;
import io.netty.handler.codec.http2.Http2FrameAdapter;
import io.netty.handler.codec.http2.Http2Headers;
import io.netty.handler.codec.http2.Http2Settings;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * An h2c server on 127.0.0.1 for the HTTP/2 tests (Netty's codec, server side). Each request gets
 * what {@link Policy} says: an answer ("200", a 5-byte body), a 404 with the same body, the same
 * answer with no {@code :status} or with one that is not three digits, a reset,
 * nothing at all, an answer followed by a GOAWAY that names it as the last stream, or an answer
 * 200 ms late. A {@link Shape}
 * makes the answers harder to read: headers that fill the HPACK dynamic table, header blocks too
 * big for one frame, padding, bodies over many frames, a PING on each connection. It counts what it
 * did, so tests can compare exact numbers.
 */
final class H2TestServer implements AutoCloseable {

    /** What to do with the n-th request on a connection (from 1) and the n-th overall (from 1). */
    interface Policy {
        Action on(int onConnection, int overall);
    }

    enum Action { ANSWER, NOT_FOUND, NO_STATUS, BAD_STATUS, RESET, IGNORE, ANSWER_THEN_GOAWAY, ANSWER_AFTER_200_MS }

    /**
     * How answers look on the wire.
     *
     * @param bodySize bytes of body per answer
     * @param padding padding bytes on every HEADERS and DATA frame (0: none)
     * @param indexedHeaders whether answers carry headers that HPACK adds to its dynamic table
     *     ({@code x-seq} differs on every answer, so entries are evicted too)
     * @param bigHeaderEvery every n-th answer carries a 20,000-byte header, sent in CONTINUATION frames (0: never)
     * @param ping whether the server pings each new connection
     */
    record Shape(int bodySize, int padding, boolean indexedHeaders, int bigHeaderEvery, boolean ping) {
        static final Shape PLAIN = new Shape(5, 0, false, 0, false);
    }

    final AtomicInteger answered = new AtomicInteger();
    final AtomicInteger resets = new AtomicInteger();
    final AtomicInteger goaways = new AtomicInteger();
    final AtomicInteger mostConcurrent = new AtomicInteger();
    final AtomicInteger pingAcks = new AtomicInteger();
    final AtomicLong requestBodyBytes = new AtomicLong();

    private final AtomicInteger overall = new AtomicInteger();
    private final EventLoopGroup group = new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());
    private final Channel listener;

    H2TestServer(long maxConcurrentStreams, Policy policy) throws InterruptedException {
        this(maxConcurrentStreams, policy, Shape.PLAIN);
    }

    H2TestServer(long maxConcurrentStreams, Policy policy, Shape shape) throws InterruptedException {
        byte[] body = "x".repeat(shape.bodySize()).getBytes(StandardCharsets.US_ASCII);
        listener = new ServerBootstrap().group(group).channel(NioServerSocketChannel.class)
                .childHandler(new ChannelInitializer<>() {
                    @Override
                    protected void initChannel(Channel ch) {
                        Streams streams = new Streams(policy, shape, body);
                        Http2ConnectionHandler handler = new Http2ConnectionHandlerBuilder()
                                .connection(new DefaultHttp2Connection(true))
                                .initialSettings(Http2Settings.defaultSettings().maxConcurrentStreams(maxConcurrentStreams)
                                        .maxHeaderListSize(1 << 20))
                                .frameListener(streams)
                                .build();
                        streams.handler = handler;
                        ch.pipeline().addLast(handler);
                        if (shape.ping()) {
                            ch.pipeline().addLast(new ChannelInboundHandlerAdapter() {
                                @Override
                                public void channelActive(ChannelHandlerContext ctx) {
                                    handler.encoder().writePing(ctx, false, 42, ctx.newPromise());
                                    ctx.flush();
                                    ctx.fireChannelActive();
                                }
                            });
                        }
                    }
                })
                .bind(new InetSocketAddress("127.0.0.1", 0)).sync().channel();
    }

    String url(String path) {
        return "http://127.0.0.1:" + ((InetSocketAddress) listener.localAddress()).getPort() + path;
    }

    @Override
    public void close() {
        listener.close().awaitUninterruptibly();
        group.shutdownGracefully(0, 1, TimeUnit.SECONDS).awaitUninterruptibly();
    }

    /** One connection's requests. */
    private final class Streams extends Http2FrameAdapter {
        private final Policy policy;
        private final Shape shape;
        private final byte[] body;
        private Http2ConnectionHandler handler;
        private int onConnection;

        Streams(Policy policy, Shape shape, byte[] body) {
            this.policy = policy;
            this.shape = shape;
            this.body = body;
        }

        @Override
        public void onPingAckRead(ChannelHandlerContext ctx, long data) {
            pingAcks.incrementAndGet();
        }

        @Override
        public void onHeadersRead(ChannelHandlerContext ctx, int streamId, Http2Headers headers, int padding,
                                  boolean endOfStream) {
            int active = handler.connection().numActiveStreams();
            mostConcurrent.accumulateAndGet(active, Math::max);
            if (!endOfStream) {
                return; // a request body follows: answered on its last DATA frame
            }
            respond(ctx, streamId);
        }

        @Override
        public void onHeadersRead(ChannelHandlerContext ctx, int streamId, Http2Headers headers, int streamDependency,
                                  short weight, boolean exclusive, int padding, boolean endOfStream) {
            onHeadersRead(ctx, streamId, headers, padding, endOfStream);
        }

        @Override
        public int onDataRead(ChannelHandlerContext ctx, int streamId, ByteBuf data, int padding, boolean endOfStream) {
            requestBodyBytes.addAndGet(data.readableBytes());
            if (endOfStream) {
                respond(ctx, streamId);
            }
            return data.readableBytes() + padding;
        }

        private void respond(ChannelHandlerContext ctx, int streamId) {
            Action action = policy.on(++onConnection, overall.incrementAndGet());
            if (action == Action.ANSWER_AFTER_200_MS) {
                ctx.executor().schedule(() -> {
                    if (ctx.channel().isActive()) { // unless the client left
                        act(ctx, streamId, Action.ANSWER);
                        handler.flush(ctx); // the handler's flush, which also writes the DATA its flow control holds
                    }
                }, 200, TimeUnit.MILLISECONDS);
            } else {
                act(ctx, streamId, action); // written when the read is done: the handler flushes then
            }
        }

        private void act(ChannelHandlerContext ctx, int streamId, Action action) {
            switch (action) {
                case IGNORE, ANSWER_AFTER_200_MS -> {
                }
                case RESET -> {
                    resets.incrementAndGet();
                    handler.encoder().writeRstStream(ctx, streamId, Http2Error.CANCEL.code(), ctx.newPromise());
                }
                case ANSWER, NOT_FOUND, NO_STATUS, BAD_STATUS, ANSWER_THEN_GOAWAY -> {
                    int n = answered.incrementAndGet();
                    Http2Headers headers = switch (action) {
                        case NOT_FOUND -> new DefaultHttp2Headers().status("404");
                        case NO_STATUS -> new DefaultHttp2Headers().add("content-type", "text/plain");
                        case BAD_STATUS -> new DefaultHttp2Headers(false).status("2x0");
                        default -> new DefaultHttp2Headers().status("200");
                    };
                    if (shape.indexedHeaders()) {
                        headers.add("server", "h2-test-server").add("x-seq", Integer.toString(n));
                    }
                    if (shape.bigHeaderEvery() > 0 && n % shape.bigHeaderEvery() == 0) {
                        headers.add("x-big", "b".repeat(20_000));
                    }
                    handler.encoder().writeHeaders(ctx, streamId, headers, shape.padding(), false, ctx.newPromise());
                    handler.encoder().writeData(ctx, streamId, Unpooled.wrappedBuffer(body), shape.padding(), true,
                            ctx.newPromise());
                    if (action == Action.ANSWER_THEN_GOAWAY) {
                        goaways.incrementAndGet();
                        // graceful: the client closes once this stream is done (streams after it are ignored)
                        handler.goAway(ctx, streamId, Http2Error.NO_ERROR.code(), Unpooled.EMPTY_BUFFER, ctx.newPromise());
                    }
                }
            }
        }
    }
}
