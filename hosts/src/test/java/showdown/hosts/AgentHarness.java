package showdown.hosts;

import com.sun.net.httpserver.HttpServer;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicLong;
import showdown.contract.AgentRole;
import showdown.hosts.agent.Agent;
import showdown.hosts.agent.AgentConfig;
import showdown.hosts.control.AgentLink;
import showdown.hosts.tls.ChannelTls;
import showdown.hosts.tls.RunCertificates;

/** In-process agents on 127.0.0.1 and a counting HTTP server, all closed by {@link #close()}. */
final class AgentHarness implements AutoCloseable {

    /** An agent running on a thread of its own, with what it printed. */
    record Running(Agent agent, CompletableFuture<Agent.Exit> exit, ByteArrayOutputStream output) {
        String printed() {
            return output.toString(StandardCharsets.UTF_8);
        }
    }

    final Path certs;
    private final List<Running> agents = new ArrayList<>();
    private final List<AgentLink> links = new ArrayList<>();
    private HttpServer server;
    final AtomicLong served = new AtomicLong();
    /** When the first request arrived, on this host's clock; 0 before. */
    final AtomicLong firstRequestEpochNanos = new AtomicLong();

    AgentHarness(Path dir) {
        this.certs = dir.resolve("certs");
        RunCertificates.create(certs, List.of("127.0.0.1"));
    }

    Running startAgent(AgentRole role, List<String> allow, Duration heartbeatTimeout, Clock clock) throws IOException {
        return startAgent(role, allow, heartbeatTimeout, clock, AgentConfig.Runs.ONE, Path.of("."));
    }

    /** An agent that serves {@code runs}, a server agent starting the targets of {@code home}. */
    Running startAgent(AgentRole role, List<String> allow, Duration heartbeatTimeout, Clock clock, AgentConfig.Runs runs,
                       Path home) throws IOException {
        return startAgent(role, allow, heartbeatTimeout, clock, runs, home, agentTls());
    }

    /** An agent that presents the certificate of {@code tls} rather than the 127.0.0.1 one. */
    Running startAgent(AgentRole role, List<String> allow, ChannelTls tls) throws IOException {
        return startAgent(role, allow, Duration.ofSeconds(30), Clock.system(), AgentConfig.Runs.ONE, Path.of("."), tls);
    }

    private Running startAgent(AgentRole role, List<String> allow, Duration heartbeatTimeout, Clock clock,
                               AgentConfig.Runs runs, Path home, ChannelTls tls) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        AgentConfig config = new AgentConfig(role, "127.0.0.1", 0, tls, allow, heartbeatTimeout, home, clock,
                new PrintStream(out, true, StandardCharsets.UTF_8), runs);
        Agent agent = new Agent(config);
        CompletableFuture<Agent.Exit> exit = new CompletableFuture<>();
        Thread.ofPlatform().name("test-agent").daemon().start(() -> exit.complete(agent.serve()));
        Running r = new Running(agent, exit, out);
        agents.add(r);
        return r;
    }

    /** The agents' certificate: all of them run on 127.0.0.1. */
    ChannelTls agentTls() {
        return ChannelTls.agent(RunCertificates.agentFolder(certs, "127.0.0.1"));
    }

    AgentLink link(String name, Running agent, AgentRole role) {
        AgentLink link = AgentLink.connect(name, "127.0.0.1", agent.agent().port(), role, ChannelTls.controller(certs),
                Duration.ofSeconds(5));
        links.add(link);
        return link;
    }

    /**
     * A target in {@code home}'s checkout whose start command runs {@code first} (a shell command,
     * or nothing) and then execs python's HTTP server: one process, serving {@code /plaintext}.
     *
     * @return the target's folder
     */
    static Path writePythonTarget(Path home, String name, String first) throws IOException {
        Path dir = java.nio.file.Files.createDirectories(home.resolve("targets/test").resolve(name));
        java.nio.file.Files.writeString(dir.resolve("plaintext"), "ok");
        java.nio.file.Files.writeString(dir.resolve("target.yaml"), """
                name: %s
                display: %s
                language: python
                framework: http.server
                version: "3"
                category: platform
                start: ["sh", "-c", "%sexec python3 -m http.server --bind 127.0.0.1 $PORT"]
                ready: /plaintext
                scenarios: [mist]
                """.formatted(name, name, first.isEmpty() ? "" : first + " && "));
        return dir;
    }

    /** An HTTP server on 127.0.0.1 that answers every request with 200 and counts them. */
    int startServer() throws IOException {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 512);
        server.setExecutor(Executors.newFixedThreadPool(4));
        server.createContext("/", exchange -> {
            firstRequestEpochNanos.compareAndSet(0, Clock.system().epochNanos());
            served.incrementAndGet();
            byte[] body = "ok".getBytes(StandardCharsets.US_ASCII);
            exchange.sendResponseHeaders(200, body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
        });
        server.start();
        return server.getAddress().getPort();
    }

    @Override
    public void close() {
        links.forEach(AgentLink::close);
        agents.forEach(r -> r.agent().close());
        if (server != null) {
            server.stop(0);
            ((java.util.concurrent.ExecutorService) server.getExecutor()).shutdownNow();
        }
    }
}
