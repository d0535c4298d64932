package showdown.harness.verify;

import io.netty.bootstrap.Bootstrap;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.nio.NioDatagramChannel;
import io.netty.handler.codec.http3.DefaultHttp3DataFrame;
import io.netty.handler.codec.http3.DefaultHttp3HeadersFrame;
import io.netty.handler.codec.http3.Http3;
import io.netty.handler.codec.http3.Http3DataFrame;
import io.netty.handler.codec.http3.Http3ErrorCode;
import io.netty.handler.codec.http3.Http3Headers;
import io.netty.handler.codec.http3.Http3HeadersFrame;
import io.netty.handler.codec.http3.Http3RequestStreamInboundHandler;
import io.netty.handler.codec.http3.Http3ServerConnectionHandler;
import io.netty.handler.codec.quic.InsecureQuicTokenHandler;
import io.netty.handler.codec.quic.QuicChannel;
import io.netty.handler.codec.quic.QuicSslContext;
import io.netty.handler.codec.quic.QuicSslContextBuilder;
import io.netty.handler.codec.quic.QuicStreamChannel;
import java.io.ByteArrayOutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import showdown.harness.targets.SelfSignedCertificate;
import showdown.harness.verify.ContractServer.Fault;

/**
 * The scenario contract over HTTP/3 (Netty's QUIC and HTTP/3 codecs, not the verifier's client code)
 * on a loopback UDP port, with the run's certificate and ALPN {@code h3}. It answers from
 * {@link ContractRoutes} with the same faults as {@link ContractServer}, plus HTTP/3's own
 * ({@link Http3Fault}). An upload over the limit gets a complete 413, then STOP_SENDING. It counts
 * the requests it answered.
 */
public final class Http3ContractServer implements AutoCloseable {

    /** Breaks a rule of HTTP/3 itself, or answers every request alike. */
    public enum Http3Fault { CONNECTION_HEADER, WRONG_STATUS }

    private final Set<Fault> faults;
    private final Set<Http3Fault> http3Faults;
    private final ContractRoutes routes;
    private final EventLoopGroup group = new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());
    private final Channel channel;
    private final AtomicLong answered = new AtomicLong();

    Http3ContractServer(SelfSignedCertificate cert, Set<Fault> faults, Set<Http3Fault> http3Faults) throws Exception {
        this.faults = faults.isEmpty() ? EnumSet.noneOf(Fault.class) : EnumSet.copyOf(faults);
        this.http3Faults = http3Faults.isEmpty() ? EnumSet.noneOf(Http3Fault.class) : EnumSet.copyOf(http3Faults);
        this.routes = new ContractRoutes(this.faults);
        QuicSslContext ssl = QuicSslContextBuilder.forServer(cert.keyFile().toFile(), null, cert.certFile().toFile())
                .applicationProtocols(Http3.supportedApplicationProtocols()).build();
        Channel bound;
        try {
            bound = new Bootstrap().group(group).channel(NioDatagramChannel.class)
                    .handler(Http3.newQuicServerCodecBuilder()
                            .sslContext(ssl)
                            .maxIdleTimeout(30, TimeUnit.SECONDS)
                            .initialMaxData(1L << 27)
                            .initialMaxStreamDataBidirectionalLocal(1L << 24)
                            .initialMaxStreamDataBidirectionalRemote(1L << 24)
                            .initialMaxStreamsBidirectional(200)
                            .tokenHandler(InsecureQuicTokenHandler.INSTANCE)
                            .handler(new ChannelInitializer<QuicChannel>() {
                                @Override
                                protected void initChannel(QuicChannel ch) {
                                    ch.pipeline().addLast(new Http3ServerConnectionHandler(
                                            new ChannelInitializer<QuicStreamChannel>() {
                                                @Override
                                                protected void initChannel(QuicStreamChannel stream) {
                                                    stream.pipeline().addLast(new RequestStream());
                                                }
                                            }));
                                }
                            })
                            .build())
                    .bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0)).sync().channel();
        } catch (Exception e) {
            group.shutdownGracefully(0, 0, TimeUnit.MILLISECONDS);
            throw e;
        }
        this.channel = bound;
    }

    /** Every route answered as the contract says, for tests outside this package (readiness, load). */
    public static Http3ContractServer correct(SelfSignedCertificate cert) throws Exception {
        return new Http3ContractServer(cert, Set.of(), Set.of());
    }

    /** The UDP port it listens on. */
    public int port() {
        return ((InetSocketAddress) channel.localAddress()).getPort();
    }

    /** The requests answered (413s included). */
    public long answered() {
        return answered.get();
    }

    @Override
    public void close() {
        channel.close().awaitUninterruptibly(2_000);
        group.shutdownGracefully(0, 1, TimeUnit.SECONDS).awaitUninterruptibly(3_000);
    }

    /** One request stream: its headers and body gathered, answered at its FIN (or at once with 413). */
    private final class RequestStream extends Http3RequestStreamInboundHandler {
        private Map<String, String> head;
        private final ByteArrayOutputStream body = new ByteArrayOutputStream();
        private boolean done;

        @Override
        protected void channelRead(ChannelHandlerContext ctx, Http3HeadersFrame frame) {
            if (head != null) {
                return; // trailers
            }
            head = new LinkedHashMap<>();
            frame.headers().forEach(h -> head.put(h.getKey().toString().toLowerCase(Locale.ROOT), h.getValue().toString()));
            String length = head.get("content-length");
            if (length != null && Long.parseLong(length) > ContractServer.MAX_BODY_BYTES && !faults.contains(Fault.NO_BODY_LIMIT)) {
                tooLarge(ctx);
            }
        }

        @Override
        protected void channelRead(ChannelHandlerContext ctx, Http3DataFrame frame) {
            try {
                if (done) {
                    return;
                }
                if (body.size() + (long) frame.content().readableBytes() > ContractServer.MAX_BODY_BYTES
                        && !faults.contains(Fault.NO_BODY_LIMIT)) {
                    tooLarge(ctx);
                    return;
                }
                body.writeBytes(io.netty.buffer.ByteBufUtil.getBytes(frame.content()));
            } finally {
                frame.release();
            }
        }

        @Override
        protected void channelInputClosed(ChannelHandlerContext ctx) {
            if (done) {
                return;
            }
            ContractRoutes.Answer a = routes.answer(head.get(":method"), head.get(":path"), head, body.toByteArray());
            respond(ctx, http3Faults.contains(Http3Fault.WRONG_STATUS) ? new ContractRoutes.Answer(500, a.type(), a.body()) : a);
        }

        private void tooLarge(ChannelHandlerContext ctx) {
            respond(ctx, new ContractRoutes.Answer(413, ContractServer.TEXT, ""));
            ((QuicStreamChannel) ctx.channel()).shutdownInput((int) Http3ErrorCode.H3_NO_ERROR.code());
        }

        private void respond(ChannelHandlerContext ctx, ContractRoutes.Answer a) {
            done = true;
            answered.incrementAndGet();
            DefaultHttp3HeadersFrame headers = new DefaultHttp3HeadersFrame();
            Http3Headers h = headers.headers();
            h.status(Integer.toString(a.status()));
            h.add("server", "contract-server");
            if (!faults.contains(Fault.MISSING_DATE)) {
                h.add("date", DateTimeFormatter.RFC_1123_DATE_TIME.format(ZonedDateTime.now(ZoneOffset.UTC)));
            }
            h.add("content-type", a.type());
            h.add("content-length", Integer.toString(a.body().length));
            if (http3Faults.contains(Http3Fault.CONNECTION_HEADER)) {
                h.add("connection", "keep-alive");
            }
            ctx.write(headers);
            ctx.writeAndFlush(new DefaultHttp3DataFrame(Unpooled.wrappedBuffer(a.body())))
                    .addListener(QuicStreamChannel.SHUTDOWN_OUTPUT);
        }
    }
}
