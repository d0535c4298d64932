package showdown.load.tls;

import io.netty.buffer.ByteBufAllocator;
import io.netty.channel.Channel;
import io.netty.handler.ssl.ApplicationProtocolConfig;
import io.netty.handler.ssl.ApplicationProtocolNames;
import io.netty.handler.ssl.OpenSsl;
import io.netty.handler.ssl.OpenSslSessionContext;
import io.netty.handler.ssl.ReferenceCountedOpenSslEngine;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslContextBuilder;
import io.netty.handler.ssl.SslHandler;
import io.netty.handler.ssl.SslProvider;
import io.netty.handler.ssl.util.InsecureTrustManagerFactory;
import io.netty.internal.tcnative.SSL;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLException;
import javax.net.ssl.SSLSession;
import showdown.load.LoadException;
import showdown.load.TlsEngine;
import showdown.load.TlsOptions;

/**
 * The client side of TLS for one run: one context (so that sessions can be resumed across the
 * run's connections), and a handler per connection. OpenSSL (BoringSSL, through netty-tcnative)
 * when it loads here, as wrk and h2load use OpenSSL; the JDK's engine as the fallback or on request.
 * ALPN offers {@code h2} for HTTP/2 runs and {@code http/1.1} otherwise. Netty's handler makes
 * each handshake; on a kept-alive OpenSSL socket our {@link TlsRecordLayer} then moves the records.
 */
public final class TlsClient {

    private static final List<String> DEFAULT_VERSIONS = List.of("TLSv1.3", "TLSv1.2");

    private final SslContext context;
    private final SslProvider provider;
    private final TlsOptions options;
    private final boolean http2;

    private TlsClient(SslContext context, SslProvider provider, TlsOptions options, boolean http2) {
        this.context = context;
        this.provider = provider;
        this.options = options;
        this.http2 = http2;
    }

    /**
     * Builds the run's context. Throws {@link LoadException} (one line) for what the user can fix:
     * OpenSSL asked for but not loadable, an unknown version or cipher, a CA file that does not parse.
     */
    public static TlsClient create(TlsOptions options, boolean http2) {
        SslProvider provider = provider(options.engine());
        List<String> versions = versions(options.versions());
        SslContextBuilder b = SslContextBuilder.forClient()
                .sslProvider(provider)
                .protocols(versions)
                .applicationProtocolConfig(new ApplicationProtocolConfig(ApplicationProtocolConfig.Protocol.ALPN,
                        ApplicationProtocolConfig.SelectorFailureBehavior.NO_ADVERTISE,
                        ApplicationProtocolConfig.SelectedListenerFailureBehavior.ACCEPT,
                        http2 ? ApplicationProtocolNames.HTTP_2 : ApplicationProtocolNames.HTTP_1_1));
        if (!options.ciphers().isEmpty()) {
            b.ciphers(options.ciphers());
        }
        if (options.verify()) {
            if (options.caCert() != null) {
                if (!Files.isReadable(options.caCert())) {
                    throw new LoadException("cannot read the CA file " + options.caCert());
                }
                b.trustManager(options.caCert().toFile());
            } // else the JDK's default trust store
            b.endpointIdentificationAlgorithm("HTTPS");
        } else {
            b.trustManager(InsecureTrustManagerFactory.INSTANCE).endpointIdentificationAlgorithm(null);
        }
        try {
            SslContext context = b.build();
            if (!options.resume() && context.sessionContext() instanceof OpenSslSessionContext openSsl) {
                openSsl.setSessionCacheEnabled(false); // no session is kept, so none is offered again
            }
            return new TlsClient(context, provider, options, http2);
        } catch (SSLException | IllegalArgumentException e) {
            throw new LoadException("cannot set up TLS (" + describe(provider) + "): " + firstLine(e));
        }
    }

    private static SslProvider provider(TlsEngine engine) {
        return switch (engine) {
            case JDK -> SslProvider.JDK;
            case OPENSSL -> {
                if (!OpenSsl.isAvailable()) {
                    throw new LoadException("the OpenSSL TLS engine does not load here: "
                            + firstLine(OpenSsl.unavailabilityCause()) + "; use --tls-engine jdk");
                }
                yield SslProvider.OPENSSL;
            }
            case AUTO -> OpenSsl.isAvailable() ? SslProvider.OPENSSL : SslProvider.JDK;
        };
    }

    /** {@code 1.2}, {@code 1.3}, {@code TLSv1.3} and so on, as the engines name them. */
    static List<String> versions(List<String> asked) {
        if (asked.isEmpty()) {
            return DEFAULT_VERSIONS;
        }
        List<String> out = new ArrayList<>();
        for (String v : asked) {
            String t = v.trim();
            String name = switch (t.toLowerCase(Locale.ROOT)) {
                case "1.2", "tls1.2", "tlsv1.2" -> "TLSv1.2";
                case "1.3", "tls1.3", "tlsv1.3" -> "TLSv1.3";
                default -> throw new LoadException("unknown TLS version '" + v + "': 1.2 or 1.3");
            };
            if (!out.contains(name)) {
                out.add(name);
            }
        }
        return out;
    }

    /** A handler for a new connection to {@code address}; handshakes longer than {@code timeoutMillis} fail. */
    public SslHandler newHandler(ByteBufAllocator alloc, String host, InetSocketAddress address, long timeoutMillis) {
        // The peer's name and port key the session cache (resumption) and give SNI and the name check.
        SslHandler h = context.newHandler(alloc, host, address.getPort());
        h.setHandshakeTimeoutMillis(timeoutMillis);
        return h;
    }

    /**
     * After a handshake on a socket that will carry many requests: at the event loop's next turn
     * (out of the handler's read), replaces Netty's handler by our {@link TlsRecordLayer} on the
     * same OpenSSL engine. The JDK's engine keeps the handler, which gathers its whole records.
     */
    public void takeOverRecords(Channel socket, SslHandler handler) {
        if (!(handler.engine() instanceof ReferenceCountedOpenSslEngine openSsl)) {
            return;
        }
        socket.eventLoop().execute(() -> {
            long ssl = openSsl.sslPointer();
            if (socket.isActive() && ssl != 0 && socket.pipeline().context(handler) != null) {
                socket.pipeline().replace(handler, "tls-records", new TlsRecordLayer(openSsl, SSL.getMaxWrapOverhead(ssl)));
            }
        });
    }

    /**
     * After a handshake: whether it resumed an earlier session (null when the engine cannot say),
     * and, with resumption off, makes sure this session is never resumed.
     */
    public Boolean handshakeDone(SSLEngine engine, long handshakeStartMillis) {
        SSLSession session = engine.getSession();
        Boolean resumed;
        if (engine instanceof ReferenceCountedOpenSslEngine openSsl) {
            long ssl = openSsl.sslPointer();
            resumed = ssl == 0 ? null : SSL.isSessionReused(ssl); // 0: already freed (closed meanwhile)
        } else {
            // The JDK keeps a resumed session's creation time; a fresh one is created in this handshake.
            resumed = session.getCreationTime() < handshakeStartMillis;
        }
        if (!options.resume() && !(engine instanceof ReferenceCountedOpenSslEngine)) {
            session.invalidate(); // the JDK's engine: an invalidated session is never resumed
        }
        return resumed;
    }

    /**
     * Whether the TLS handler may keep a socket's read buffer after the read: the JDK's engine takes
     * only whole records, so Netty's handler holds on to a record that a read cut off until the rest
     * arrives. OpenSSL's handler (Netty runs it out of JDK compatibility mode) feeds every byte to
     * BoringSSL, which copies a partial record into its own buffer, so nothing of the read is kept.
     */
    public boolean keepsPartialRecords() {
        return provider == SslProvider.JDK;
    }

    public boolean http2() {
        return http2;
    }

    /** {@code OpenSSL} or {@code JDK}. */
    public String engineName() {
        return describe(provider);
    }

    private static String describe(SslProvider p) {
        return p == SslProvider.JDK ? "JDK" : "OpenSSL";
    }

    private static String firstLine(Throwable t) {
        String m = t == null ? "unknown" : t.getMessage() == null ? t.getClass().getSimpleName() : t.getMessage();
        int nl = m.indexOf('\n');
        return nl < 0 ? m : m.substring(0, nl);
    }
}
