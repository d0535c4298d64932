package showdown.hosts;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import showdown.contract.AgentRole;
import showdown.harness.targets.ServedTarget;
import showdown.harness.targets.StartOptions;
import showdown.harness.targets.TargetCatalog;
import showdown.harness.targets.TargetException;
import showdown.harness.targets.TargetUnavailableException;
import showdown.hosts.agent.Agent;
import showdown.hosts.agent.AgentConfig;
import showdown.hosts.control.AgentLink;
import showdown.hosts.control.ClockOffset;
import showdown.hosts.control.ServerAgentHost;
import showdown.hosts.tls.ChannelTls;
import showdown.hosts.tls.RunCertificates;
import showdown.hosts.wire.Message;

/** The server role: a target started by name from the agent's home, watched over a window, stopped. */
class ServerAgentTest {

    /** The server agent's clock is this far ahead of the controller's: the window must be converted. */
    private static final long AGENT_CLOCK_AHEAD_NANOS = 300_000_000L;
    private static final long WARMUP_NANOS = 200_000_000L;
    private static final long SLICE_NANOS = 100_000_000L;
    private static final long WINDOW_NANOS = 650_000_000L;

    @TempDir
    Path home;

    @Test
    void startsATargetByNameWatchesItAndStopsIt() throws Exception {
        // it takes longer to start than the agent's heartbeat timeout: the agent must keep listening meanwhile
        Path dir = AgentHarness.writePythonTarget(home, "slow", "sleep 3");
        try (ServerAgent server = ServerAgent.start(home)) {
            AgentLink link = server.link;
            ByteArrayOutputStream out = server.out;
            CompletableFuture<Agent.Exit> exit = server.exit;
            ServerAgentHost host = new ServerAgentHost(link, "127.0.0.1");
            TargetCatalog catalog = TargetCatalog.discover(home);
            StartOptions options = StartOptions.defaults(home, home.resolve("logs"));
            assertThatThrownBy(() -> catalog.require("nosuch")).isInstanceOf(TargetException.class);
            ServedTarget target = host.start(catalog.require("slow"), options);
            assertThat(exit).as(out.toString(StandardCharsets.UTF_8)).isNotDone();
            assertThat(target.localPid()).isEmpty();
            assertThat(target.timeToFirstResponse()).isGreaterThanOrEqualTo(Duration.ofSeconds(3));
            HttpResponse<String> answer = HttpClient.newHttpClient().send(
                    HttpRequest.newBuilder(URI.create(target.baseUri() + "/plaintext")).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertThat(answer.body()).isEqualTo("ok");

            // the window as a case has it: its agent's clock offset, a warm-up, then slices
            Message.ServerWindow window = watchWindow(link, "case-1");
            assertThat(window.alive()).isTrue();
            assertThat(target.watchCompilers().hasCompiler()).as("python has no JIT").isFalse();
            assertThat(window.compileSeconds()).isNull();
            List<Message.ServerSlice> slices = window.slices();
            assertThat(slices).isNotEmpty();
            assertThat(slices.get(0).startNanos()).isZero();
            for (Message.ServerSlice s : slices.subList(0, slices.size() - 1)) {
                assertThat(s.endNanos() - s.startNanos()).as("every slice but the last is whole").isEqualTo(SLICE_NANOS);
            }
            assertThat(slices.get(slices.size() - 1).endNanos() - slices.get(slices.size() - 1).startNanos())
                    .isBetween(0L, SLICE_NANOS);
            assertThat(window.peakRssBytes()).isPositive();
            for (int i = 1; i < window.slices().size(); i++) {
                assertThat(window.slices().get(i).startNanos()).isEqualTo(window.slices().get(i - 1).endNanos());
            }

            target.close();
            try (Socket s = new Socket()) {
                assertThatThrownBy(() -> s.connect(new java.net.InetSocketAddress("127.0.0.1", target.port()), 1000))
                        .as("the target is stopped").isInstanceOf(java.io.IOException.class);
            }
            // a name the controller knows but the agent's checkout does not: refused, nothing started
            Path other = Files.createDirectories(home.resolve("controller-home/targets/test/gone"));
            Files.writeString(other.resolve("target.yaml"), Files.readString(dir.resolve("target.yaml"))
                    .replace("name: slow", "name: gone"));
            var gone = TargetCatalog.discover(home.resolve("controller-home")).require("gone");
            assertThatThrownBy(() -> host.start(gone, options))
                    .isInstanceOf(TargetException.class).hasMessageContaining("on server: unknown target 'gone'");
            // a target whose build (its setup) exits 3 on the agent's host: unavailable there, with its line
            Path venvless = Files.createDirectories(home.resolve("targets/test/venvless"));
            Files.writeString(venvless.resolve("target.yaml"), Files.readString(dir.resolve("target.yaml"))
                    .replace("name: slow", "name: venvless") + """
                    build:
                      command: [sh, -c, 'echo "setup: venvless needs a python3 with venv" >&2; exit 3']
                      output: built
                    """);
            var unavailable = TargetCatalog.discover(home).require("venvless");
            assertThatThrownBy(() -> host.start(unavailable, options)).isInstanceOf(TargetUnavailableException.class)
                    .hasMessage("venvless needs a python3 with venv");
            // a target whose build could not provide h3 on the agent's host: started without it, the line sent back
            Path noH3 = AgentHarness.writePythonTarget(home, "no-h3", "");
            Files.writeString(noH3.resolve("target.yaml"), """
                    protocols: [h1, h3]
                    build:
                      command: [sh, -c, "touch built; echo 'h3 no QUIC library on this host' > %s"]
                      output: built
                    """.formatted(showdown.harness.targets.UnavailableProtocols.FILE_NAME),
                    java.nio.file.StandardOpenOption.APPEND);
            try (ServedTarget served = host.start(TargetCatalog.discover(home).require("no-h3"), options)) {
                assertThat(served.unavailableProtocols().describe()).isEqualTo("h3 unavailable here: no QUIC library on this host");
                assertThat(served.servedProtocols()).containsExactly(showdown.harness.targets.Protocol.H1);
            }
            link.end();
            server.agent.close();
            assertThat(exit.get(10, TimeUnit.SECONDS)).isEqualTo(Agent.Exit.ENDED);
        }
    }

    @Test
    void aJvmTargetsCompilersAreReadOnItsHostForTheWarmupAndTheCase() throws Exception {
        Path dir = Files.createDirectories(home.resolve("targets/test/jvm"));
        Files.writeString(dir.resolve("Server.java"), """
                import com.sun.net.httpserver.HttpServer;
                import java.net.InetSocketAddress;

                public class Server {
                    public static void main(String[] args) throws Exception {
                        int port = Integer.parseInt(System.getenv("PORT"));
                        HttpServer s = HttpServer.create(new InetSocketAddress("127.0.0.1", port), 0);
                        s.createContext("/", x -> {
                            byte[] b = "ok".getBytes();
                            x.sendResponseHeaders(200, b.length);
                            x.getResponseBody().write(b);
                            x.close();
                        });
                        s.start();
                    }
                }
                """);
        String java = ProcessHandle.current().info().command().orElseThrow();
        Files.writeString(dir.resolve("target.yaml"), """
                name: jvm
                display: jvm
                language: java
                framework: jdk.httpserver
                version: "1"
                category: platform
                start: ["%s", "Server.java"]
                ready: /plaintext
                scenarios: [mist]
                """.formatted(java));
        try (ServerAgent server = ServerAgent.start(home)) {
            ServerAgentHost host = new ServerAgentHost(server.link, "127.0.0.1");
            try (ServedTarget target = host.start(TargetCatalog.discover(home).require("jvm"),
                    StartOptions.defaults(home, home.resolve("logs")))) {
                // the warm-up's view: HotSpot's C1/C2 threads on the agent's host, seen through the agent
                var compilers = target.watchCompilers();
                assertThat(compilers.hasCompiler()).isTrue();
                assertThat(compilers.cpuNanosSinceLast()).isNotNegative();
                // the case's view: the server's report carries its compile time and share, as a local case has them
                Message.ServerWindow window = watchWindow(server.link, "case-jvm");
                assertThat(window.compileSeconds()).isNotNull().isNotNegative();
                assertThat(window.compileShare()).isNotNull().isNotNegative();
            }
        }
    }

    /** Watches one case's window on the server agent, with its clock offset and a warm-up, and returns its report. */
    private static Message.ServerWindow watchWindow(AgentLink link, String caseId) {
        ClockOffset offset = ClockOffset.measure(link, Clock.system(), Duration.ofMillis(1));
        long start = Clock.system().epochNanos();
        link.send(new Message.WatchServer(caseId, start, offset.offsetNanos(), WARMUP_NANOS, SLICE_NANOS));
        // the case's end on the controller's clock, as the controller waits for it
        Clock.system().sleepUntil(start + WARMUP_NANOS + WINDOW_NANOS);
        link.send(new Message.EndWatch(caseId));
        return link.await(Message.ServerWindow.class, Duration.ofSeconds(10));
    }

    /** A server agent on 127.0.0.1 with its clock ahead of the controller's, and the controller's link to it. */
    private record ServerAgent(Agent agent, AgentLink link, ByteArrayOutputStream out, CompletableFuture<Agent.Exit> exit)
            implements AutoCloseable {

        static ServerAgent start(Path home) throws Exception {
            Path certs = home.resolve("certs");
            RunCertificates.create(certs, List.of("127.0.0.1"));
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            Agent agent = new Agent(new AgentConfig(AgentRole.SERVER, "127.0.0.1", 0,
                    ChannelTls.agent(RunCertificates.agentFolder(certs, "127.0.0.1")), List.of(), Duration.ofSeconds(2), home,
                    Clock.system().offsetBy(AGENT_CLOCK_AHEAD_NANOS), new PrintStream(out, true, StandardCharsets.UTF_8),
                    AgentConfig.Runs.ONE));
            CompletableFuture<Agent.Exit> exit = new CompletableFuture<>();
            Thread.ofPlatform().daemon().start(() -> exit.complete(agent.serve()));
            try {
                return new ServerAgent(agent, AgentLink.connect("server", "127.0.0.1", agent.port(), AgentRole.SERVER,
                        ChannelTls.controller(certs), Duration.ofSeconds(5)), out, exit);
            } catch (RuntimeException e) {
                agent.close();
                throw e;
            }
        }

        /** Closes the link and the agent (which stops its target). */
        @Override
        public void close() {
            try {
                link.close();
            } finally {
                agent.close();
            }
        }
    }
}
