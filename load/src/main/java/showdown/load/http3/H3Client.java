package showdown.load.http3;

import io.netty.channel.ChannelHandler;
import io.netty.channel.socket.DatagramChannel;
import io.netty.handler.codec.http3.Http3;
import io.netty.handler.codec.quic.Quic;
import io.netty.handler.codec.quic.QuicSslContext;
import io.netty.handler.codec.quic.QuicSslContextBuilder;
import io.netty.handler.ssl.util.InsecureTrustManagerFactory;
import java.security.KeyStore;
import java.security.GeneralSecurityException;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.TrustManagerFactory;
import showdown.load.LoadException;
import showdown.load.TlsOptions;
import showdown.load.engine.Endpoint;

/**
 * What every HTTP/3 connection of a run shares: the QUIC TLS context (ALPN {@code h3}, verification
 * as {@link TlsOptions} says) and the UDP channel class of the run's transport. Each connection
 * builds its own QUIC codec from it, on a UDP socket of its own. Public for the engine, which makes
 * one per run.
 */
public final class H3Client {

    /** The TLS implementation that QUIC speaks through, as the summary names it. */
    public static final String ENGINE = "quiche";
    /** The one application protocol offered. */
    public static final String ALPN = "h3";
    /** Flow-control windows offered to the server: wide, as for HTTP/2. */
    private static final long MAX_DATA = 1L << 30;
    private static final long MAX_STREAM_DATA = 1L << 24;

    private final QuicSslContext ssl;
    private final Class<? extends DatagramChannel> datagramClass;
    private final long idleTimeoutMillis;

    private H3Client(QuicSslContext ssl, Class<? extends DatagramChannel> datagramClass, long idleTimeoutMillis) {
        this.ssl = ssl;
        this.datagramClass = datagramClass;
        this.idleTimeoutMillis = idleTimeoutMillis;
    }

    /**
     * @param timeoutNanos the request timeout: a connection idle for a few of them is given up
     * @throws LoadException when the native QUIC library does not load here, or the trust store cannot be read
     */
    public static H3Client create(TlsOptions tls, Class<? extends DatagramChannel> datagramClass, long timeoutNanos) {
        if (!Quic.isAvailable()) {
            throw new LoadException("--h3 needs Netty's native QUIC library, which does not load here: " + unavailability());
        }
        // RFC 9114's h3 only: Netty also offers the draft's h3-29, which a server may pick
        QuicSslContextBuilder b = QuicSslContextBuilder.forClient().applicationProtocols(ALPN);
        if (!tls.verify()) {
            b.trustManager(InsecureTrustManagerFactory.INSTANCE);
        } else {
            b.endpointIdentificationAlgorithm("HTTPS");
            if (tls.caCert() != null) {
                if (!tls.caCert().toFile().canRead()) {
                    throw new LoadException("cannot read --cacert " + tls.caCert());
                }
                b.trustManager(tls.caCert().toFile());
            } else {
                b.trustManager(systemTrust());
            }
        }
        long idle = Math.max(TimeUnit.SECONDS.toMillis(5), 3 * TimeUnit.NANOSECONDS.toMillis(timeoutNanos));
        return new H3Client(b.build(), datagramClass, idle);
    }

    /** Whether HTTP/3 can run here, and if not why: for tests and {@code doctor}. Null when it can. */
    public static String unavailability() {
        return Quic.isAvailable() ? null : String.valueOf(Quic.unavailabilityCause());
    }

    private static TrustManagerFactory systemTrust() {
        try {
            TrustManagerFactory f = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
            f.init((KeyStore) null);
            return f;
        } catch (GeneralSecurityException e) {
            throw new LoadException("cannot read the system's trust store: " + e.getMessage());
        }
    }

    Class<? extends DatagramChannel> datagramClass() {
        return datagramClass;
    }

    /** A QUIC client codec for one UDP socket, naming {@code endpoint}'s host in its handshake (SNI). */
    ChannelHandler codec(Endpoint endpoint) {
        String host = Endpoint.host(endpoint.url());
        int port = endpoint.address().getPort();
        return Http3.newQuicClientCodecBuilder()
                .sslEngineProvider(q -> ssl.newEngine(q.alloc(), host, port))
                .maxIdleTimeout(idleTimeoutMillis, TimeUnit.MILLISECONDS)
                .initialMaxData(MAX_DATA)
                .initialMaxStreamDataBidirectionalLocal(MAX_STREAM_DATA)
                .initialMaxStreamDataBidirectionalRemote(MAX_STREAM_DATA)
                .build();
    }
}
