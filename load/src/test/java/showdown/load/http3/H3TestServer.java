package showdown.load.http3;

import io.netty.bootstrap.Bootstrap;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.nio.NioDatagramChannel;
import io.netty.handler.codec.http3.DefaultHttp3DataFrame;
import io.netty.handler.codec.http3.DefaultHttp3HeadersFrame;
import io.netty.handler.codec.http3.Http3;
import io.netty.handler.codec.http3.Http3DataFrame;
import io.netty.handler.codec.http3.Http3HeadersFrame;
import io.netty.handler.codec.http3.Http3RequestStreamInboundHandler;
import io.netty.handler.codec.http3.Http3ServerConnectionHandler;
import io.netty.handler.codec.quic.InsecureQuicTokenHandler;
import io.netty.handler.codec.quic.QuicChannel;
import io.netty.handler.codec.quic.QuicSslContext;
import io.netty.handler.codec.quic.QuicSslContextBuilder;
import io.netty.handler.codec.quic.QuicStreamChannel;
import io.netty.util.AttributeKey;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import showdown.load.tls.TestCertificate;

/**
 * An HTTP/3 server on a loopback UDP port, on Netty's own HTTP/3 codec (not the client's code):
 * answers every request with 200 and a short body, after {@code delayMillis}, resets every
 * {@code resetEvery}-th request stream (0: none) with H3_REQUEST_CANCELLED, and closes a connection
 * at its {@code closeEvery}-th request (0: never). It counts what it
 * received: requests (whole, FIN seen), POSTs and their body bytes, connections and the UDP
 * addresses they came from, and the most
 * request streams one connection had open at once. Its {@link Tickets} say whether a client may
 * resume a session, and send 0-RTT data.
 */
final class H3TestServer implements AutoCloseable {

    /** What the server does with TLS session tickets. */
    enum Tickets {
        /** Issued, and taken back: a client may resume; no early data. */
        RESUME,
        /** Issued allowing 0-RTT early data, and taken back with it. */
        EARLY_DATA,
        /**
         * Issued (allowing early data) but never taken back: each connection has a TLS context of
         * its own, whose ticket key no other connection knows, so every handshake is a full one.
         */
        REFUSED
    }

    static final byte[] BODY = "hello h3".getBytes(StandardCharsets.US_ASCII);
    static final int H3_REQUEST_CANCELLED = 0x10c;
    static final int H3_NO_ERROR = 0x100;
    private static final AttributeKey<AtomicInteger> OPEN_STREAMS = AttributeKey.valueOf("showdown.test.openStreams");
    private static final AttributeKey<AtomicInteger> REQUESTS = AttributeKey.valueOf("showdown.test.requests");

    final AtomicLong requests = new AtomicLong();
    final AtomicLong posts = new AtomicLong();
    final AtomicLong postBodyBytes = new AtomicLong();
    final AtomicLong resets = new AtomicLong();
    final AtomicLong closes = new AtomicLong();
    final AtomicInteger connections = new AtomicInteger();
    /** The UDP addresses (ports) its connections came from. */
    final java.util.Set<java.net.SocketAddress> clientAddresses = java.util.concurrent.ConcurrentHashMap.newKeySet();
    final AtomicInteger mostStreamsAtOnce = new AtomicInteger();

    private final MultiThreadIoEventLoopGroup group = new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());
    private final Channel channel;
    private final long delayMillis;
    private final int resetEvery;
    private final int closeEvery;
    private final AtomicLong streams = new AtomicLong();

    H3TestServer(TestCertificate cert, long delayMillis, int resetEvery) throws Exception {
        this(cert, delayMillis, resetEvery, 0);
    }

    /** @param closeEvery the connection is closed with H3_NO_ERROR instead of answering its closeEvery-th request (0: never) */
    H3TestServer(TestCertificate cert, long delayMillis, int resetEvery, int closeEvery) throws Exception {
        this(cert, delayMillis, resetEvery, closeEvery, 100);
    }

    /** @param maxStreams the request streams a client may have open at once (QUIC's initial_max_streams_bidi) */
    H3TestServer(TestCertificate cert, long delayMillis, int resetEvery, int closeEvery, int maxStreams) throws Exception {
        this(cert, delayMillis, resetEvery, closeEvery, maxStreams, Tickets.RESUME, true, Http3.supportedApplicationProtocols(), 3);
    }

    /** Answers at once, taking session tickets as {@code tickets} says. */
    H3TestServer(TestCertificate cert, Tickets tickets) throws Exception {
        this(cert, 0, 0, 0, 100, tickets, true, Http3.supportedApplicationProtocols(), 3);
    }

    /** Offers only {@code alpn}: a client that asks for h3 alone fails its handshake. */
    H3TestServer(TestCertificate cert, String... alpn) throws Exception {
        this(cert, 0, 0, 0, 100, Tickets.RESUME, true, alpn, 3);
    }

    /**
     * Takes connections and request streams but reads none of them: a request whose body is larger
     * than the stream's flow-control window (1 MiB) stays in flight, part written, until the client gives up.
     */
    static H3TestServer readingNothing(TestCertificate cert) throws Exception {
        return new H3TestServer(cert, 0, 0, 0, 100, Tickets.RESUME, false, Http3.supportedApplicationProtocols(), 3);
    }

    /**
     * Grants the client no unidirectional stream (initial_max_streams_uni 0), as a QUIC server left
     * at its transport defaults does: the client cannot open HTTP/3's control stream.
     */
    static H3TestServer grantingNoUnidirectionalStream(TestCertificate cert) throws Exception {
        return new H3TestServer(cert, 0, 0, 0, 100, Tickets.RESUME, true, Http3.supportedApplicationProtocols(), 0);
    }

    private H3TestServer(TestCertificate cert, long delayMillis, int resetEvery, int closeEvery, int maxStreams,
                         Tickets tickets, boolean readsRequests, String[] alpn, int unidirectionalStreams) throws Exception {
        this.delayMillis = delayMillis;
        this.resetEvery = resetEvery;
        this.closeEvery = closeEvery;
        QuicSslContext ssl = sslContext(cert, tickets, alpn);
        ChannelHandler codec = Http3.newQuicServerCodecBuilder()
                .sslEngineProvider(tickets == Tickets.REFUSED
                        ? q -> sslContext(cert, tickets, alpn).newEngine(q.alloc())
                        : q -> ssl.newEngine(q.alloc()))
                .maxIdleTimeout(10, TimeUnit.SECONDS)
                .initialMaxData(1 << 24)
                .initialMaxStreamDataBidirectionalLocal(1 << 20)
                .initialMaxStreamDataBidirectionalRemote(1 << 20)
                .initialMaxStreamsBidirectional(maxStreams)
                .initialMaxStreamsUnidirectional(unidirectionalStreams)
                .tokenHandler(InsecureQuicTokenHandler.INSTANCE)
                .handler(new ChannelInitializer<QuicChannel>() {
                    @Override
                    protected void initChannel(QuicChannel ch) {
                        connections.incrementAndGet();
                        clientAddresses.add(ch.remoteSocketAddress());
                        ch.attr(OPEN_STREAMS).set(new AtomicInteger());
                        ch.attr(REQUESTS).set(new AtomicInteger());
                        ch.pipeline().addLast(new Http3ServerConnectionHandler(new ChannelInitializer<QuicStreamChannel>() {
                            @Override
                            protected void initChannel(QuicStreamChannel stream) {
                                if (!readsRequests) {
                                    stream.config().setAutoRead(false);
                                    return;
                                }
                                stream.pipeline().addLast(new RequestHandler());
                            }
                        }));
                    }
                })
                .build();
        try {
            channel = new Bootstrap().group(group).channel(NioDatagramChannel.class).handler(codec)
                    .bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0)).sync().channel();
        } catch (Exception e) {
            group.shutdownGracefully(0, 0, TimeUnit.MILLISECONDS);
            throw e;
        }
    }

    private static QuicSslContext sslContext(TestCertificate cert, Tickets tickets, String[] alpn) {
        try {
            return QuicSslContextBuilder.forServer(cert.keyManagers(), TestCertificate.password())
                    .applicationProtocols(alpn).earlyData(tickets != Tickets.RESUME).build();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    int port() {
        return ((InetSocketAddress) channel.localAddress()).getPort();
    }

    String url(String path) {
        return "https://127.0.0.1:" + port() + path;
    }

    @Override
    public void close() {
        channel.close().awaitUninterruptibly(2000);
        group.shutdownGracefully(0, 1, TimeUnit.SECONDS).awaitUninterruptibly(3000);
    }

    /** One request stream: counted as open until it closes; answered (or reset) once the request has ended. */
    private final class RequestHandler extends Http3RequestStreamInboundHandler {
        private boolean post;
        private long bodyBytes;

        @Override
        public void channelActive(ChannelHandlerContext ctx) throws Exception {
            int open = openStreams(ctx).incrementAndGet();
            mostStreamsAtOnce.accumulateAndGet(open, Math::max);
            super.channelActive(ctx);
        }

        @Override
        public void channelInactive(ChannelHandlerContext ctx) throws Exception {
            openStreams(ctx).decrementAndGet();
            super.channelInactive(ctx);
        }

        private AtomicInteger openStreams(ChannelHandlerContext ctx) {
            return ctx.channel().parent().attr(OPEN_STREAMS).get();
        }

        @Override
        protected void channelRead(ChannelHandlerContext ctx, Http3HeadersFrame frame) {
            post = "POST".contentEquals(frame.headers().method());
        }

        @Override
        protected void channelRead(ChannelHandlerContext ctx, Http3DataFrame frame) {
            bodyBytes += frame.content().readableBytes();
            frame.release();
        }

        @Override
        protected void channelInputClosed(ChannelHandlerContext ctx) {
            requests.incrementAndGet();
            if (post) {
                posts.incrementAndGet();
                postBodyBytes.addAndGet(bodyBytes);
            }
            QuicStreamChannel stream = (QuicStreamChannel) ctx.channel();
            if (closeEvery > 0 && stream.parent().attr(REQUESTS).get().incrementAndGet() % closeEvery == 0) {
                closes.incrementAndGet();
                stream.parent().close(true, H3_NO_ERROR, Unpooled.EMPTY_BUFFER);
                return;
            }
            if (resetEvery > 0 && streams.incrementAndGet() % resetEvery == 0) {
                resets.incrementAndGet();
                stream.shutdown(H3_REQUEST_CANCELLED);
                return;
            }
            if (delayMillis > 0) {
                ctx.executor().schedule(() -> answer(stream), delayMillis, TimeUnit.MILLISECONDS);
            } else {
                answer(stream);
            }
        }

        private void answer(QuicStreamChannel stream) {
            DefaultHttp3HeadersFrame headers = new DefaultHttp3HeadersFrame();
            headers.headers().status("200").add("content-length", Integer.toString(BODY.length));
            stream.write(headers);
            stream.writeAndFlush(new DefaultHttp3DataFrame(Unpooled.wrappedBuffer(BODY))).addListener(QuicStreamChannel.SHUTDOWN_OUTPUT);
        }
    }
}
