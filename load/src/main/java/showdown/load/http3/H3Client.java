package showdown.load.http3;

import io.netty.channel.ChannelHandler;
import io.netty.channel.EventLoop;
import io.netty.channel.socket.DatagramChannel;
import io.netty.handler.codec.http3.Http3;
import io.netty.handler.codec.quic.Quic;
import io.netty.handler.codec.quic.QuicSslContext;
import io.netty.handler.codec.quic.QuicSslContextBuilder;
import io.netty.handler.ssl.util.InsecureTrustManagerFactory;
import io.netty.handler.ssl.util.SimpleTrustManagerFactory;
import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.nio.file.Files;
import java.security.KeyStore;
import java.security.GeneralSecurityException;
import java.security.cert.Certificate;
import java.security.cert.CertificateException;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.util.Collections;
import java.util.Map;
import java.util.Set;
import java.util.WeakHashMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.ManagerFactoryParameters;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.TrustManager;
import javax.net.ssl.TrustManagerFactory;
import javax.net.ssl.X509ExtendedTrustManager;
import javax.net.ssl.X509TrustManager;
import showdown.load.LoadException;
import showdown.load.TlsOptions;
import showdown.load.engine.Endpoint;
import showdown.load.engine.Worker;

/**
 * What every HTTP/3 connection of a run shares: the QUIC TLS context (ALPN {@code h3}, verification
 * as {@link TlsOptions} says), the UDP channel class of the run's transport, and the UDP sockets:
 * one per worker and server, with one QUIC codec for all the worker's connections to that server
 * ({@link H3Socket}). Public for the engine, which makes one per run.
 *
 * <p>Resumption: the context keeps the session tickets servers send (Netty's client session cache,
 * by host and port) and offers the newest on the next connection to the same server, unless
 * {@link TlsOptions#resume()} is off (a cache of size 0 keeps none). With {@code earlyData} the
 * context allows 0-RTT, and a connection offering a ticket that allows it may send before its
 * handshake ends. Whether a handshake resumed is read from the server's certificate: a resumed
 * TLS 1.3 handshake carries none, so the trust manager of this context, which sees every
 * certificate checked, is not called for it. (Netty 4.2.18's QUIC engine keeps the handshake's
 * "session reused" flag package-private and binds neither {@code SSL_session_reused} nor
 * {@code SSL_get_early_data_status}.)
 */
public final class H3Client {

    /** The TLS implementation that QUIC speaks through, as the summary names it. */
    public static final String ENGINE = "quiche";
    /** The one application protocol offered. */
    public static final String ALPN = "h3";
    /** Flow-control windows offered to the server: wide, as for HTTP/2. */
    private static final long MAX_DATA = 1L << 30;
    private static final long MAX_STREAM_DATA = 1L << 24;

    /** Sessions kept for resumption: one per server (host and port) is what a run needs. */
    private static final long SESSION_CACHE_SIZE = 64;

    private final QuicSslContext ssl;
    private final CertificateWitness witness;
    private final boolean earlyData;
    private final Class<? extends DatagramChannel> datagramClass;
    private final long idleTimeoutMillis;
    private final Map<SocketKey, H3Socket> sockets = new ConcurrentHashMap<>();

    private H3Client(QuicSslContext ssl, CertificateWitness witness, boolean earlyData,
                     Class<? extends DatagramChannel> datagramClass, long idleTimeoutMillis) {
        this.ssl = ssl;
        this.witness = witness;
        this.earlyData = earlyData;
        this.datagramClass = datagramClass;
        this.idleTimeoutMillis = idleTimeoutMillis;
    }

    /**
     * @param earlyData    send a resumed connection's first request as 0-RTT early data
     * @param timeoutNanos the request timeout: a connection idle for a few of them is given up
     * @throws LoadException when the native QUIC library does not load here, or the trust store cannot be read
     */
    public static H3Client create(TlsOptions tls, boolean earlyData, Class<? extends DatagramChannel> datagramClass,
                                  long timeoutNanos) {
        if (!Quic.isAvailable()) {
            throw new LoadException("--h3 needs Netty's native QUIC library, which does not load here: " + unavailability());
        }
        // RFC 9114's h3 only: Netty also offers the draft's h3-29, which a server may pick
        QuicSslContextBuilder b = QuicSslContextBuilder.forClient().applicationProtocols(ALPN)
                .sessionCacheSize(tls.resume() ? SESSION_CACHE_SIZE : 0).earlyData(earlyData);
        TrustManagerFactory trust;
        if (!tls.verify()) {
            trust = InsecureTrustManagerFactory.INSTANCE;
        } else {
            b.endpointIdentificationAlgorithm("HTTPS");
            trust = tls.caCert() != null ? caTrust(tls) : systemTrust(null);
        }
        CertificateWitness witness = new CertificateWitness(trustManager(trust));
        b.trustManager(witness.factory());
        long idle = Math.max(TimeUnit.SECONDS.toMillis(5), 3 * TimeUnit.NANOSECONDS.toMillis(timeoutNanos));
        return new H3Client(b.build(), witness, earlyData, datagramClass, idle);
    }

    /** Trusts the certificates of the {@code --cacert} PEM file alone. */
    private static TrustManagerFactory caTrust(TlsOptions tls) {
        if (!Files.isReadable(tls.caCert())) {
            throw new LoadException("cannot read --cacert " + tls.caCert());
        }
        try (InputStream in = Files.newInputStream(tls.caCert())) {
            KeyStore store = KeyStore.getInstance(KeyStore.getDefaultType());
            store.load(null, null);
            int i = 0;
            for (Certificate c : CertificateFactory.getInstance("X.509").generateCertificates(in)) {
                store.setCertificateEntry("ca" + i++, c);
            }
            if (i == 0) {
                throw new LoadException("--cacert " + tls.caCert() + " holds no PEM certificate");
            }
            return systemTrust(store);
        } catch (IOException | GeneralSecurityException e) {
            throw new LoadException("cannot read --cacert " + tls.caCert() + ": " + e.getMessage());
        }
    }

    private static X509TrustManager trustManager(TrustManagerFactory f) {
        for (TrustManager m : f.getTrustManagers()) {
            if (m instanceof X509TrustManager x) {
                return x;
            }
        }
        throw new LoadException("the trust store offers no X.509 trust manager");
    }

    /** Whether a handshake that ended on {@code engine} was a resumed one (no server certificate was checked). */
    boolean resumed(SSLEngine engine) {
        return !witness.checked(engine);
    }

    boolean earlyData() {
        return earlyData;
    }

    /** Whether HTTP/3 can run here, and if not why: for tests and {@code doctor}. Null when it can. */
    public static String unavailability() {
        return Quic.isAvailable() ? null : String.valueOf(Quic.unavailabilityCause());
    }

    /** The JDK's trust manager over {@code store}, or over the system's trust store when null. */
    private static TrustManagerFactory systemTrust(KeyStore store) {
        try {
            TrustManagerFactory f = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
            f.init(store);
            return f;
        } catch (GeneralSecurityException e) {
            throw new LoadException("cannot read the system's trust store: " + e.getMessage());
        }
    }

    Class<? extends DatagramChannel> datagramClass() {
        return datagramClass;
    }

    /**
     * The UDP socket, with its QUIC codec, that the connections of {@code worker} to {@code endpoint}
     * share: one per worker and server.
     */
    H3Socket socket(Worker worker, Endpoint endpoint) {
        return sockets.computeIfAbsent(new SocketKey(worker.loop(), endpoint),
                k -> new H3Socket(k.loop(), endpoint, this, worker.stats()));
    }

    private record SocketKey(EventLoop loop, Endpoint endpoint) { }

    /**
     * A QUIC client codec for one UDP socket and all the connections on it, naming
     * {@code endpoint}'s host in their handshakes (SNI), and reading datagrams of up to
     * {@code maxDatagramBytes}, which it tells the server.
     */
    ChannelHandler codec(Endpoint endpoint, int maxDatagramBytes) {
        String host = Endpoint.host(endpoint.url());
        int port = endpoint.address().getPort();
        return Http3.newQuicClientCodecBuilder()
                .sslEngineProvider(q -> ssl.newEngine(q.alloc(), host, port))
                .maxIdleTimeout(idleTimeoutMillis, TimeUnit.MILLISECONDS)
                .maxRecvUdpPayloadSize(maxDatagramBytes)
                .initialMaxData(MAX_DATA)
                .initialMaxStreamDataBidirectionalLocal(MAX_STREAM_DATA)
                .initialMaxStreamDataBidirectionalRemote(MAX_STREAM_DATA)
                .build();
    }

    /**
     * Checks server certificates with the trust manager the run asked for, and notes each engine it
     * checked one for: a handshake that ends with no certificate checked resumed a session.
     */
    private static final class CertificateWitness extends X509ExtendedTrustManager {
        private final X509TrustManager delegate;
        private final Set<SSLEngine> checked = Collections.synchronizedSet(Collections.newSetFromMap(new WeakHashMap<>()));

        CertificateWitness(X509TrustManager delegate) {
            this.delegate = delegate;
        }

        /** Whether a certificate was checked for {@code engine}; forgets it. */
        boolean checked(SSLEngine engine) {
            return checked.remove(engine);
        }

        TrustManagerFactory factory() {
            TrustManager[] managers = {this};
            return new SimpleTrustManagerFactory() {
                @Override
                protected void engineInit(KeyStore keyStore) {
                }

                @Override
                protected void engineInit(ManagerFactoryParameters params) {
                }

                @Override
                protected TrustManager[] engineGetTrustManagers() {
                    return managers;
                }
            };
        }

        @Override
        public void checkServerTrusted(X509Certificate[] chain, String authType, SSLEngine engine) throws CertificateException {
            checked.add(engine);
            if (delegate instanceof X509ExtendedTrustManager x) {
                x.checkServerTrusted(chain, authType, engine); // with the engine: the host name is checked too
            } else {
                delegate.checkServerTrusted(chain, authType);
            }
        }

        @Override
        public void checkServerTrusted(X509Certificate[] chain, String authType, Socket socket) throws CertificateException {
            delegate.checkServerTrusted(chain, authType);
        }

        @Override
        public void checkServerTrusted(X509Certificate[] chain, String authType) throws CertificateException {
            delegate.checkServerTrusted(chain, authType);
        }

        @Override
        public void checkClientTrusted(X509Certificate[] chain, String authType, SSLEngine engine) throws CertificateException {
            throw new CertificateException("a client checks no client certificates");
        }

        @Override
        public void checkClientTrusted(X509Certificate[] chain, String authType, Socket socket) throws CertificateException {
            throw new CertificateException("a client checks no client certificates");
        }

        @Override
        public void checkClientTrusted(X509Certificate[] chain, String authType) throws CertificateException {
            throw new CertificateException("a client checks no client certificates");
        }

        @Override
        public X509Certificate[] getAcceptedIssuers() {
            return delegate.getAcceptedIssuers();
        }
    }
}
