package dev.showdown.targets.springwebflux;

import org.springframework.boot.autoconfigure.web.ServerProperties;
import org.springframework.boot.autoconfigure.web.embedded.NettyWebServerFactoryCustomizer;
import org.springframework.boot.autoconfigure.web.reactive.ReactiveWebServerFactoryCustomizer;
import org.springframework.boot.ssl.SslBundles;
import org.springframework.boot.web.embedded.netty.NettyReactiveWebServerFactory;
import org.springframework.boot.web.server.Http2;
import org.springframework.boot.web.server.Ssl;
import org.springframework.boot.web.server.WebServer;
import org.springframework.context.SmartLifecycle;
import org.springframework.core.env.Environment;
import org.springframework.http.client.ReactorResourceFactory;
import org.springframework.http.server.reactive.HttpHandler;
import org.springframework.stereotype.Component;

/**
 * A second Reactor Netty server, on {@code TLS_PORT}, serving the same application over TLS when
 * {@code TLS_PORT}, {@code TLS_CERT} and {@code TLS_KEY} are set. Spring Boot runs one server per
 * application, so this one is built as Boot builds its own: the same {@code server.*} customizers
 * and event loops, then the port and {@link Ssl} settings a {@code server.ssl.*} configuration would
 * give (PEM certificate and PKCS#8 key, TLS 1.3 and 1.2) with {@code server.http2.enabled}, so ALPN
 * offers h2 and http/1.1. Reactor Netty serves TLS by OpenSSL (BoringSSL from netty-tcnative)
 * whenever that native library loads, the JDK's engine otherwise.
 */
@Component
public class TlsWebServer implements SmartLifecycle {

    /**
     * Before Boot's own server (which starts at {@code DEFAULT_PHASE - 2048}), so the TLS port is
     * listening by the time the cleartext port answers its first request.
     */
    private static final int PHASE = SmartLifecycle.DEFAULT_PHASE - 4096;

    private final HttpHandler httpHandler;
    private final ServerProperties serverProperties;
    private final SslBundles sslBundles;
    private final Environment environment;
    private final ReactorResourceFactory resourceFactory;
    private final TlsSettings tls = TlsSettings.fromEnv();
    private volatile WebServer webServer;

    public TlsWebServer(HttpHandler httpHandler, ServerProperties serverProperties, SslBundles sslBundles,
                        Environment environment, ReactorResourceFactory resourceFactory) {
        this.httpHandler = httpHandler;
        this.serverProperties = serverProperties;
        this.sslBundles = sslBundles;
        this.environment = environment;
        this.resourceFactory = resourceFactory;
    }

    @Override
    public void start() {
        if (tls == null) {
            return; // cleartext only
        }
        NettyReactiveWebServerFactory factory = new NettyReactiveWebServerFactory();
        new ReactiveWebServerFactoryCustomizer(serverProperties, sslBundles).customize(factory);
        new NettyWebServerFactoryCustomizer(environment, serverProperties).customize(factory);
        factory.setResourceFactory(resourceFactory);
        factory.setPort(tls.port());
        Ssl ssl = new Ssl();
        ssl.setCertificate("file:" + tls.certificate().getAbsolutePath());
        ssl.setCertificatePrivateKey("file:" + tls.privateKey().getAbsolutePath());
        ssl.setEnabledProtocols(new String[] {"TLSv1.3", "TLSv1.2"});
        factory.setSsl(ssl);
        Http2 http2 = new Http2();
        http2.setEnabled(true);
        factory.setHttp2(http2);
        webServer = factory.getWebServer(httpHandler);
        webServer.start();
    }

    @Override
    public void stop() {
        WebServer server = webServer;
        if (server != null) {
            server.stop();
            webServer = null;
        }
    }

    @Override
    public boolean isRunning() {
        return webServer != null;
    }

    @Override
    public int getPhase() {
        return PHASE;
    }
}
