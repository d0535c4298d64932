package showdown.hosts;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import showdown.contract.AgentRole;
import showdown.harness.targets.ServedTarget;
import showdown.harness.targets.StartOptions;
import showdown.harness.targets.TargetCatalog;
import showdown.hosts.agent.Agent;
import showdown.hosts.agent.AgentConfig;
import showdown.hosts.control.AgentLink;
import showdown.hosts.control.HostsException;
import showdown.hosts.control.ServerAgentHost;
import showdown.hosts.tls.ChannelTls;
import showdown.hosts.tls.RunCertificates;
import showdown.hosts.wire.Message;

/**
 * Nothing a run started outlives it: a target dies with its server agent, however the agent dies,
 * and an agent that serves one run after another keeps nothing of the last. Real processes and
 * TLS on 127.0.0.1; every process a test starts is killed by its pid when the test ends.
 */
class TargetLifetimeTest {

    private static final Pattern LISTENING = Pattern.compile("listening on 127\\.0\\.0\\.1:(\\d+) \\(role server\\)");
    private static final Duration WAIT = Duration.ofSeconds(15);

    @TempDir
    Path home;

    private final List<ProcessHandle> started = new ArrayList<>();

    @AfterEach
    void killWhatIsLeft() {
        for (ProcessHandle p : started) {
            p.destroyForcibly();
        }
    }

    @Test
    void aTargetDiesWithItsServerAgentKilledBySigkill() throws Exception {
        writeTarget();
        Path certs = home.resolve("certs");
        Process agent = startAgentProcess(certs);
        int port = listeningPort(agent);

        List<ProcessHandle> target;
        try (AgentLink link = AgentLink.connect("server", "127.0.0.1", port, AgentRole.SERVER, ChannelTls.controller(certs),
                WAIT)) {
            ServedTarget served = new ServerAgentHost(link, "127.0.0.1").start(TargetCatalog.discover(home).require("echo"),
                    StartOptions.defaults(home, home.resolve("logs")));
            target = agent.toHandle().descendants().toList();
            started.addAll(target);
            assertThat(target).as("the target runs under the agent").isNotEmpty();
            assertThat(accepts(served.port())).isTrue();

            agent.destroyForcibly(); // SIGKILL: the agent runs no code of its own on the way out
            assertThat(agent.waitFor(WAIT.toSeconds(), TimeUnit.SECONDS)).isTrue();
            for (ProcessHandle p : target) {
                p.onExit().get(WAIT.toSeconds(), TimeUnit.SECONDS); // a TimeoutException fails the test
                assertThat(p.isAlive()).as("target process " + p.pid()).isFalse();
            }
            assertThat(accepts(served.port())).as("nothing listens on the target's port").isFalse();
        }
    }

    @Test
    void aBuildDiesWithItsServerAgentKilledBySigkill() throws Exception {
        String marker = "600.456";
        writeSlowBuild(marker);
        Path certs = home.resolve("certs");
        Process agent = startAgentProcess(certs);
        try (AgentLink link = AgentLink.connect("server", "127.0.0.1", listeningPort(agent), AgentRole.SERVER,
                ChannelTls.controller(certs), WAIT)) {
            link.send(new Message.StartTarget("slowbuild", java.util.Map.of(), List.of()));
            ProcessHandle build = awaitProcess("sleep", marker);
            started.add(build);

            agent.destroyForcibly();
            assertThat(agent.waitFor(WAIT.toSeconds(), TimeUnit.SECONDS)).isTrue();
            build.onExit().get(WAIT.toSeconds(), TimeUnit.SECONDS);
            assertThat(build.isAlive()).as("the build is gone with its agent").isFalse();
        }
    }

    @Test
    void anAgentServingRunAfterRunKeepsNothingOfTheLast() throws Exception {
        writeTarget();
        try (AgentHarness h = new AgentHarness(home)) {
            AgentHarness.Running agent = startServerAgent(h);
            int targetPort;
            try (AgentLink first = h.link("server", agent, AgentRole.SERVER)) {
                targetPort = new ServerAgentHost(first, "127.0.0.1").start(TargetCatalog.discover(home).require("echo"),
                        StartOptions.defaults(home, home.resolve("logs"))).port();
                assertThat(accepts(targetPort)).isTrue();
                first.end();
            }
            ChannelTest.awaitPrinted(agent, "ended its run; listening for the next");
            assertThat(accepts(targetPort)).as("the first run's target is stopped").isFalse();
            assertThat(agent.exit()).isNotDone();

            AgentLink second = h.link("server", agent, AgentRole.SERVER);
            second.send(new Message.WatchServer("case-1", Clock.system().epochNanos(), 0, 0, 100_000_000L));
            // the reason, not a timeout: the agent answered TargetFailed and the link throws it
            assertThatThrownBy(() -> second.await(Message.ServerWindow.class, Duration.ofSeconds(30)))
                    .isInstanceOf(HostsException.class)
                    .hasMessage("agent server at 127.0.0.1:" + agent.agent().port() + ": no target is running");
            second.close(); // silent from here: the heartbeat timeout ends this run too
            ChannelTest.awaitPrinted(agent, "no word from the controller for 2 s: its run is over; listening for the next");

            assertThat(h.link("server", agent, AgentRole.SERVER).welcome().role()).isEqualTo("server");
            agent.agent().stop();
            assertThat(agent.exit().get(WAIT.toSeconds(), TimeUnit.SECONDS)).isEqualTo(Agent.Exit.ENDED);
        }
    }

    @Test
    void aControllerThatLeavesDuringABuildFreesTheAgentAtOnceAndStopsTheBuild() throws Exception {
        String marker = "600.123"; // names this test's build among the machine's processes
        writeSlowBuild(marker);
        try (AgentHarness h = new AgentHarness(home)) {
            AgentHarness.Running agent = startServerAgent(h);
            AgentLink first = h.link("server", agent, AgentRole.SERVER);
            first.send(new Message.StartTarget("slowbuild", java.util.Map.of(), List.of()));
            ProcessHandle build = awaitProcess("sleep", marker);
            started.add(build);
            first.close(); // the controller is gone while the build runs

            // the agent handled the disconnect without waiting for the build: a new controller is served
            assertThat(h.link("server", agent, AgentRole.SERVER).welcome().role()).isEqualTo("server");
            build.onExit().get(WAIT.toSeconds(), TimeUnit.SECONDS);
            assertThat(build.isAlive()).as("the build is stopped").isFalse();
            assertThat(agent.printed()).doesNotContain("refused a second controller");
        }
    }

    /** A descendant of this JVM running {@code command} with {@code argument}, waited for (bounded). */
    private static ProcessHandle awaitProcess(String command, String argument) throws InterruptedException {
        long deadline = System.nanoTime() + WAIT.toNanos();
        while (System.nanoTime() < deadline) {
            var found = ProcessHandle.current().descendants()
                    .filter(p -> p.info().command().orElse("").endsWith("/" + command)
                            && List.of(p.info().arguments().orElse(new String[0])).contains(argument))
                    .findFirst();
            if (found.isPresent()) {
                return found.get();
            }
            Thread.sleep(50);
        }
        throw new AssertionError("no process '" + command + " " + argument + "' within " + WAIT.toSeconds() + " s");
    }

    private AgentHarness.Running startServerAgent(AgentHarness h) throws IOException {
        AgentHarness.Running agent = h.startAgent(AgentRole.SERVER, List.of(), Duration.ofSeconds(2), Clock.system(),
                AgentConfig.Runs.ONE_AFTER_ANOTHER, home);
        return agent;
    }

    /** A server agent in a process of its own, with a fresh run's certificates in {@code certs}. */
    private Process startAgentProcess(Path certs) throws IOException {
        RunCertificates.create(certs, List.of("127.0.0.1"));
        Process agent = new ProcessBuilder(ProcessHandle.current().info().command().orElse("java"), "-cp",
                System.getProperty("java.class.path"), AgentProcessMain.class.getName(), home.toString(),
                RunCertificates.agentFolder(certs, "127.0.0.1").toString()).redirectErrorStream(true).start();
        started.add(agent.toHandle());
        return agent;
    }

    /** A target whose build is {@code sleep MARKER}: it never ends by itself. */
    private void writeSlowBuild(String marker) throws IOException {
        Path dir = Files.createDirectories(home.resolve("targets/test/slowbuild"));
        Files.writeString(dir.resolve("target.yaml"), """
                name: slowbuild
                display: slowbuild
                language: shell
                framework: none
                version: "1"
                category: platform
                build:
                  command: ["sleep", "%s"]
                  output: build/never
                start: ["build/never"]
                ready: /plaintext
                scenarios: [mist]
                """.formatted(marker));
    }

    private void writeTarget() throws IOException {
        AgentHarness.writePythonTarget(home, "echo", "");
    }

    private static int listeningPort(Process agent) throws Exception {
        CompletableFuture<Integer> port = new CompletableFuture<>();
        Thread.ofVirtual().start(() -> {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(agent.getInputStream(), StandardCharsets.UTF_8))) {
                String line;
                while ((line = r.readLine()) != null) {
                    Matcher m = LISTENING.matcher(line);
                    if (m.find()) {
                        port.complete(Integer.parseInt(m.group(1)));
                    }
                }
                port.completeExceptionally(new IllegalStateException("the agent ended before it listened"));
            } catch (IOException e) {
                port.completeExceptionally(e);
            }
        });
        return port.get(WAIT.toSeconds(), TimeUnit.SECONDS);
    }

    private static boolean accepts(int port) {
        try (Socket s = new Socket()) {
            s.connect(new InetSocketAddress("127.0.0.1", port), 1000);
            return true;
        } catch (IOException e) {
            return false;
        }
    }
}
