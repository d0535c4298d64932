package dev.showdown.targets.tomcat;

import java.nio.file.Path;
import java.util.logging.Level;
import java.util.logging.Logger;

import jakarta.servlet.http.HttpServlet;
import org.apache.catalina.Context;
import org.apache.catalina.LifecycleException;
import org.apache.catalina.LifecycleState;
import org.apache.catalina.connector.Connector;
import org.apache.catalina.startup.Tomcat;

/**
 * Embedded Tomcat 11 with plain servlets. Routing is the servlet container's own mapping:
 * exact mappings beat prefix mappings ({@code /x/*}), which beat the default servlet ({@code /}),
 * so {@code /plaintext} and friends win over the {@code /{title}} page served by the default servlet.
 */
public final class TomcatApp {
    static final String HOST = "127.0.0.1";
    static final int DEFAULT_PORT = 8080;
    /** Tomcat sends no Server header unless the connector names one. */
    static final String SERVER_HEADER = "Apache-Tomcat";
    /** Keep-alive connections are never closed after a request count (the benchmark reuses them). */
    static final String UNLIMITED_KEEP_ALIVE_REQUESTS = "-1";
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

        Tomcat tomcat = new Tomcat();
        // Tomcat needs a work directory; one per port is reused across restarts instead of piling up.
        tomcat.setBaseDir(Path.of(System.getProperty("java.io.tmpdir"), "showdown-tomcat-" + port).toString());
        Connector connector = new Connector(); // HTTP/1.1 on NIO, Tomcat's default protocol
        connector.setPort(port);
        connector.setProperty("address", HOST);
        connector.setProperty("server", SERVER_HEADER);
        connector.setProperty("maxKeepAliveRequests", UNLIMITED_KEEP_ALIVE_REQUESTS);
        tomcat.setConnector(connector);

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
        // Tomcat logs a failed bind and keeps running without a listener; exit instead of hanging.
        if (connector.getState() != LifecycleState.STARTED) {
            System.err.println("tomcat target: cannot listen on " + HOST + ":" + port);
            tomcat.stop();
            System.exit(2);
        }
        tomcat.getServer().await();
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
