package showdown.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import showdown.deploy.AgentOptions;
import showdown.hosts.tls.RunCertificates;

/** Every bad value a user can give a multi-host command is one line and exit 2, never a stack trace. */
class HostsBadValuesTest {

    @TempDir
    Path dir;

    @Test
    void anAgentListeningOnAPortOutsideTcpsRangeIsOneLine() {
        assertOneLine(CapturedCli.run("agent", "--role", "load", "--listen", "127.0.0.1:99999", "--ca", "ca.pem", "--cert",
                "agent.pem", "--key", "agent-key.pem"), "--listen: port 99999 is not a TCP port (0-65535; 0 picks a free one) (see 'showdown agent --help')");
    }

    @Test
    void theArgumentsADeployerWritesAreTheOnesTheAgentCommandTakes() {
        Path missing = dir.resolve("not-copied");
        for (AgentOptions options : List.of(AgentOptions.load(0, List.of("127.0.0.1:8080")),
                AgentOptions.server(0, dir.toString()).withHeartbeatTimeout(java.time.Duration.ofSeconds(20)))) {
            // every flag parsed: the first complaint is the certificate folder that is not there
            assertOneLine(CapturedCli.run(options.arguments(missing.toString()).toArray(String[]::new)),
                    "no such file: " + missing.resolve("ca.pem"));
        }
    }

    @Test
    void aBadHeartbeatTimeoutIsOneLine() {
        CapturedCli.Outcome o = CapturedCli.run("agent", "--role", "load", "--listen", "127.0.0.1:0", "--heartbeat-timeout",
                "soon", "--ca", "ca.pem", "--cert", "agent.pem", "--key", "agent-key.pem");
        assertOneLine(o, null);
        assertThat(o.err()).contains("--heartbeat-timeout");
    }

    @Test
    void anAgentGivenTheControllersCertificateIsOneLine() {
        Path certs = dir.resolve("certs");
        RunCertificates.create(certs, List.of());
        assertOneLine(CapturedCli.run("agent", "--role", "load", "--listen", "127.0.0.1:0",
                "--ca", certs.resolve("ca.pem").toString(), "--cert", certs.resolve("controller.pem").toString(),
                "--key", certs.resolve("controller-key.pem").toString()),
                certs.resolve("controller.pem") + " cannot serve here: it is not an agent's certificate (no TLS server usage)"
                        + " (make the run's certificates again with 'showdown certs')");
    }

    @Test
    void anInventoryWithAnAgentPortOutsideTcpsRangeIsOneLine() throws IOException {
        Path certs = dir.resolve("certs");
        RunCertificates.create(certs, List.of());
        Path inventory = Files.writeString(dir.resolve("hosts.yaml"),
                "server: {name: server, agent: 'agent://192.0.2.20:99999'}\nload: [{name: load-1, agent: 'agent://192.0.2.11'}]\n");
        assertOneLine(CapturedCli.run("run", "--hosts", inventory.toString(), "--certs", certs.toString(), "--out",
                dir.resolve("out").toString()), "host server: agent port 99999 is not a TCP port (1-65535)");
    }

    @Test
    void certsAddsAHostToAFolderThatHasACa() {
        Path certs = dir.resolve("certs");
        assertThat(CapturedCli.run("certs", "--out", certs.toString(), "--hosts", "192.0.2.10").exitCode()).isZero();
        assertOneLine(CapturedCli.run("certs", "--out", certs.toString()), "already holds a CA (ca.pem); give another --out,"
                + " or --hosts to add agent hosts to it");
        CapturedCli.Outcome added = CapturedCli.run("certs", "--out", certs.toString(), "--hosts", "192.0.2.11");
        assertThat(added.exitCode()).isZero();
        assertThat(added.out()).contains(certs.resolve("agents/192.0.2.11").toString());
        assertThat(certs.resolve("agents/192.0.2.10/agent.pem")).isRegularFile();
        assertThat(certs.resolve("agents/192.0.2.11/agent-key.pem")).isRegularFile();
    }

    private static void assertOneLine(CapturedCli.Outcome o, String ending) {
        assertThat(o.exitCode()).as(o.err()).isEqualTo(Main.EXIT_USAGE);
        assertThat(o.err().strip()).doesNotContain("\n").doesNotContain("internal error").doesNotContain("Exception");
        if (ending != null) {
            assertThat(o.err().strip()).endsWith(ending);
        }
    }
}
