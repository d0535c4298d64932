package showdown.hosts;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import showdown.contract.AgentRole;
import showdown.hosts.agent.Agent;
import showdown.hosts.control.AgentLink;
import showdown.hosts.control.HostsException;
import showdown.hosts.tls.CertificateRole;
import showdown.hosts.tls.ChannelTls;
import showdown.hosts.tls.RunCertificates;

/** The control channel: who an agent obeys, and when it ends itself. Real TLS sockets on 127.0.0.1. */
class ChannelTest {

    @TempDir
    Path dir;

    @Test
    void aControllerOfAnotherRunIsRefusedOnBothSides() throws Exception {
        Path otherRun = dir.resolve("other");
        RunCertificates.create(otherRun, List.of());
        try (AgentHarness h = new AgentHarness(dir)) {
            AgentHarness.Running agent = h.startAgent(AgentRole.LOAD, List.of("127.0.0.1"), Duration.ofSeconds(30),
                    Clock.system());
            assertThatThrownBy(() -> AgentLink.connect("load-1", "127.0.0.1", agent.agent().port(), AgentRole.LOAD,
                    ChannelTls.controller(otherRun), Duration.ofSeconds(5)))
                    .isInstanceOf(HostsException.class)
                    .hasMessageContaining("agent load-1 at 127.0.0.1:" + agent.agent().port() + ": refused: TLS handshake failed");
            awaitPrinted(agent, "refused a peer at 127.0.0.1:");
            // The controller refuses the agent's certificate and closes: the agent reads its alert, or,
            // when the close comes while the agent still writes its handshake, fails that write.
            assertThat(agent.printed().lines().filter(l -> l.contains("refused")).toList()).singleElement().asString()
                    .containsAnyOf("it did not accept this agent's certificate (",
                            "it closed the connection in the TLS handshake (");
            assertThat(agent.exit()).isNotDone();
        }
    }

    @Test
    void aControllerWithTheRunsCaButAStrangeCertificateIsRefused() throws Exception {
        // the agent's own CA, but a certificate it did not sign: made by another CA of the same name form
        Path otherRun = dir.resolve("other");
        RunCertificates.create(otherRun, List.of());
        try (AgentHarness h = new AgentHarness(dir)) {
            AgentHarness.Running agent = h.startAgent(AgentRole.LOAD, List.of("127.0.0.1"), Duration.ofSeconds(30),
                    Clock.system());
            ChannelTls mixed = ChannelTls.load(h.certs.resolve(RunCertificates.CA), otherRun.resolve(RunCertificates.CONTROLLER),
                    otherRun.resolve(RunCertificates.CONTROLLER_KEY), CertificateRole.CONTROLLER);
            assertThatThrownBy(() -> AgentLink.connect("load-1", "127.0.0.1", agent.agent().port(), AgentRole.LOAD, mixed,
                    Duration.ofSeconds(5)).await(showdown.hosts.wire.Message.Welcome.class, Duration.ofSeconds(5)))
                    .isInstanceOf(RuntimeException.class);
            awaitPrinted(agent, "refused a peer at 127.0.0.1:");
            // the agent names its CA in the handshake; a client with no certificate of it sends none
            assertThat(agent.printed()).contains(": it presented no certificate of this run's CA");
        }
    }

    @Test
    void theRunsControllerIsWelcomedAndEndsTheAgent() throws Exception {
        try (AgentHarness h = new AgentHarness(dir)) {
            AgentHarness.Running agent = h.startAgent(AgentRole.LOAD, List.of("127.0.0.1"), Duration.ofSeconds(30),
                    Clock.system());
            AgentLink link = h.link("load-1", agent, AgentRole.LOAD);
            assertThat(link.welcome().role()).isEqualTo("load");
            assertThat(link.welcome().allow()).containsExactly("127.0.0.1");
            assertThat(link.welcome().cpus()).isPositive();
            link.end();
            assertThat(agent.exit().get(10, TimeUnit.SECONDS)).isEqualTo(Agent.Exit.ENDED);
            assertThat(agent.printed()).startsWith("showdown agent: listening on 127.0.0.1:" + agent.agent().port()
                    + " (role load)");
        }
    }

    @Test
    void aControllerExpectingAnotherRoleIsRefused() throws Exception {
        try (AgentHarness h = new AgentHarness(dir)) {
            AgentHarness.Running agent = h.startAgent(AgentRole.LOAD, List.of(), Duration.ofSeconds(30), Clock.system());
            assertThatThrownBy(() -> h.link("server", agent, AgentRole.SERVER))
                    .isInstanceOf(HostsException.class)
                    .hasMessageContaining("refused: this agent's role is load, not server");
        }
    }

    @Test
    void anAgentWhoseControllerFallsSilentEndsItself() throws Exception {
        try (AgentHarness h = new AgentHarness(dir)) {
            AgentHarness.Running agent = h.startAgent(AgentRole.LOAD, List.of(), Duration.ofSeconds(2), Clock.system());
            AgentLink link = h.link("load-1", agent, AgentRole.LOAD);
            link.close(); // the controller is gone without a word: no "end", no heartbeat
            assertThat(agent.exit().get(30, TimeUnit.SECONDS)).isEqualTo(Agent.Exit.HEARTBEAT_TIMEOUT);
            assertThat(Agent.Exit.HEARTBEAT_TIMEOUT.code).isEqualTo(3);
            assertThat(agent.printed()).contains("showdown agent: no word from the controller for 2 s: ending");
        }
    }

    static void awaitPrinted(AgentHarness.Running agent, String text) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (!agent.printed().contains(text) && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        assertThat(agent.printed()).contains(text);
    }
}
