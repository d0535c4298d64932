package showdown.load.http3;

import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelInitializer;
import io.netty.handler.codec.http3.Http3ClientConnectionHandler;
import io.netty.handler.codec.quic.QuicChannel;
import io.netty.handler.codec.quic.QuicTransportParameters;
import io.netty.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.SSLEngine;
import showdown.load.engine.Endpoint;
import showdown.load.engine.Worker;
import showdown.load.stats.WorkerStats;

/**
 * Sets up one {@link H3Connection}'s QUIC connections, an attempt at a time: binds the UDP socket
 * its worker's connections to the endpoint share ({@link H3Socket}), starts the QUIC handshake on
 * it with Netty's HTTP/3 connection handler (the control and QPACK streams) and an
 * {@link H3ConnectionWatcher}, bounds the handshake by the timeout, records how it went
 * (negotiated protocol, full or resumed, time to ready, 0-RTT accepted or rejected), and tells the
 * connection: {@link H3Connection#handshakeDone} or {@link H3Connection#attemptFailed} with its
 * {@link H3ConnectFailure}. A failure counts only while the attempt is the connection's current one.
 */
final class H3Dialer {

    private final H3Connection connection;
    private final Worker worker;
    private final WorkerStats stats;
    private final Endpoint endpoint;
    private final H3Client client;
    private final H3Socket socket;

    H3Dialer(H3Connection connection, Worker worker, Endpoint endpoint, H3Client client, H3Socket socket) {
        this.connection = connection;
        this.worker = worker;
        this.stats = worker.stats();
        this.endpoint = endpoint;
        this.client = client;
        this.socket = socket;
    }

    /** Starts attempt {@code s}, the connection's current one. */
    void dial(H3Session s) {
        s.handshakeTimer = worker.loop().schedule(() -> handshakeTimedOut(s), worker.timeoutNanos(), TimeUnit.NANOSECONDS);
        ChannelFuture bound = socket.bind();
        if (bound.isDone()) {
            bound(s, bound);
        } else {
            bound.addListener((ChannelFuture f) -> bound(s, f));
        }
    }

    private void bound(H3Session s, ChannelFuture bound) {
        if (!connection.attempting(s)) {
            return; // the socket is shared: it stays for the other connections
        }
        if (!bound.isSuccess()) {
            connection.attemptFailed(s, H3ConnectFailure.SOCKET);
            return;
        }
        QuicChannel.newBootstrap(bound.channel())
                .handler(new ChannelInitializer<QuicChannel>() {
                    @Override
                    protected void initChannel(QuicChannel ch) {
                        s.quic = ch;
                        ch.pipeline().addLast(new Http3ClientConnectionHandler(), new H3ConnectionWatcher(connection, s));
                    }
                })
                .remoteAddress(endpoint.address())
                .connect()
                .addListener((Future<QuicChannel> f) -> handshakeEnded(s, f));
    }

    private void handshakeEnded(H3Session s, Future<QuicChannel> f) {
        if (!connection.attempting(s)) {
            if (f.isSuccess()) {
                f.getNow().close();
            }
            return;
        }
        if (!f.isSuccess()) {
            connection.attemptFailed(s, H3ConnectFailure.ofHandshake(f.cause(), s));
            return;
        }
        s.handshakeTimer.cancel(false);
        s.quic = f.getNow();
        QuicTransportParameters granted = s.quic.peerTransportParameters();
        s.noUnidirectionalStream = granted != null && granted.initialMaxStreamsUni() == 0;
        SSLEngine engine = s.quic.sslEngine();
        stats.negotiated(engine.getSession().getProtocol(), engine.getSession().getCipherSuite(),
                engine.getApplicationProtocol());
        boolean resumed = client.resumed(engine);
        if (worker.measuring()) {
            stats.handshook(resumed);
            stats.socketReady(System.nanoTime() - s.connectStartedAt);
            if (s.earlyDataSent) {
                stats.earlyDataEnded(resumed);
            }
        }
        connection.handshakeDone(s);
    }

    private void handshakeTimedOut(H3Session s) {
        if (connection.attempting(s)) {
            connection.attemptFailed(s, s.heardFrom() ? H3ConnectFailure.HANDSHAKE : H3ConnectFailure.NO_ANSWER);
        }
    }
}
