package dev.showdown.targets.jetty;

import java.io.IOException;
import java.nio.file.NoSuchFileException;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.util.Optional;

import org.eclipse.jetty.alpn.server.ALPNServerConnectionFactory;
import org.eclipse.jetty.http.pathmap.RegexPathSpec;
import org.eclipse.jetty.http.pathmap.UriTemplatePathSpec;
import org.eclipse.jetty.http2.HTTP2Cipher;
import org.eclipse.jetty.http2.server.HTTP2CServerConnectionFactory;
import org.eclipse.jetty.http2.server.HTTP2ServerConnectionFactory;
import org.eclipse.jetty.server.ConnectionFactory;
import org.eclipse.jetty.server.HttpConfiguration;
import org.eclipse.jetty.server.HttpConnectionFactory;
import org.eclipse.jetty.server.SecureRequestCustomizer;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.server.SslConnectionFactory;
import org.eclipse.jetty.server.handler.PathMappingsHandler;
import org.eclipse.jetty.server.handler.SizeLimitHandler;
import org.eclipse.jetty.util.ssl.SslContextFactory;
import org.eclipse.jetty.util.thread.QueuedThreadPool;

/**
 * The Showdown routes on Jetty 12's core Handler API (no servlets): one {@link PathMappingsHandler}
 * maps URI templates and a regex path spec to small handlers. {@code PORT} serves HTTP/1.1 and
 * h2c (prior knowledge); with {@code TLS_PORT}, {@code TLS_CERT} and {@code TLS_KEY} a second
 * connector serves HTTP/1.1 and HTTP/2 over the JDK's TLS, chosen by ALPN, and a third HTTP/3 on
 * the same port number over UDP ({@link Http3Listener}).
 */
public final class JettyApp {
    /** 127.0.0.1, or what HOST says: a server agent asks for 0.0.0.0, for load from other hosts. */
    static final String HOST = System.getenv().getOrDefault("HOST", "127.0.0.1");
    static final int DEFAULT_PORT = 8080;
    /** Request bodies above this many bytes get 413 (Content-Length or chunked). */
    static final long MAX_REQUEST_BYTES = 40_000_000L;
    /** Only the request side is limited; -1 means no response limit. */
    static final long NO_RESPONSE_LIMIT = -1;
    /** One acceptor thread is plenty for keep-alive benchmark connections. */
    static final int ACCEPTORS = 1;
    /** No handlers are added after start (see {@link #routes()}). */
    static final boolean NOT_DYNAMIC = false;

    private JettyApp() {
    }

    public static void main(String[] args) throws Exception {
        int port = intFromEnv("PORT", DEFAULT_PORT);
        int cpus = intFromEnv("CPUS", Runtime.getRuntime().availableProcessors());
        Optional<TlsEnv> tls = tlsFromEnv();

        Server server = new Server(new QueuedThreadPool());
        HttpConfiguration http = httpConfiguration();
        // HTTP/1.1 and h2c on one port: Jetty's HTTP/1.1 parser sees the HTTP/2 preface
        // ("PRI * HTTP/2.0") and hands the connection to the h2c factory.
        server.addConnector(connector(server, cpus, port,
                new HttpConnectionFactory(http), new HTTP2CServerConnectionFactory(http)));
        if (tls.isPresent()) {
            SslContextFactory.Server sslContextFactory = sslContextFactory(tls.get());
            HttpConfiguration https = httpConfiguration();
            https.addCustomizer(new SecureRequestCustomizer());
            server.addConnector(tlsConnector(server, cpus, tls.get(), sslContextFactory, https));
            Http3Listener.create(server, sslContextFactory, https, tls.get()).ifPresent(server::addConnector);
        }
        // SIGTERM stops the connectors, so the HTTP/3 one deletes the PEM files it wrote.
        server.setStopAtShutdown(true);

        SizeLimitHandler sizeLimit = new SizeLimitHandler(MAX_REQUEST_BYTES, NO_RESPONSE_LIMIT);
        sizeLimit.setHandler(routes());
        server.setHandler(sizeLimit);
        server.start();
        server.join();
    }

    private static HttpConfiguration httpConfiguration() {
        HttpConfiguration http = new HttpConfiguration();
        http.setSendServerVersion(true);
        http.setSendDateHeader(true);
        return http;
    }

    /** One selector (NIO event loop) per CPU the harness gives us, on every connector. */
    private static ServerConnector connector(Server server, int cpus, int port, ConnectionFactory... factories) {
        ServerConnector connector = new ServerConnector(server, ACCEPTORS, cpus, factories);
        connector.setHost(HOST);
        connector.setPort(port);
        return connector;
    }

    /**
     * TLS, then ALPN choosing HTTP/2 or HTTP/1.1, as Jetty's programming guide sets up HTTP/2:
     * the JDK's SSLEngine with jetty-alpn-java-server, TLS 1.2 and 1.3 (SslContextFactory's
     * defaults leave out the older versions and weak suites), and the cipher order that puts
     * the suites HTTP/2 allows first. A client without ALPN gets HTTP/1.1, the default protocol.
     */
    private static ServerConnector tlsConnector(Server server, int cpus, TlsEnv tls,
            SslContextFactory.Server sslContextFactory, HttpConfiguration https) {
        HttpConnectionFactory http11 = new HttpConnectionFactory(https);
        HTTP2ServerConnectionFactory h2 = new HTTP2ServerConnectionFactory(https);
        ALPNServerConnectionFactory alpn = new ALPNServerConnectionFactory();
        alpn.setDefaultProtocol(http11.getProtocol());
        SslConnectionFactory ssl = new SslConnectionFactory(sslContextFactory, alpn.getProtocol());
        return connector(server, cpus, tls.port(), ssl, alpn, h2, http11);
    }

    /** The key and certificate of TLS_KEY and TLS_CERT, shared by the TCP and the QUIC listener. */
    private static SslContextFactory.Server sslContextFactory(TlsEnv tls) {
        SslContextFactory.Server sslContextFactory = new SslContextFactory.Server();
        sslContextFactory.setKeyStore(keyStore(tls));
        sslContextFactory.setKeyStorePassword(new String(PemKeyStore.PASSWORD));
        sslContextFactory.setCipherComparator(HTTP2Cipher.COMPARATOR);
        return sslContextFactory;
    }

    private static KeyStore keyStore(TlsEnv tls) {
        try {
            return PemKeyStore.load(tls.certificate(), tls.key());
        } catch (NoSuchFileException e) {
            System.err.println("jetty target: cannot load TLS_CERT and TLS_KEY: no such file " + e.getMessage());
            System.exit(2);
            return null;
        } catch (IOException | GeneralSecurityException e) {
            System.err.println("jetty target: cannot load TLS_CERT and TLS_KEY: " + e.getMessage());
            System.exit(2);
            return null;
        }
    }

    private static Optional<TlsEnv> tlsFromEnv() {
        try {
            return TlsEnv.read();
        } catch (IllegalArgumentException e) {
            System.err.println("jetty target: " + e.getMessage());
            System.exit(2);
            return Optional.empty();
        }
    }

    /**
     * Exact templates sort before templates with variables, so static routes win over {@code /{title}}.
     * The mappings are fixed before start, so the handler is not dynamic: a dynamic container
     * reports the BLOCKING invocation type, and Jetty then hands every request from the selector
     * to a pool thread. Non-dynamic, it reports its children's NON_BLOCKING type and Jetty runs
     * them on the selector thread.
     */
    static PathMappingsHandler routes() {
        PathMappingsHandler routes = new PathMappingsHandler(NOT_DYNAMIC);
        routes.addMapping(new UriTemplatePathSpec("/plaintext"), TextHandler.get(request -> "Hello, World!"));
        routes.addMapping(new UriTemplatePathSpec("/json"), new JsonHandler());
        routes.addMapping(new UriTemplatePathSpec("/echo/hello-world"), TextHandler.get(request -> "Hello World"));
        routes.addMapping(new UriTemplatePathSpec("/echo/plain/{param}"),
                TextHandler.get(request -> PathParams.get(request, "param")));
        routes.addMapping(new RegexPathSpec("^/echo/regex/(?<digits>[0-9]+)$"),
                TextHandler.get(request -> PathParams.get(request, "digits")));
        routes.addMapping(new UriTemplatePathSpec("/"), TextHandler.get(request -> ""));
        routes.addMapping(new UriTemplatePathSpec("/user/{id}"), TextHandler.get(request -> PathParams.get(request, "id")));
        routes.addMapping(new UriTemplatePathSpec("/user"), new EchoHandler());
        routes.addMapping(new UriTemplatePathSpec("/{title}"), new ShowdownPageHandler());
        return routes;
    }

    private static int intFromEnv(String name, int fallback) {
        String value = System.getenv(name);
        if (value == null || value.isBlank()) {
            return fallback;
        }
        try {
            return Integer.parseInt(value.trim());
        } catch (NumberFormatException e) {
            System.err.println("jetty target: " + name + " must be an integer, got '" + value + "'");
            System.exit(2);
            return fallback;
        }
    }
}
