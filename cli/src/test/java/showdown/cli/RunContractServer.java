package showdown.cli;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.Executors;
import java.util.regex.Pattern;

/**
 * A small server that serves the whole scenario contract (docs/scenarios.md) with the JDK's own
 * HTTP server, so the run tests measure a real target without depending on any framework target.
 * Run as a child process: {@code java -cp <test classes> showdown.cli.RunContractServer}, port from
 * {@code PORT}.
 */
public final class RunContractServer {

    private static final int MAX_BODY_BYTES = 40_000_000;
    private static final Pattern DIGITS = Pattern.compile("[0-9]+");
    private static final String TEXT = "text/plain; charset=utf-8";
    private static final String[] MEMBERS = {"Chris McCord", "Matt Sears", "David Stump", "Ricardo Thompson"};
    private static final int BACKLOG = 1024;

    private RunContractServer() {
    }

    /** {@code home} as a Showdown home: the shipped scenarios, and a target {@code name} (display {@code display}). */
    static void home(java.nio.file.Path home, String name, String display, String marker) throws IOException {
        RunEndToEndTest.copyTree(java.nio.file.Path.of("..").toAbsolutePath().normalize().resolve("scenarios"),
                home.resolve("scenarios"));
        writeTarget(home, name, display, marker);
    }

    /**
     * A target named {@code name} under {@code home} that runs this server; {@code marker} is on its
     * command line, so that a test can find the processes it left.
     */
    static void writeTarget(java.nio.file.Path home, String name, String display, String marker) throws IOException {
        writeTarget(home, name, display, marker, "");
    }

    /** As {@link #writeTarget(java.nio.file.Path, String, String, String)}, with {@code moreYaml} at the end of its manifest. */
    static void writeTarget(java.nio.file.Path home, String name, String display, String marker, String moreYaml)
            throws IOException {
        java.nio.file.Path testClasses = java.nio.file.Path.of(RunContractServer.class.getProtectionDomain().getCodeSource()
                .getLocation().getPath());
        java.nio.file.Path dir = java.nio.file.Files.createDirectories(home.resolve("targets/test/" + name));
        java.nio.file.Files.writeString(dir.resolve("target.yaml"), """
                name: %s
                display: %s
                language: java
                framework: JDK HttpServer
                version: "21"
                category: platform
                start: ["${JAVA}", "-Dshowdown.test.marker=%s", "-Dsun.net.httpserver.nodelay=true", "-Xmx64m", "-cp", "%s", "showdown.cli.RunContractServer"]
                ready: /plaintext
                scenarios: [spock-scotty, mist, phoenix-showdown, techempower]
                """.formatted(name, display, marker, testClasses) + moreYaml);
    }

    public static void main(String[] args) throws IOException {
        int port = Integer.parseInt(System.getenv().getOrDefault("PORT", "8080"));
        // HOST: a server agent asks for every address, so that load from other hosts reaches it
        String host = System.getenv().getOrDefault("HOST", "127.0.0.1");
        HttpServer server = HttpServer.create(new InetSocketAddress(host, port), BACKLOG);
        server.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
        server.createContext("/", RunContractServer::handle);
        server.start();
    }

    private static void handle(HttpExchange ex) throws IOException {
        try (ex) {
            ex.getResponseHeaders().set("Server", "showdown-test");
            String path = ex.getRequestURI().getRawPath();
            String method = ex.getRequestMethod();
            String[] seg = path.substring(1).split("/", -1);
            if (method.equals("POST") && path.equals("/user")) {
                echo(ex);
            } else if (!method.equals("GET")) {
                send(ex, 404, TEXT, new byte[0]);
            } else if (path.equals("/")) {
                send(ex, 200, TEXT, new byte[0]);
            } else if (path.equals("/echo/hello-world")) {
                send(ex, 200, TEXT, utf8("Hello World"));
            } else if (seg.length == 3 && seg[0].equals("echo") && seg[1].equals("plain") && !seg[2].isEmpty()) {
                send(ex, 200, TEXT, utf8(seg[2]));
            } else if (seg.length == 3 && seg[0].equals("echo") && seg[1].equals("regex") && DIGITS.matcher(seg[2]).matches()) {
                send(ex, 200, TEXT, utf8(seg[2]));
            } else if (seg.length == 2 && seg[0].equals("user") && !seg[1].isEmpty()) {
                send(ex, 200, TEXT, utf8(seg[1]));
            } else if (path.equals("/plaintext")) {
                send(ex, 200, "text/plain", utf8("Hello, World!"));
            } else if (path.equals("/json")) {
                send(ex, 200, "application/json", utf8("{\"message\":\"Hello, World!\"}"));
            } else if (seg.length == 1 && !seg[0].isEmpty() && !seg[0].equals("echo") && !seg[0].equals("user")) {
                send(ex, 200, "text/html; charset=utf-8", utf8(page(URLDecoder.decode(seg[0], StandardCharsets.UTF_8))));
            } else {
                send(ex, 404, TEXT, utf8("Not Found"));
            }
        }
    }

    private static void echo(HttpExchange ex) throws IOException {
        String length = ex.getRequestHeaders().getFirst("Content-Length");
        if (length != null && Long.parseLong(length.trim()) > MAX_BODY_BYTES) {
            send(ex, 413, TEXT, utf8("Payload Too Large"));
            return;
        }
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        byte[] buf = new byte[64 * 1024];
        try (InputStream in = ex.getRequestBody()) {
            int n;
            while ((n = in.read(buf)) > 0) {
                body.write(buf, 0, n);
                if (body.size() > MAX_BODY_BYTES) {
                    send(ex, 413, TEXT, utf8("Payload Too Large"));
                    return;
                }
            }
        }
        String type = ex.getRequestHeaders().getFirst("Content-Type");
        send(ex, 200, type == null ? "application/octet-stream" : type, body.toByteArray());
    }

    private static void send(HttpExchange ex, int status, String type, byte[] body) throws IOException {
        ex.getResponseHeaders().set("Content-Type", type);
        // -1 tells the JDK server "no body", which it sends as Content-Length: 0.
        ex.sendResponseHeaders(status, body.length == 0 ? -1 : body.length);
        if (body.length > 0) {
            try (OutputStream out = ex.getResponseBody()) {
                out.write(body);
            }
        }
    }

    private static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    private static String escape(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;").replace("'", "&#39;");
    }

    /** The showdown page of docs/scenarios.md: a layout around an index view with a member partial. */
    private static String page(String title) {
        StringBuilder members = new StringBuilder();
        for (String m : MEMBERS) {
            members.append("          <li><b>Name:</b> ").append(escape(m)).append("</li>\n");
        }
        String index = """
                <div class="jumbotron">
                  <h2>Welcome to Phoenix!</h2>
                  <p class="lead">Phoenix is an Elixir Web Framework targeting full-featured, fault tolerant applications with realtime functionality.</p>
                </div>
                <div class="row marketing">
                  <div class="col-lg-6">
                    <h4>Resources: %s</h4>
                    <ul>
                      <li><a href="http://api.phoenixframework.org/">Docs</a></li>
                      <li><a href="https://github.com/phoenixframework/phoenix">Source</a></li>
                    </ul>
                  </div>
                  <div class="col-lg-6">
                    <h4>Help</h4>
                    <ul>
                      <li><a href="https://github.com/phoenixframework/phoenix/issues?state=open">Issues</a></li>
                      <li><a href="irc://irc.freenode.net/elixir-lang">#elixir-lang on freenode IRC</a></li>
                      <li><a href="https://twitter.com/chris_mccord">@chris_mccord</a></li>
                    </ul>
                    <h4>Team Members</h4>
                    <ul>
                %s        </ul>
                  </div>
                </div>
                """.formatted(escape(title), members);
        return """
                <!DOCTYPE html>
                <html lang="en">
                  <head>
                    <meta charset="utf-8">
                    <meta http-equiv="X-UA-Compatible" content="IE=edge">
                    <meta name="viewport" content="width=device-width, initial-scale=1">
                    <meta name="description" content="">
                    <meta name="author" content="">
                    <title>Hello Phoenix!</title>
                  </head>
                  <body>
                    <div class="container">
                      <div class="header">
                        <ul class="nav nav-pills pull-right">
                          <li><a href="https://github.com/phoenixframework/phoenix">Get Started</a></li>
                        </ul>
                        <span class="logo"></span>
                      </div>
                %s
                      <div class="footer">
                        <p><a href="http://phoenixframework.org">phoenixframework.org</a></p>
                      </div>
                    </div>
                  </body>
                </html>
                """.formatted(index);
    }
}
