package showdown.deploy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import showdown.contract.ListeningLine;
import showdown.deploy.ssh.SshAddress;

/** The pieces both deployers share: the agent's arguments, its listening line, the addresses given. */
class AgentLaunchTest {

    @TempDir
    Path dir;

    @Test
    void argumentsFollowTheAgentContract() {
        assertThat(AgentOptions.load(7700, List.of("192.0.2.10:8080")).withHeartbeatTimeout(Duration.ofSeconds(15))
                .arguments("/tmp/a"))
                .containsExactly("agent", "--role", "load", "--listen", "0.0.0.0:7700", "--ca", "/tmp/a/ca.pem",
                        "--cert", "/tmp/a/agent.pem", "--key", "/tmp/a/agent-key.pem", "--one-run", "--allow", "192.0.2.10:8080",
                        "--heartbeat-timeout", "15s");
        assertThat(AgentOptions.server(0, "/srv/showdown").arguments("/c/"))
                .containsExactly("agent", "--role", "server", "--listen", "0.0.0.0:0", "--ca", "/c/ca.pem",
                        "--cert", "/c/agent.pem", "--key", "/c/agent-key.pem", "--one-run", "--home", "/srv/showdown");
    }

    @Test
    void theListeningLineGivesTheAddressToDial() {
        ListeningLine wildcard = ListeningLine.parse("showdown agent: listening on 0.0.0.0:7700 (role load)").orElseThrow();
        assertThat(wildcard.dialAddress("192.0.2.11")).isEqualTo("192.0.2.11:7700");
        assertThat(wildcard.role()).isEqualTo("load");
        assertThat(ListeningLine.parse("showdown agent: listening on 192.0.2.5:41000 (role server)").orElseThrow()
                .dialAddress("host-a")).isEqualTo("192.0.2.5:41000");
        assertThat(ListeningLine.parse("showdown agent: listening on [::]:7700 (role load)").orElseThrow()
                .dialAddress("2001:db8::1")).isEqualTo("[2001:db8::1]:7700");
        assertThat(ListeningLine.parse("showdown agent: starting")).isEmpty();
        assertThat(ListeningLine.parse("showdown agent: listening on 0.0.0.0:7700")).isEmpty();
    }

    @Test
    void sshAddressesAreParsedOrRefusedInOneLine() {
        assertThat(SshAddress.parse("ssh://bench@192.0.2.12")).isEqualTo(new SshAddress("bench", "192.0.2.12", 22));
        assertThat(SshAddress.parse("ssh://root@[2001:db8::2]:2222")).isEqualTo(new SshAddress("root", "2001:db8::2", 2222));
        assertThat(SshAddress.parse("ssh://root@[2001:db8::2]:2222")).hasToString("ssh://root@[2001:db8::2]:2222");
        for (String bad : List.of("ssh://192.0.2.12", "agent://a@192.0.2.12:7700", "ssh://a@b/path", "ssh:// a@b")) {
            assertThatThrownBy(() -> SshAddress.parse(bad)).isInstanceOf(DeployException.class)
                    .hasMessage("'" + bad + "' is not ssh://user@host[:port]");
        }
    }

    @Test
    void aMissingCertificateIsOneLine() throws Exception {
        Files.writeString(dir.resolve("ca.pem"), "CA");
        Files.writeString(dir.resolve("agent.pem"), "CERT");
        assertThatThrownBy(() -> AgentCertificates.in(dir)).isInstanceOf(DeployException.class)
                .hasMessage("no readable agent-key.pem in " + dir + " (make the run's certificates with 'showdown certs --out "
                        + dir + "')");
    }

    @Test
    void aGuardRunsItsCleanUpOnce() {
        int[] runs = {0};
        ShutdownGuard guard = ShutdownGuard.register("test-guard", () -> runs[0]++);
        guard.close();
        guard.close();
        assertThat(runs[0]).isEqualTo(1);
    }
}
