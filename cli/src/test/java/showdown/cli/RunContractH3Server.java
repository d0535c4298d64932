package showdown.cli;

import io.netty.bootstrap.Bootstrap;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.nio.NioDatagramChannel;
import io.netty.handler.codec.http3.DefaultHttp3DataFrame;
import io.netty.handler.codec.http3.DefaultHttp3HeadersFrame;
import io.netty.handler.codec.http3.Http3;
import io.netty.handler.codec.http3.Http3DataFrame;
import io.netty.handler.codec.http3.Http3HeadersFrame;
import io.netty.handler.codec.http3.Http3RequestStreamInboundHandler;
import io.netty.handler.codec.quic.QuicSslContext;
import io.netty.handler.codec.quic.QuicSslContextBuilder;
import io.netty.handler.codec.quic.QuicStreamChannel;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import showdown.load.http3.H3TrainingServer;

/**
 * {@link RunContractServer} on {@code PORT} (HTTP/1.1, where the harness asks for the ready path)
 * and the routes of the {@code mist} scenario over HTTP/3 on UDP {@code HOST:TLS_PORT} with the
 * run's certificate ({@code TLS_CERT}, {@code TLS_KEY}), on Netty's HTTP/3 server codec: an h3
 * target for the run tests, without any framework target. Run as a child process with the test
 * class path; check {@code H3Client.unavailability()} first, as QUIC may not load here.
 */
public final class RunContractH3Server {

    private static final int MAX_BODY_BYTES = 1 << 20;

    private RunContractH3Server() {
    }

    /**
     * A target named {@code name} under {@code home} that runs this server and declares {@code h3};
     * {@code marker} is on its command line, so that a test can find the processes it left.
     */
    static void writeTarget(Path home, String name, String marker) throws IOException {
        Path dir = Files.createDirectories(home.resolve("targets/test/" + name));
        Files.writeString(dir.resolve("target.yaml"), """
                name: %s
                display: %s
                language: java
                framework: Netty HTTP/3
                version: "21"
                category: platform
                start: ["${JAVA}", "-Dshowdown.test.marker=%s", "-Xmx96m", "-cp", "%s", "showdown.cli.RunContractH3Server"]
                ready: /plaintext
                protocols: [h3]
                scenarios: [mist]
                """.formatted(name, name, marker, System.getProperty("java.class.path")));
    }

    public static void main(String[] args) throws Exception {
        RunContractServer.main(args);
        String host = System.getenv().getOrDefault("HOST", "127.0.0.1");
        int port = Integer.parseInt(System.getenv("TLS_PORT"));
        QuicSslContext ssl = QuicSslContextBuilder.forServer(new File(System.getenv("TLS_KEY")), null,
                new File(System.getenv("TLS_CERT"))).applicationProtocols(Http3.supportedApplicationProtocols()).build();
        ChannelHandler codec = H3TrainingServer.codec(ssl, 256, Duration.ofSeconds(30), Answer::new);
        // the event loop's thread is not a daemon: the process serves until it is ended
        new Bootstrap().group(new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory()))
                .channel(NioDatagramChannel.class).handler(codec).bind(new InetSocketAddress(host, port)).sync();
    }

    /** Answers one request stream once the request has ended: mist's {@code GET /}, {@code GET /user/ID}, {@code POST /user}. */
    private static final class Answer extends Http3RequestStreamInboundHandler {
        private String method = "";
        private String path = "";
        private final ByteArrayOutputStream body = new ByteArrayOutputStream();

        @Override
        protected void channelRead(ChannelHandlerContext ctx, Http3HeadersFrame frame) {
            method = String.valueOf(frame.headers().method());
            path = String.valueOf(frame.headers().path());
        }

        @Override
        protected void channelRead(ChannelHandlerContext ctx, Http3DataFrame frame) {
            ByteBuf content = frame.content();
            if (body.size() + content.readableBytes() <= MAX_BODY_BYTES) {
                byte[] bytes = new byte[content.readableBytes()];
                content.readBytes(bytes);
                body.writeBytes(bytes);
            }
            frame.release();
        }

        @Override
        protected void channelInputClosed(ChannelHandlerContext ctx) {
            int status = 200;
            byte[] answer;
            if (method.equals("POST") && path.equals("/user")) {
                answer = body.toByteArray();
            } else if (method.equals("GET") && (path.equals("/") || path.equals("/plaintext"))) {
                answer = path.equals("/") ? new byte[0] : "Hello, World!".getBytes(StandardCharsets.US_ASCII);
            } else if (method.equals("GET") && path.startsWith("/user/") && path.length() > "/user/".length()) {
                answer = path.substring("/user/".length()).getBytes(StandardCharsets.UTF_8);
            } else {
                status = 404;
                answer = "Not Found".getBytes(StandardCharsets.US_ASCII);
            }
            DefaultHttp3HeadersFrame headers = new DefaultHttp3HeadersFrame();
            headers.headers().status(Integer.toString(status)).add("content-type", "text/plain; charset=utf-8")
                    .add("content-length", Integer.toString(answer.length)).add("server", "showdown-test");
            ctx.write(headers);
            ctx.writeAndFlush(new DefaultHttp3DataFrame(Unpooled.wrappedBuffer(answer)))
                    .addListener(QuicStreamChannel.SHUTDOWN_OUTPUT);
        }
    }
}
