package showdown.harness.targets;

import io.netty.bootstrap.Bootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.nio.NioDatagramChannel;
import io.netty.handler.codec.http3.Http3;
import io.netty.handler.codec.http3.Http3ClientConnectionHandler;
import io.netty.handler.codec.quic.Quic;
import io.netty.handler.codec.quic.QuicChannel;
import io.netty.handler.codec.quic.QuicSslContext;
import io.netty.handler.codec.quic.QuicSslContextBuilder;
import io.netty.util.concurrent.DefaultThreadFactory;
import io.netty.util.concurrent.Future;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * Opens HTTP/3 connections to a target: QUIC (Netty's codec over quiche) on the UDP port numbered
 * {@code TLS_PORT}, offering ALPN {@code h3} alone and trusting only the run's certificate, with the
 * host name checked against it (it names {@code IP:127.0.0.1}). One event loop thread serves every
 * connection it opens; closing the dialer stops it, and with it any connection still open. Used by
 * the readiness probe and by {@code verify}'s checks over h3.
 */
public final class Http3Dialer implements AutoCloseable {

    /** The one application protocol offered (RFC 9114; not the drafts' h3-29). */
    public static final String ALPN = "h3";
    private static final Duration SHUTDOWN_WAIT = Duration.ofSeconds(2);
    /** A connection idle this long is closed by QUIC itself; a check never waits that long between requests. */
    private static final Duration IDLE_TIMEOUT = Duration.ofSeconds(30);
    private static final long MAX_DATA = 64L << 20;
    private static final long MAX_STREAM_DATA = 16L << 20;

    private final QuicSslContext ssl;
    private final EventLoopGroup group;

    private Http3Dialer(QuicSslContext ssl) {
        this.ssl = ssl;
        this.group = new MultiThreadIoEventLoopGroup(1, new DefaultThreadFactory("h3-client", true), NioIoHandler.newFactory());
    }

    /**
     * A dialer trusting only the PEM certificate in {@code certFile}.
     *
     * @throws TargetException when Netty's native QUIC library does not load here
     */
    public static Http3Dialer trusting(Path certFile) {
        String missing = unavailability();
        if (missing != null) {
            throw new TargetException("h3 needs Netty's native QUIC library, which does not load here: " + missing);
        }
        QuicSslContext ssl = QuicSslContextBuilder.forClient()
                .trustManager(certFile.toFile())
                .endpointIdentificationAlgorithm("HTTPS")
                .applicationProtocols(ALPN)
                .build();
        return new Http3Dialer(ssl);
    }

    /** Why HTTP/3 cannot be spoken here, or null when it can (tests skip on it). */
    public static String unavailability() {
        return Quic.isAvailable() ? null : String.valueOf(Quic.unavailabilityCause());
    }

    /**
     * A QUIC connection to {@code host:port} with its handshake done and ALPN {@code h3} chosen; the
     * HTTP/3 control streams are opened by the connection's handler. Closing the returned channel
     * closes its UDP socket too.
     *
     * @throws IOException when no handshake completes within {@code timeout} (a silent port, or a
     *                     server that does not speak QUIC there), or it fails (the reason in one line)
     */
    public QuicChannel connect(String host, int port, Duration timeout) throws IOException {
        InetSocketAddress remote = new InetSocketAddress(host, port);
        ChannelFuture bound = new Bootstrap().group(group).channel(NioDatagramChannel.class)
                .handler(Http3.newQuicClientCodecBuilder()
                        .sslEngineProvider(q -> ssl.newEngine(q.alloc(), host, port))
                        .maxIdleTimeout(IDLE_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS)
                        .initialMaxData(MAX_DATA)
                        .initialMaxStreamDataBidirectionalLocal(MAX_STREAM_DATA)
                        .initialMaxStreamDataBidirectionalRemote(MAX_STREAM_DATA)
                        .initialMaxStreamDataUnidirectional(MAX_STREAM_DATA)
                        .initialMaxStreamsUnidirectional(16)
                        .build())
                .bind(new InetSocketAddress(remote.getAddress().isLoopbackAddress() ? remote.getAddress()
                        : InetAddress.getByName("0.0.0.0"), 0));
        if (!bound.awaitUninterruptibly(timeout.toMillis()) || !bound.isSuccess()) {
            bound.channel().close();
            throw new IOException("cannot open a UDP socket: " + message(bound.cause()));
        }
        Channel datagram = bound.channel();
        Future<QuicChannel> connected = QuicChannel.newBootstrap(datagram)
                .handler(new Http3ClientConnectionHandler())
                .remoteAddress(remote)
                .connect();
        if (!connected.awaitUninterruptibly(timeout.toMillis())) {
            // closing the UDP socket fails the pending handshake (cancelling it first makes Netty log a warning)
            datagram.close().awaitUninterruptibly(SHUTDOWN_WAIT.toMillis());
            throw new IOException("no QUIC handshake with UDP " + host + ":" + port + " within " + describe(timeout)
                    + " (nothing answered, or not QUIC)");
        }
        if (!connected.isSuccess()) {
            datagram.close().awaitUninterruptibly(SHUTDOWN_WAIT.toMillis());
            throw new IOException("the QUIC handshake with UDP " + host + ":" + port + " failed: " + message(connected.cause()));
        }
        QuicChannel quic = connected.getNow();
        quic.closeFuture().addListener(f -> datagram.close());
        String alpn = quic.sslEngine() == null ? null : quic.sslEngine().getApplicationProtocol();
        if (!ALPN.equals(alpn)) {
            quic.close().awaitUninterruptibly(SHUTDOWN_WAIT.toMillis());
            throw new IOException("the server chose ALPN '" + alpn + "' when offered only h3");
        }
        return quic;
    }

    private static String describe(Duration d) {
        return d.toMillis() % 1000 == 0 ? d.toSeconds() + " s" : d.toMillis() + " ms";
    }

    /** The first line of a throwable's message, or its class name. */
    public static String message(Throwable t) {
        if (t == null) {
            return "unknown reason";
        }
        String m = t.getMessage() == null ? t.getClass().getSimpleName() : t.getMessage();
        int nl = m.indexOf('\n');
        return nl < 0 ? m : m.substring(0, nl);
    }

    @Override
    public void close() {
        group.shutdownGracefully(0, SHUTDOWN_WAIT.toMillis(), TimeUnit.MILLISECONDS)
                .awaitUninterruptibly(SHUTDOWN_WAIT.toMillis() + 1_000);
    }
}
