package showdown.harness.verify;

import io.netty.bootstrap.Bootstrap;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.handler.ssl.SslContext;
import io.netty.util.concurrent.DefaultThreadFactory;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * The verifier's HTTP/2 client for one protocol's checks: one event loop thread for all its
 * connections, and for h2-tls a TLS context that offers ALPN {@code h2} and trusts only the run's
 * certificate. Closing it stops the event loop (and with it any connection a check left open).
 */
final class Http2Client implements StreamClient {

    private static final Duration SHUTDOWN_WAIT = Duration.ofSeconds(2);

    private final EventLoopGroup group;
    private final SslContext tls; // null: h2c, HTTP/2 with prior knowledge on the cleartext port

    private Http2Client(SslContext tls) {
        this.tls = tls;
        this.group = new MultiThreadIoEventLoopGroup(1, new DefaultThreadFactory("verify-h2", true), NioIoHandler.newFactory());
    }

    /** h2c: the HTTP/2 preface straight away on a cleartext connection. */
    static Http2Client cleartext() {
        return new Http2Client(null);
    }

    /** h2-tls: TLS 1.2 or 1.3, ALPN {@code h2}, trusting only the PEM certificate in {@code certFile}. */
    static Http2Client tls(Path certFile) {
        return new Http2Client(TlsTrust.http2Client(certFile));
    }

    @Override
    public String version() {
        return "HTTP/2";
    }

    boolean secure() {
        return tls != null;
    }

    /**
     * A new connection with the prefaces exchanged (and for h2-tls, the handshake done and {@code h2}
     * chosen). With {@code fragmentBytes > 0} every byte the client writes after the prefaces (the
     * request's HEADERS and DATA frames) goes out in pieces that small, {@code pause} apart.
     */
    @Override
    public Http2ClientConnection connect(String host, int port, int fragmentBytes, Duration pause) throws IOException {
        Bootstrap b = new Bootstrap().group(group).channel(NioSocketChannel.class)
                .option(ChannelOption.TCP_NODELAY, true) // small pieces must leave at once
                .option(ChannelOption.CONNECT_TIMEOUT_MILLIS, (int) RawConnection.CONNECT_TIMEOUT.toMillis());
        return Http2ClientConnection.open(b, tls, host, port, fragmentBytes, pause);
    }

    @Override
    public void close() {
        group.shutdownGracefully(0, SHUTDOWN_WAIT.toMillis(), TimeUnit.MILLISECONDS)
                .awaitUninterruptibly(SHUTDOWN_WAIT.toMillis() + 1_000);
    }
}
