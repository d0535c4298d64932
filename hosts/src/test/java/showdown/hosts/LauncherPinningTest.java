package showdown.hosts;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import showdown.contract.AgentRole;
import showdown.hosts.control.AgentLauncher;
import showdown.hosts.control.HostsException;
import showdown.hosts.control.HostsRun;
import showdown.hosts.control.Inventory;
import showdown.hosts.tls.ChannelTls;
import showdown.hosts.tls.RunCertificates;

/**
 * A launched agent is held to the certificate its launcher gave it, and an {@code agent://HOST}
 * agent to {@code agents/HOST/agent.pem} of the controller's folder when it holds one: every agent
 * certificate of a run is signed by the same CA, so without the pin one agent could answer in
 * another's place. Real agents on 127.0.0.1, started by a launcher that plays a deployer's part.
 */
class LauncherPinningTest {

    private static final Duration HEARTBEAT = Duration.ofSeconds(5);

    @TempDir
    Path dir;

    /** Starts an in-process agent per host; {@code presented} says whose folder each agent really gets. */
    private static final class InProcessLauncher implements AgentLauncher {
        final AgentHarness harness;
        final Map<String, String> presented;
        final List<String> launched = new ArrayList<>();
        final List<String> stopped = new ArrayList<>();

        InProcessLauncher(AgentHarness harness, Map<String, String> presented) {
            this.harness = harness;
            this.presented = presented;
        }

        @Override
        public boolean handles(String agent) {
            return agent.startsWith("test://");
        }

        @Override
        public Launched launch(String name, String agent, AgentRole role, List<String> allow, Path certs,
                               Duration heartbeatTimeout) {
            String host = agent.substring("test://".length());
            Path given = RunCertificates.agentFolder(certs, host);
            Path used = RunCertificates.agentFolder(certs, presented.getOrDefault(host, host));
            AgentHarness.Running running;
            try {
                running = harness.startAgent(role, allow, ChannelTls.agent(used));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            launched.add(name);
            return new Launched("127.0.0.1", running.agent().port(), given, () -> {
                running.agent().close();
                stopped.add(name);
            });
        }
    }

    private static Inventory inventory() {
        return new Inventory(new Inventory.Host("server", "test://server.example", "127.0.0.1"),
                List.of(new Inventory.Host("load-1", "test://load-1.example", null)), Map.of());
    }

    @Test
    void eachLaunchedAgentPresentingItsOwnCertificateIsDriven() {
        try (AgentHarness h = new AgentHarness(dir)) {
            InProcessLauncher launcher = new InProcessLauncher(h, Map.of());
            try (HostsRun run = HostsRun.open(inventory(), h.certs, Duration.ofSeconds(1), HEARTBEAT, List.of(launcher),
                    Clock.system())) {
                assertThat(launcher.launched).containsExactly("server", "load-1");
                assertThat(run.targets()).isNotNull();
            }
            assertThat(launcher.stopped).containsExactly("server", "load-1");
        }
    }

    @Test
    void aLaunchedAgentPresentingAnotherAgentsCertificateIsRefusedInOneLine() {
        try (AgentHarness h = new AgentHarness(dir)) {
            // the load host's agent answers with the server host's pair: same CA, same role, another host
            InProcessLauncher launcher = new InProcessLauncher(h, Map.of("load-1.example", "server.example"));
            assertThatThrownBy(() -> HostsRun.open(inventory(), h.certs, Duration.ofSeconds(1), HEARTBEAT,
                    List.of(launcher), Clock.system()))
                    .isInstanceOf(HostsException.class)
                    .hasMessageStartingWith("agent load-1 at 127.0.0.1:")
                    .hasMessageContaining(": refused: it presents another certificate than the one its launcher gave it")
                    .hasMessageContaining("showdown agent server.example")
                    .hasMessageNotContaining("\n");
            assertThat(launcher.stopped).containsExactly("server", "load-1");
        }
    }

    /** The server started by the launcher; the load agent already running, given as {@code agent://127.0.0.1:PORT}. */
    private static Inventory withRunningLoadAgent(int port) {
        return new Inventory(new Inventory.Host("server", "test://server.example", "127.0.0.1"),
                List.of(new Inventory.Host("load-1", "agent://127.0.0.1:" + port, null)), Map.of());
    }

    @Test
    void anAgentGivenByHandPresentingItsHostsCertificateIsDrivenWithoutANotice() throws IOException {
        try (AgentHarness h = new AgentHarness(dir)) { // its folder holds agents/127.0.0.1/
            AgentHarness.Running load = h.startAgent(AgentRole.LOAD, List.of("127.0.0.1"), h.agentTls());
            InProcessLauncher launcher = new InProcessLauncher(h, Map.of());
            try (HostsRun run = HostsRun.open(withRunningLoadAgent(load.agent().port()), h.certs, Duration.ofSeconds(1),
                    HEARTBEAT, List.of(launcher), Clock.system())) {
                assertThat(run.load()).isNotNull();
                assertThat(run.unpinnedNotice()).isEmpty();
            }
        }
    }

    @Test
    void anAgentGivenByHandPresentingAnotherHostsCertificateIsRefusedInOneLine() throws IOException {
        try (AgentHarness h = new AgentHarness(dir)) {
            // the folder holds agents/127.0.0.1/, but the agent there answers with the server host's pair
            AgentHarness.Running load = h.startAgent(AgentRole.LOAD, List.of("127.0.0.1"),
                    ChannelTls.agent(RunCertificates.agentFolder(h.certs, "server.example")));
            InProcessLauncher launcher = new InProcessLauncher(h, Map.of());
            assertThatThrownBy(() -> HostsRun.open(withRunningLoadAgent(load.agent().port()), h.certs,
                    Duration.ofSeconds(1), HEARTBEAT, List.of(launcher), Clock.system()))
                    .isInstanceOf(HostsException.class)
                    .hasMessageStartingWith("agent load-1 at 127.0.0.1:")
                    .hasMessageContaining(": refused: it presents another certificate than agents/127.0.0.1/agent.pem"
                            + " of the certificate folder")
                    .hasMessageContaining("showdown agent server.example")
                    .hasMessageNotContaining("\n");
            assertThat(launcher.stopped).containsExactly("server");
        }
    }

    @Test
    void anAgentGivenByHandWithoutItsHostsCertificateInTheFolderIsHeldToTheCaAndSaidSo() throws IOException {
        try (AgentHarness h = new AgentHarness(dir)) {
            Path other = RunCertificates.agentFolder(h.certs, "load-1.example");
            deleteTree(h.certs.resolve(RunCertificates.AGENTS).resolve("127.0.0.1"));
            AgentHarness.Running load = h.startAgent(AgentRole.LOAD, List.of("127.0.0.1"), ChannelTls.agent(other));
            InProcessLauncher launcher = new InProcessLauncher(h, Map.of());
            try (HostsRun run = HostsRun.open(withRunningLoadAgent(load.agent().port()), h.certs, Duration.ofSeconds(1),
                    HEARTBEAT, List.of(launcher), Clock.system())) {
                assertThat(run.load()).isNotNull();
                assertThat(run.unpinnedNotice()).hasValueSatisfying(line -> assertThat(line)
                        .startsWith("showdown run: agent load-1 held to the run's CA and role only")
                        .contains("no agents/HOST/agent.pem").doesNotContain("server").doesNotContain("\n"));
            }
        }
    }

    private static void deleteTree(Path p) throws IOException {
        try (var walk = java.nio.file.Files.walk(p)) {
            for (Path f : walk.sorted(java.util.Comparator.reverseOrder()).toList()) {
                java.nio.file.Files.delete(f);
            }
        }
    }
}
