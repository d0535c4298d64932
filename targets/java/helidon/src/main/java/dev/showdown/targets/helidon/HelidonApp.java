package dev.showdown.targets.helidon;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

import io.helidon.common.configurable.Resource;
import io.helidon.common.pki.Keys;
import io.helidon.common.tls.Tls;
import io.helidon.http.Header;
import io.helidon.http.HeaderNames;
import io.helidon.http.HeaderValues;
import io.helidon.logging.common.LogConfig;
import io.helidon.webserver.ListenerConfig;
import io.helidon.webserver.WebServer;
import io.helidon.webserver.WebServerConfig;
import io.helidon.webserver.http.HttpRouting;
import io.helidon.webserver.http.ServerRequest;
import io.helidon.webserver.http.ServerResponse;

/**
 * The Showdown routes on the Helidon SE 4 webserver, set up in code as its SE guide shows. The
 * default listener on {@code PORT} serves HTTP/1.1 and h2c; with {@code TLS_PORT}, {@code TLS_CERT}
 * and {@code TLS_KEY} a second listener serves HTTP/1.1 and HTTP/2 over the JDK's TLS by ALPN.
 */
public final class HelidonApp {
    /** 127.0.0.1, or what HOST says: a server agent asks for 0.0.0.0, for load from other hosts. */
    static final String HOST = System.getenv().getOrDefault("HOST", "127.0.0.1");
    static final int DEFAULT_PORT = 8080;
    /** Request bodies above this many bytes get 413. */
    static final long MAX_PAYLOAD_BYTES = 40_000_000L;

    static final Header SERVER = HeaderValues.createCached(HeaderNames.SERVER, "Helidon");
    static final Header TEXT_PLAIN_UTF8 = HeaderValues.createCached(HeaderNames.CONTENT_TYPE, "text/plain; charset=utf-8");
    static final Header TEXT_HTML_UTF8 = HeaderValues.createCached(HeaderNames.CONTENT_TYPE, "text/html; charset=utf-8");
    static final String DEFAULT_ECHO_TYPE = "application/octet-stream";
    private static final byte[] NO_BODY = new byte[0];
    /** The name of the TLS listener; the default one is Helidon's "@default". */
    static final String TLS_SOCKET = "tls";
    static final List<String> TLS_VERSIONS = List.of("TLSv1.3", "TLSv1.2");

    record Message(String message) {
    }

    private HelidonApp() {
    }

    public static void main(String[] args) {
        LogConfig.configureRuntime(); // reads logging.properties (WARNING)
        int port = intFromEnv("PORT", DEFAULT_PORT);
        Optional<TlsEnv> tls = tlsFromEnv();
        WebServerConfig.Builder builder = listener(WebServer.builder(), port).routing(HelidonApp::routing);
        tls.ifPresent(env -> builder
                .putSocket(TLS_SOCKET, socket -> listener(socket, env.port()).tls(tls(env)))
                .routing(TLS_SOCKET, HelidonApp::routing));
        WebServer server = builder.build().start();
        // Helidon logs a failed bind and returns a stopped server; exit instead of idling with status 0.
        if (!server.isRunning() || tls.isPresent() && server.port(TLS_SOCKET) < 0) {
            System.err.println("helidon target: cannot listen on " + HOST + ":" + port
                    + tls.map(env -> " and " + env.port()).orElse(""));
            System.exit(2);
        }
    }

    /** The settings every listener shares. */
    private static <B extends ListenerConfig.BuilderBase<B, ?>> B listener(B listener, int port) {
        return listener.host(HOST)
                .port(port)
                .maxPayloadSize(MAX_PAYLOAD_BYTES)
                // Helidon leaves Nagle's algorithm on (tcp-no-delay: false). It writes a response
                // above its 8 KiB write buffer in two parts, and Nagle then holds the second part
                // until the client's delayed ACK of the first: about 40 ms per 10 KiB echo.
                .connectionOptions(socket -> socket.tcpNoDelay(true))
                .directHandlers(HeadersOnDirectResponses::register);
    }

    /**
     * Helidon's {@link Tls} with the PEM certificate chain and PKCS#8 key, as its TLS docs set it
     * up, TLS 1.3 and 1.2 on the JDK's engine (the only one Helidon has).
     */
    private static Tls tls(TlsEnv env) {
        for (Path file : List.of(env.certificate(), env.key())) {
            if (!Files.isReadable(file)) {
                System.err.println("helidon target: cannot load TLS_CERT and TLS_KEY: cannot read " + file);
                System.exit(2);
            }
        }
        try {
            Keys keys = Keys.builder()
                    .pem(pem -> pem.key(Resource.create(env.key())).certChain(Resource.create(env.certificate())))
                    .build();
            return Tls.builder()
                    .privateKey(keys)
                    .privateKeyCertChain(keys)
                    .enabledProtocols(TLS_VERSIONS)
                    .build();
        } catch (RuntimeException e) {
            System.err.println("helidon target: cannot load TLS_CERT and TLS_KEY: " + e.getMessage());
            System.exit(2);
            return null;
        }
    }

    private static Optional<TlsEnv> tlsFromEnv() {
        try {
            return TlsEnv.read();
        } catch (IllegalArgumentException e) {
            System.err.println("helidon target: " + e.getMessage());
            System.exit(2);
            return Optional.empty();
        }
    }

    /**
     * Helidon tries routes in the order they are registered, so the static routes come before
     * {@code /{title}}. The regex route uses Helidon's {@code {name:regex}} path parameter.
     */
    static void routing(HttpRouting.Builder routing) {
        ShowdownPage page = new ShowdownPage();
        routing.addFilter((chain, req, res) -> {
                    // Helidon sends Date but no Server header by default.
                    res.header(SERVER);
                    chain.proceed();
                })
                .get("/plaintext", (req, res) -> text(res, "Hello, World!"))
                .get("/json", (req, res) -> res.send(new Message("Hello, World!")))
                .get("/echo/hello-world", (req, res) -> text(res, "Hello World"))
                .get("/echo/plain/{param}", (req, res) -> text(res, req.path().pathParameters().get("param")))
                .get("/echo/regex/{digits:[0-9]+}", (req, res) -> text(res, req.path().pathParameters().get("digits")))
                .get("/", (req, res) -> text(res, ""))
                .get("/user/{id}", (req, res) -> text(res, req.path().pathParameters().get("id")))
                .post("/user", HelidonApp::echo)
                .get("/{title}", (req, res) -> res.header(TEXT_HTML_UTF8)
                        .send(page.render(req.path().pathParameters().get("title"))));
    }

    private static void text(ServerResponse res, String body) {
        res.header(TEXT_PLAIN_UTF8).send(body);
    }

    /** Echoes the body byte for byte; maxPayloadSize makes Helidon answer 413 above 40 MB. */
    private static void echo(ServerRequest req, ServerResponse res) {
        String type = req.headers().first(HeaderNames.CONTENT_TYPE).orElse(DEFAULT_ECHO_TYPE);
        // A POST without Content-Length or chunking has no entity at all, which as() refuses.
        byte[] body = req.content().hasEntity() ? req.content().as(byte[].class) : NO_BODY;
        res.header(HeaderNames.CONTENT_TYPE, type).send(body);
    }

    private static int intFromEnv(String name, int fallback) {
        String value = System.getenv(name);
        if (value == null || value.isBlank()) {
            return fallback;
        }
        try {
            return Integer.parseInt(value.trim());
        } catch (NumberFormatException e) {
            System.err.println("helidon target: " + name + " must be an integer, got '" + value + "'");
            System.exit(2);
            return fallback;
        }
    }
}
