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
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import javax.net.ssl.KeyManagerFactory;

/**
 * A canned HTTP/3 server on a loopback UDP port, on Netty's HTTP/3 server codec, for the launcher's
 * training run ({@code showdown train-archive}): it answers every request with 200 and
 * {@code Hello, World!}. A run of {@code load --h3} against it puts the HTTP/3 client's classes and
 * method profiles into the AOT cache, as the other legs do for HTTP/1.1, TLS and HTTP/2: a 10 s
 * h3 run then spends less CPU compiling.
 */
public final class H3TrainingServer implements AutoCloseable {

    private static final byte[] BODY = "Hello, World!".getBytes(StandardCharsets.US_ASCII);

    private final MultiThreadIoEventLoopGroup group = new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());
    private final Channel channel;

    /**
     * Binds a loopback UDP port, presenting the key and certificate of {@code keys}, whose key
     * password is {@code password}. Check {@link H3Client#unavailability()} first: QUIC may not run here.
     */
    public H3TrainingServer(KeyManagerFactory keys, String password) throws InterruptedException {
        QuicSslContext ssl = QuicSslContextBuilder.forServer(keys, password)
                .applicationProtocols(Http3.supportedApplicationProtocols()).build();
        ChannelHandler codec = codec(ssl, 100, Duration.ofSeconds(10), Answer::new);
        try {
            channel = new Bootstrap().group(group).channel(NioDatagramChannel.class).handler(codec)
                    .bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0)).sync().channel();
        } catch (InterruptedException | RuntimeException e) {
            group.shutdownGracefully(0, 0, TimeUnit.MILLISECONDS);
            throw e;
        }
    }

    /**
     * Netty's HTTP/3 server codec as the canned servers use it: {@code streams} request streams at a
     * time per connection, closed after {@code idle} without traffic, each stream answered by a
     * fresh handler from {@code answer}.
     */
    public static ChannelHandler codec(QuicSslContext ssl, int streams, Duration idle, Supplier<ChannelHandler> answer) {
        return Http3.newQuicServerCodecBuilder()
                .sslContext(ssl)
                .maxIdleTimeout(idle.toMillis(), TimeUnit.MILLISECONDS)
                .initialMaxData(1 << 24)
                .initialMaxStreamDataBidirectionalLocal(1 << 20)
                .initialMaxStreamDataBidirectionalRemote(1 << 20)
                .initialMaxStreamsBidirectional(streams)
                .tokenHandler(InsecureQuicTokenHandler.INSTANCE)
                .handler(new ChannelInitializer<QuicChannel>() {
                    @Override
                    protected void initChannel(QuicChannel ch) {
                        ch.pipeline().addLast(new Http3ServerConnectionHandler(new ChannelInitializer<QuicStreamChannel>() {
                            @Override
                            protected void initChannel(QuicStreamChannel stream) {
                                stream.pipeline().addLast(answer.get());
                            }
                        }));
                    }
                })
                .build();
    }

    /** The URL to load. */
    public String url() {
        return "https://127.0.0.1:" + ((InetSocketAddress) channel.localAddress()).getPort() + "/";
    }

    @Override
    public void close() {
        channel.close().awaitUninterruptibly(2000);
        group.shutdownGracefully(0, 1, TimeUnit.SECONDS).awaitUninterruptibly(3000);
    }

    /** Answers a request stream once the request has ended. */
    private static final class Answer extends Http3RequestStreamInboundHandler {
        @Override
        protected void channelRead(ChannelHandlerContext ctx, Http3HeadersFrame frame) {
        }

        @Override
        protected void channelRead(ChannelHandlerContext ctx, Http3DataFrame frame) {
            frame.release();
        }

        @Override
        protected void channelInputClosed(ChannelHandlerContext ctx) {
            DefaultHttp3HeadersFrame headers = new DefaultHttp3HeadersFrame();
            headers.headers().status("200").add("content-type", "text/plain")
                    .add("content-length", Integer.toString(BODY.length));
            ctx.write(headers);
            ctx.writeAndFlush(new DefaultHttp3DataFrame(Unpooled.wrappedBuffer(BODY))).addListener(QuicStreamChannel.SHUTDOWN_OUTPUT);
        }
    }
}
