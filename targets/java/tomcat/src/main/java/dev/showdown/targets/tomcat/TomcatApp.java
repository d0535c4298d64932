package dev.showdown.targets.tomcat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.logging.Level;
import java.util.logging.Logger;

import jakarta.servlet.http.HttpServlet;
import org.apache.catalina.Context;
import org.apache.catalina.LifecycleException;
import org.apache.catalina.LifecycleState;
import org.apache.catalina.connector.Connector;
import org.apache.catalina.startup.Tomcat;
import org.apache.coyote.http2.Http2Protocol;
import org.apache.tomcat.util.net.SSLHostConfig;
import org.apache.tomcat.util.net.SSLHostConfigCertificate;

/**
 * Embedded Tomcat 11 with plain servlets. Routing is the servlet container's own mapping:
 * exact mappings beat prefix mappings ({@code /x/*}), which beat the default servlet ({@code /}),
 * so {@code /plaintext} and friends win over the {@code /{title}} page served by the default servlet.
 * {@code PORT} serves HTTP/1.1 and h2c; with {@code TLS_PORT}, {@code TLS_CERT} and {@code TLS_KEY}
 * a second connector serves HTTP/1.1 and HTTP/2 over TLS (JSSE), chosen by ALPN.
 */
public final class TomcatApp {
    /** 127.0.0.1, or what HOST says: a server agent asks for 0.0.0.0, for load from other hosts. */
    static final String HOST = System.getenv().getOrDefault("HOST", "127.0.0.1");
    static final int DEFAULT_PORT = 8080;
    /** Tomcat sends no Server header unless the connector names one. */
    static final String SERVER_HEADER = "Apache-Tomcat";
    /** Keep-alive connections are never closed after a request count (the benchmark reuses them). */
    static final String UNLIMITED_KEEP_ALIVE_REQUESTS = "-1";
    /** The protocol Tomcat's docs name for NIO; the HTTPS connector must be built from it. */
    static final String NIO_PROTOCOL = "org.apache.coyote.http11.Http11NioProtocol";
    /** Tomcat's syntax for "TLS 1.2 and TLS 1.3 only". */
    static final String TLS_VERSIONS = "TLSv1.2+TLSv1.3";
    /** Loggers must stay referenced, or java.util.logging forgets their level. */
    private static final Logger TOMCAT_LOG = Logger.getLogger("org.apache");
    private static final Logger THYMELEAF_LOG = Logger.getLogger("org.thymeleaf");

    private TomcatApp() {
    }

    public static void main(String[] args) throws LifecycleException {
        // Production logging: warnings and errors only, nothing per request.
        TOMCAT_LOG.setLevel(Level.WARNING);
        THYMELEAF_LOG.setLevel(Level.WARNING);
        int port = intFromEnv("PORT", DEFAULT_PORT);
        Optional<TlsEnv> tls = tlsFromEnv();

        Tomcat tomcat = new Tomcat();
        // Tomcat needs a work directory (here only its empty work/ folders: no JSPs, no sessions). One fixed
        // folder is reused by every start: a folder per port piled up, since the harness picks free ports.
        tomcat.setBaseDir(Path.of(System.getProperty("java.io.tmpdir"), "showdown-tomcat").toString());
        Connector connector = connector(new Connector(), port); // HTTP/1.1 on NIO, Tomcat's default protocol
        tomcat.setConnector(connector);
        Optional<Connector> secure = tls.map(TomcatApp::tlsConnector);
        secure.ifPresent(tomcat.getService()::addConnector);

        Context context = tomcat.addContext("", null);
        map(context, new TextServlet.Plaintext(), "/plaintext");
        map(context, new JsonServlet(), "/json");
        map(context, new TextServlet.HelloWorld(), "/echo/hello-world");
        map(context, new TextServlet.PlainEcho(), "/echo/plain/*");
        map(context, new TextServlet.RegexEcho(), "/echo/regex/*");
        map(context, new TextServlet.Empty(), ""); // "" is the Servlet spec's exact match for the context root
        map(context, new UserServlet(), "/user", "/user/*");
        map(context, new ShowdownPageServlet(), "/"); // the default servlet: anything not mapped above

        tomcat.start();
        // Tomcat logs a failed bind (or a bad certificate) and keeps running without that
        // listener; exit instead of hanging or serving half of what was asked.
        exitUnlessStarted(tomcat, connector, port);
        if (secure.isPresent()) {
            exitUnlessStarted(tomcat, secure.get(), tls.get().port());
        }
        tomcat.getServer().await();
    }

    /**
     * The settings both connectors share, and HTTP/2 as an upgrade protocol: on the cleartext
     * connector that is h2c, by prior knowledge (Tomcat spots the HTTP/2 preface) or by
     * {@code Upgrade: h2c}; on the TLS connector it adds {@code h2} to ALPN.
     */
    private static Connector connector(Connector connector, int port) {
        connector.setPort(port);
        connector.setProperty("address", HOST);
        connector.setProperty("server", SERVER_HEADER);
        connector.setProperty("maxKeepAliveRequests", UNLIMITED_KEEP_ALIVE_REQUESTS);
        connector.addUpgradeProtocol(new Http2Protocol());
        return connector;
    }

    /**
     * HTTPS as Tomcat's SSL how-to sets it up: an NIO connector with {@code SSLEnabled}, one
     * {@link SSLHostConfig} with TLS 1.2 and 1.3, and the PEM certificate and PKCS#8 key files
     * read by Tomcat itself. The engine is JSSE, the JDK's: Tomcat 11's OpenSSL through FFM ships
     * in tomcat-coyote-ffm, which Maven Central does not serve for 11.0.27, and its JNI OpenSSL
     * needs Tomcat Native 2, which Debian does not package (README).
     */
    private static Connector tlsConnector(TlsEnv tls) {
        for (Path file : new Path[] {tls.certificate(), tls.key()}) {
            if (!Files.isReadable(file)) {
                System.err.println("tomcat target: cannot load TLS_CERT and TLS_KEY: cannot read " + file);
                System.exit(2);
            }
        }
        Connector connector = connector(new Connector(NIO_PROTOCOL), tls.port());
        connector.setScheme("https");
        connector.setSecure(true);
        connector.setProperty("SSLEnabled", "true");
        SSLHostConfig sslHostConfig = new SSLHostConfig();
        sslHostConfig.setProtocols(TLS_VERSIONS);
        // UNDEFINED: Tomcat takes the key's own type (EC for the harness's P-256 key).
        SSLHostConfigCertificate certificate =
                new SSLHostConfigCertificate(sslHostConfig, SSLHostConfigCertificate.Type.UNDEFINED);
        certificate.setCertificateFile(tls.certificate().toAbsolutePath().toString());
        certificate.setCertificateKeyFile(tls.key().toAbsolutePath().toString());
        sslHostConfig.addCertificate(certificate);
        connector.addSslHostConfig(sslHostConfig);
        return connector;
    }

    private static void exitUnlessStarted(Tomcat tomcat, Connector connector, int port) throws LifecycleException {
        if (connector.getState() != LifecycleState.STARTED) {
            System.err.println("tomcat target: cannot listen on " + HOST + ":" + port + " (see the log above)");
            tomcat.stop();
            System.exit(2);
        }
    }

    private static Optional<TlsEnv> tlsFromEnv() {
        try {
            return TlsEnv.read();
        } catch (IllegalArgumentException e) {
            System.err.println("tomcat target: " + e.getMessage());
            System.exit(2);
            return Optional.empty();
        }
    }

    private static void map(Context context, HttpServlet servlet, String... patterns) {
        String name = servlet.getClass().getSimpleName();
        Tomcat.addServlet(context, name, servlet);
        for (String pattern : patterns) {
            context.addServletMappingDecoded(pattern, name);
        }
    }

    private static int intFromEnv(String name, int fallback) {
        String value = System.getenv(name);
        if (value == null || value.isBlank()) {
            return fallback;
        }
        try {
            return Integer.parseInt(value.trim());
        } catch (NumberFormatException e) {
            System.err.println("tomcat target: " + name + " must be an integer, got '" + value + "'");
            System.exit(2);
            return fallback;
        }
    }
}
