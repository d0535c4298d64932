package showdown.harness.verify;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.handler.codec.http2.DefaultHttp2Headers;
import io.netty.handler.codec.http2.Http2Connection;
import io.netty.handler.codec.http2.Http2ConnectionHandler;
import io.netty.handler.codec.http2.Http2ConnectionHandlerBuilder;
import io.netty.handler.codec.http2.Http2Error;
import io.netty.handler.codec.http2.Http2FrameAdapter;
import io.netty.handler.codec.http2.Http2Headers;
import io.netty.handler.ssl.ApplicationProtocolConfig;
import io.netty.handler.ssl.ApplicationProtocolNames;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslContextBuilder;
import io.netty.handler.ssl.SslProvider;
import java.io.ByteArrayOutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Queue;
import java.util.Set;
import java.util.concurrent.ConcurrentLinkedQueue;
import showdown.harness.targets.SelfSignedCertificate;
import showdown.harness.verify.ContractServer.Fault;

/**
 * The scenario contract over HTTP/2 (Netty's codec): h2c with prior knowledge, or h2 over TLS (ALPN
 * {@code h2}) with the run's certificate. It answers from {@link ContractRoutes} with the same faults
 * as {@link ContractServer}, plus faults of HTTP/2's own. An upload over the limit gets a complete
 * 413 and then RST_STREAM NO_ERROR, as Armeria does.
 */
final class Http2ContractServer implements AutoCloseable {

    /** Breaks a rule of HTTP/2 itself. */
    enum Http2Fault { CONNECTION_HEADER, UPPER_CASE_NAME }

    private final Set<Fault> faults;
    private final Set<Http2Fault> http2Faults;
    private final ContractRoutes routes;
    private final EventLoopGroup group = new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());
    private final Channel server;
    /** Per connection: how much the client's connection window let us send when its first HEADERS came. */
    private final Queue<Integer> connectionWindowsAtFirstHeaders = new ConcurrentLinkedQueue<>();

    Http2ContractServer(Set<Fault> faults, Set<Http2Fault> http2Faults, SslContext tls) throws InterruptedException {
        this.faults = faults.isEmpty() ? EnumSet.noneOf(Fault.class) : EnumSet.copyOf(faults);
        this.http2Faults = http2Faults.isEmpty() ? EnumSet.noneOf(Http2Fault.class) : EnumSet.copyOf(http2Faults);
        this.routes = new ContractRoutes(this.faults);
        this.server = new ServerBootstrap().group(group).channel(NioServerSocketChannel.class)
                .childHandler(new ChannelInitializer<Channel>() {
                    @Override
                    protected void initChannel(Channel ch) {
                        if (tls != null) {
                            ch.pipeline().addLast(tls.newHandler(ch.alloc()));
                        }
                        Streams streams = new Streams();
                        Http2ConnectionHandler h = new Http2ConnectionHandlerBuilder().server(true).frameListener(streams).build();
                        streams.handler = h;
                        ch.pipeline().addLast(h);
                    }
                })
                .bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0)).sync().channel();
    }

    static Http2ContractServer cleartext(Fault... faults) throws InterruptedException {
        return new Http2ContractServer(Set.of(faults), Set.of(), null);
    }

    /** h2 over TLS with the certificate files a target gets as TLS_CERT and TLS_KEY; ALPN offers h2 only. */
    static SslContext serverTls(SelfSignedCertificate cert) throws Exception {
        return SslContextBuilder.forServer(cert.certFile().toFile(), cert.keyFile().toFile())
                .sslProvider(SslProvider.JDK)
                .applicationProtocolConfig(new ApplicationProtocolConfig(ApplicationProtocolConfig.Protocol.ALPN,
                        ApplicationProtocolConfig.SelectorFailureBehavior.NO_ADVERTISE,
                        ApplicationProtocolConfig.SelectedListenerFailureBehavior.ACCEPT, ApplicationProtocolNames.HTTP_2))
                .build();
    }

    List<Integer> connectionWindowsAtFirstHeaders() {
        return List.copyOf(connectionWindowsAtFirstHeaders);
    }

    int port() {
        return ((InetSocketAddress) server.localAddress()).getPort();
    }

    @Override
    public void close() {
        server.close().syncUninterruptibly();
        group.shutdownGracefully(0, 1, java.util.concurrent.TimeUnit.SECONDS).syncUninterruptibly();
    }

    /** One connection's requests, assembled from their frames. */
    private final class Streams extends Http2FrameAdapter {
        Http2ConnectionHandler handler;
        private final Map<Integer, Map<String, String>> heads = new HashMap<>();
        private final Map<Integer, ByteArrayOutputStream> bodies = new HashMap<>();
        private boolean sawHeaders;

        @Override
        public void onHeadersRead(ChannelHandlerContext ctx, int streamId, Http2Headers headers, int padding, boolean endOfStream) {
            if (!sawHeaders) {
                sawHeaders = true;
                Http2Connection c = handler.connection();
                connectionWindowsAtFirstHeaders.add(c.remote().flowController().windowSize(c.connectionStream()));
            }
            Map<String, String> head = new LinkedHashMap<>();
            headers.forEach(h -> head.put(h.getKey().toString().toLowerCase(Locale.ROOT), h.getValue().toString()));
            String length = head.get("content-length");
            if (length != null && Long.parseLong(length) > ContractServer.MAX_BODY_BYTES
                    && !faults.contains(Fault.NO_BODY_LIMIT)) {
                tooLarge(ctx, streamId);
                return;
            }
            heads.put(streamId, head);
            bodies.put(streamId, new ByteArrayOutputStream());
            if (endOfStream) {
                answer(ctx, streamId);
            }
        }

        @Override
        public void onHeadersRead(ChannelHandlerContext ctx, int streamId, Http2Headers headers, int streamDependency,
                short weight, boolean exclusive, int padding, boolean endOfStream) {
            onHeadersRead(ctx, streamId, headers, padding, endOfStream);
        }

        @Override
        public int onDataRead(ChannelHandlerContext ctx, int streamId, ByteBuf data, int padding, boolean endOfStream) {
            int processed = data.readableBytes() + padding;
            ByteArrayOutputStream body = bodies.get(streamId);
            if (body == null) {
                return processed; // a stream already answered (413)
            }
            if (body.size() + (long) data.readableBytes() > ContractServer.MAX_BODY_BYTES && !faults.contains(Fault.NO_BODY_LIMIT)) {
                tooLarge(ctx, streamId);
                return processed;
            }
            byte[] bytes = new byte[data.readableBytes()];
            data.getBytes(data.readerIndex(), bytes);
            body.writeBytes(bytes);
            if (endOfStream) {
                answer(ctx, streamId);
            }
            return processed;
        }

        private void tooLarge(ChannelHandlerContext ctx, int streamId) {
            heads.remove(streamId);
            bodies.remove(streamId);
            respond(ctx, streamId, new ContractRoutes.Answer(413, ContractServer.TEXT, ""));
            handler.resetStream(ctx, streamId, Http2Error.NO_ERROR.code(), ctx.newPromise());
            ctx.channel().flush(); // through the handler's flush, which hands the DATA on
        }

        private void answer(ChannelHandlerContext ctx, int streamId) {
            Map<String, String> head = heads.remove(streamId);
            byte[] body = bodies.remove(streamId).toByteArray();
            respond(ctx, streamId, routes.answer(head.get(":method"), head.get(":path"), head, body));
        }

        private void respond(ChannelHandlerContext ctx, int streamId, ContractRoutes.Answer a) {
            Http2Headers h = new DefaultHttp2Headers(false).status(Integer.toString(a.status()));
            h.add(http2Faults.contains(Http2Fault.UPPER_CASE_NAME) ? "Server" : "server", "contract-server");
            if (!faults.contains(Fault.MISSING_DATE)) {
                h.add("date", DateTimeFormatter.RFC_1123_DATE_TIME.format(ZonedDateTime.now(ZoneOffset.UTC)));
            }
            h.add("content-type", a.type());
            h.add("content-length", Integer.toString(a.body().length));
            if (http2Faults.contains(Http2Fault.CONNECTION_HEADER)) {
                h.add("connection", "keep-alive");
            }
            boolean empty = a.body().length == 0;
            handler.encoder().writeHeaders(ctx, streamId, h, 0, empty, ctx.newPromise());
            if (!empty) {
                handler.encoder().writeData(ctx, streamId, Unpooled.wrappedBuffer(a.body()), 0, true, ctx.newPromise());
            }
            ctx.channel().flush(); // through the handler's flush, which hands the DATA on
        }
    }
}
