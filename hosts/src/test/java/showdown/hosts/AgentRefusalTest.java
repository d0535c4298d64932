package showdown.hosts;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import javax.net.ssl.SSLSocket;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import showdown.contract.AgentRole;
import showdown.hosts.tls.ChannelTls;
import showdown.hosts.tls.ForgedCertificates;
import showdown.hosts.tls.RunCertificates;

/** An agent's refusal says what the peer did, and a peer that keeps trying gets one line, not one per try. Real sockets on 127.0.0.1. */
class AgentRefusalTest {

    private static final int WAIT_MILLIS = 5_000;

    @TempDir
    Path dir;

    private static List<String> refusals(AgentHarness.Running agent) {
        return agent.printed().lines().filter(l -> l.contains("refused")).toList();
    }

    /** The agent closed the connection without a byte: an end of stream, or a reset when our bytes were left unread. */
    private static boolean closedUnanswered(Socket s) {
        try {
            return s.getInputStream().read() == -1;
        } catch (java.net.SocketException reset) {
            return true;
        } catch (java.io.IOException e) {
            return false;
        }
    }

    @Test
    void plainBytesAreNamedAsSuchAndRepeatsAreHeldBack() throws Exception {
        try (AgentHarness h = new AgentHarness(dir)) {
            AgentHarness.Running agent = h.startAgent(AgentRole.LOAD, List.of(), Duration.ofSeconds(30), Clock.system());
            for (int i = 0; i < 5; i++) {
                try (Socket s = new Socket()) {
                    s.connect(new InetSocketAddress("127.0.0.1", agent.agent().port()), WAIT_MILLIS);
                    s.setSoTimeout(WAIT_MILLIS);
                    OutputStream out = s.getOutputStream();
                    out.write("GET / HTTP/1.1\r\nHost: agent\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
                    out.flush();
                    assertThat(closedUnanswered(s)).isTrue();
                }
            }
            ChannelTest.awaitPrinted(agent, "refused a peer at 127.0.0.1:");
            assertThat(refusals(agent)).singleElement().asString()
                    .endsWith(": it sent plain bytes, not a TLS ClientHello (first byte 0x47 'G')")
                    .doesNotContain("certificate");
            // still serving the run's controller
            assertThat(h.link("load-1", agent, AgentRole.LOAD).welcome().role()).isEqualTo("load");
        }
    }

    @Test
    void aPeerWithoutACertificateIsToldApartFromABadOne() throws Exception {
        try (AgentHarness h = new AgentHarness(dir)) {
            AgentHarness.Running agent = h.startAgent(AgentRole.LOAD, List.of(), Duration.ofSeconds(30), Clock.system());
            var client = ForgedCertificates.anonymousClient(h.certs.resolve(RunCertificates.CA));
            try (SSLSocket s = (SSLSocket) client.getSocketFactory().createSocket()) {
                s.connect(new InetSocketAddress("127.0.0.1", agent.agent().port()), WAIT_MILLIS);
                s.setSoTimeout(WAIT_MILLIS);
                s.setEnabledProtocols(new String[] {ChannelTls.PROTOCOL});
                try {
                    s.startHandshake();
                    s.getInputStream().read(); // TLS 1.3: the server's refusal of the client's side arrives here
                } catch (java.io.IOException expected) {
                    // refused
                }
            }
            ChannelTest.awaitPrinted(agent, "refused a peer at 127.0.0.1:");
            assertThat(refusals(agent)).singleElement().asString().endsWith(": it presented no certificate of this run's CA");
        }
    }

    @Test
    void aPeerThatSaysNothingIsNotBlamedForACertificate() throws Exception {
        try (AgentHarness h = new AgentHarness(dir)) {
            AgentHarness.Running agent = h.startAgent(AgentRole.LOAD, List.of(), Duration.ofSeconds(30), Clock.system());
            try (Socket s = new Socket()) {
                s.connect(new InetSocketAddress("127.0.0.1", agent.agent().port()), WAIT_MILLIS);
                s.shutdownOutput();
                s.setSoTimeout(WAIT_MILLIS);
                assertThat(closedUnanswered(s)).isTrue();
            }
            ChannelTest.awaitPrinted(agent, "refused a peer at 127.0.0.1:");
            assertThat(refusals(agent)).singleElement().asString().endsWith(": it sent nothing (closed the connection)");
        }
    }
}
