package showdown.hosts;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.util.List;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLSocket;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import showdown.contract.AgentRole;
import showdown.hosts.control.AgentLink;
import showdown.hosts.tls.CertificateRole;
import showdown.hosts.tls.ChannelTls;
import showdown.hosts.tls.ForgedCertificates;
import showdown.hosts.tls.RunCertificates;
import showdown.hosts.tls.TlsSetupException;
import showdown.hosts.wire.Channel;
import showdown.hosts.wire.Message;

/**
 * Whom an agent obeys is decided by the certificate's role, not by the CA alone: a load host holds
 * its own agent pair, and with it must not drive any agent. Real TLS sockets on 127.0.0.1.
 */
class CertificateRoleTest {

    private static final Duration WAIT = Duration.ofSeconds(10);

    @TempDir
    Path dir;

    @Test
    void aLoadHostsOwnPairDrivesNoAgent() throws Exception {
        try (AgentHarness h = new AgentHarness(dir)) {
            AgentHarness.Running load = h.startAgent(AgentRole.LOAD, List.of("127.0.0.1"), Duration.ofSeconds(30),
                    Clock.system());
            AgentHarness.Running server = h.startAgent(AgentRole.SERVER, List.of(), Duration.ofSeconds(30), Clock.system());
            Path loadHost = RunCertificates.agentFolder(h.certs, "127.0.0.1");
            SSLContext stolen = ForgedCertificates.plainClient(loadHost.resolve(RunCertificates.CA),
                    loadHost.resolve(RunCertificates.AGENT), loadHost.resolve(RunCertificates.AGENT_KEY));

            assertThat(helloWith(stolen, load, AgentRole.LOAD)).startsWith("refused by the agent");
            assertThat(helloWith(stolen, server, AgentRole.SERVER)).startsWith("refused by the agent");
            for (AgentHarness.Running agent : List.of(load, server)) {
                // an agent's certificate is for TLS servers only: the handshake's own usage check refuses it
                ChannelTest.awaitPrinted(agent, "refused a peer at 127.0.0.1:");
                assertThat(agent.printed()).contains("presented a certificate of the wrong role (Extended key usage does not permit use for TLS"
                        + " client authentication)");
                assertThat(agent.printed()).doesNotContain("refused the controller"); // it never got as far as hello
                assertThat(agent.exit()).isNotDone();
            }
            // the run's controller still drives both
            assertThat(h.link("load-1", load, AgentRole.LOAD).welcome().role()).isEqualTo("load");
            assertThat(h.link("server", server, AgentRole.SERVER).welcome().role()).isEqualTo("server");
        }
    }

    @Test
    void aClientCertificateOfTheRunsCaWithoutTheControllersRoleIsRefused() throws Exception {
        // TLS client usage and the run's CA: all the JDK's own checks pass, only the role is missing
        try (AgentHarness h = new AgentHarness(dir)) {
            AgentHarness.Running load = h.startAgent(AgentRole.LOAD, List.of("127.0.0.1"), Duration.ofSeconds(30),
                    Clock.system());
            Path forged = ForgedCertificates.clientOnly(h.certs, dir.resolve("forged"));
            SSLContext client = ForgedCertificates.plainClient(h.certs.resolve(RunCertificates.CA),
                    forged.resolve(RunCertificates.AGENT), forged.resolve(RunCertificates.AGENT_KEY));

            assertThat(helloWith(client, load, AgentRole.LOAD)).startsWith("refused by the agent");
            ChannelTest.awaitPrinted(load, "refused a peer at 127.0.0.1:");
            assertThat(load.printed()).contains("presented a certificate of the wrong role (the peer's certificate has the"
                    + " wrong role: ").contains("no controller usage " + CertificateRole.CONTROLLER_USAGE);
        }
    }

    @Test
    void theControllersPairDoesNotServeAsAnAgentsNorAnAgentsAsTheControllers() throws Exception {
        Path certs = dir.resolve("certs");
        RunCertificates.create(certs, List.of("load-1.lab"));
        Path agent = RunCertificates.agentFolder(certs, "load-1.lab");

        assertThatThrownBy(() -> ChannelTls.load(certs.resolve(RunCertificates.CA), certs.resolve(RunCertificates.CONTROLLER),
                certs.resolve(RunCertificates.CONTROLLER_KEY), CertificateRole.AGENT))
                .isInstanceOf(TlsSetupException.class)
                .hasMessageContaining("controller.pem cannot serve here: it is not an agent's certificate");
        assertThatThrownBy(() -> ChannelTls.load(agent.resolve(RunCertificates.CA), agent.resolve(RunCertificates.AGENT),
                agent.resolve(RunCertificates.AGENT_KEY), CertificateRole.CONTROLLER))
                .isInstanceOf(TlsSetupException.class)
                .hasMessageContaining("agent.pem cannot serve here: it is not the controller's certificate");
    }

    @Test
    void eachAgentHostGetsACertificateOfItsOwnForTlsServerUseOnly() throws Exception {
        Path certs = dir.resolve("certs");
        RunCertificates.create(certs, List.of("server.lab", "192.0.2.11"));
        X509Certificate server = read(RunCertificates.agentFolder(certs, "server.lab").resolve(RunCertificates.AGENT));
        X509Certificate load = read(RunCertificates.agentFolder(certs, "192.0.2.11").resolve(RunCertificates.AGENT));
        X509Certificate controller = read(certs.resolve(RunCertificates.CONTROLLER));

        assertThat(server.getPublicKey()).isNotEqualTo(load.getPublicKey());
        assertThat(server.getExtendedKeyUsage()).containsExactly("1.3.6.1.5.5.7.3.1"); // serverAuth only
        assertThat(load.getExtendedKeyUsage()).containsExactly("1.3.6.1.5.5.7.3.1");
        assertThat(server.getSubjectAlternativeNames()).containsExactly(List.of(2, "server.lab"));
        assertThat(load.getSubjectAlternativeNames()).containsExactly(List.of(7, "192.0.2.11"));
        assertThat(controller.getExtendedKeyUsage())
                .containsExactlyInAnyOrder("1.3.6.1.5.5.7.3.2", CertificateRole.CONTROLLER_USAGE);
        assertThat(certs.resolve(RunCertificates.AGENTS).resolve("192.0.2.11").resolve(RunCertificates.CA))
                .hasSameBinaryContentAs(certs.resolve(RunCertificates.CA));
    }

    @Test
    void aPodsLongDnsNameIsCertifiedWholeInItsAlternativeNames() throws Exception {
        // a Kubernetes load pod's name: longer than a subject's common name may be (64 characters)
        String pod = "showdown-be0f6238-load-0.showdown-be0f6238-load.bench.svc";
        Path certs = dir.resolve("certs");
        RunCertificates.create(certs, List.of(pod));
        X509Certificate cert = read(RunCertificates.agentFolder(certs, pod).resolve(RunCertificates.AGENT));

        assertThat(cert.getSubjectAlternativeNames()).containsExactly(List.of(2, pod));
        assertThat(cert.getSubjectX500Principal().getName()).contains("CN=showdown agent showdown-be0f6238-load-0");
        assertThat(cert.getExtendedKeyUsage()).containsExactly("1.3.6.1.5.5.7.3.1");
    }

    @Test
    void aHostWithoutACertificateGetsOneOnlyWhereTheCasKeyIs() throws Exception {
        Path certs = dir.resolve("certs");
        RunCertificates.create(certs, List.of());
        Path added = RunCertificates.agentFolder(certs, "::1");
        assertThat(added).isEqualTo(certs.resolve("agents/__1"));
        assertThat(ChannelTls.agent(added)).isNotNull();

        java.nio.file.Files.delete(certs.resolve(RunCertificates.CA_KEY));
        assertThat(RunCertificates.agentFolder(certs, "::1")).isEqualTo(added);
        assertThatThrownBy(() -> RunCertificates.agentFolder(certs, "other.lab"))
                .isInstanceOf(TlsSetupException.class)
                .hasMessageContaining("holds no certificate for agent host other.lab and no ca-key.pem");
    }

    /**
     * Connects with {@code client}, says hello as a controller would, and tells what came back: a
     * welcome, or how the agent refused. In TLS 1.3 the client's certificate is checked after the
     * client's side of the handshake ends, so the refusal arrives on the first read.
     */
    private static String helloWith(SSLContext client, AgentHarness.Running agent, AgentRole role) throws IOException {
        try (SSLSocket socket = (SSLSocket) client.getSocketFactory().createSocket()) {
            socket.connect(new InetSocketAddress("127.0.0.1", agent.agent().port()), (int) WAIT.toMillis());
            socket.setSoTimeout((int) WAIT.toMillis());
            socket.setEnabledProtocols(new String[] {ChannelTls.PROTOCOL});
            try {
                socket.startHandshake();
                Channel channel = new Channel(socket);
                channel.send(new Message.Hello("showdown run", role.id()));
                Message m = channel.receive();
                while (m instanceof Message.Heartbeat) {
                    m = channel.receive();
                }
                return "answered " + m;
            } catch (IOException e) {
                return "refused by the agent: " + e;
            }
        }
    }

    private static X509Certificate read(Path pem) throws Exception {
        try (var in = java.nio.file.Files.newInputStream(pem)) {
            return (X509Certificate) CertificateFactory.getInstance("X.509").generateCertificate(in);
        }
    }
}
