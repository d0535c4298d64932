package showdown.hosts.control;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import showdown.contract.AgentFlags;

/** The inventory as docs/hosts.md writes it, and every mistake in it as one line naming where it is. */
class InventoryTest {

    @TempDir
    Path dir;

    @Test
    void readsTheDocumentedInventory() throws IOException {
        Inventory inventory = Inventory.read(write("""
                server:
                  name: server
                  agent: agent://192.0.2.10:7701
                load:
                  - name: load-1
                    agent: agent://192.0.2.11
                  - name: load-2
                    agent: ssh://bench@192.0.2.12
                ssh: { identity: ~/.ssh/id_ed25519 }
                """));
        assertThat(inventory.server().agentPort()).isEqualTo(7701);
        assertThat(inventory.server().targetAddress()).isEqualTo("192.0.2.10");
        assertThat(inventory.load()).extracting(Inventory.Host::name).containsExactly("load-1", "load-2");
        assertThat(inventory.load().get(0).agentPort()).isEqualTo(AgentFlags.DEFAULT_PORT);
        assertThat(inventory.load().get(1).running()).isFalse();
        assertThat(inventory.ssh()).containsEntry("identity", "~/.ssh/id_ed25519");
    }

    @Test
    void anInventoryWrittenReadsBackTheSame() throws IOException {
        Inventory inventory = new Inventory(new Inventory.Host("server", "agent://10.0.0.5:7700", "10.0.0.5"),
                java.util.List.of(new Inventory.Host("load-1", "agent://10.0.0.6:7700", null),
                        new Inventory.Host("load-2", "agent://[fd00::7]:7700", null)), java.util.Map.of());
        Path file = inventory.write(dir.resolve("written.yaml"), "the agents of kubernetes run r1");
        assertThat(Files.readString(file)).startsWith("# the agents of kubernetes run r1\n").doesNotContain("ssh", "null");
        assertThat(Inventory.read(file)).isEqualTo(inventory);
    }

    @Test
    void anUnknownKeyIsNamedWithItsPlaceAndTheKeysThatAreTaken() throws IOException {
        Path file = write("""
                server:
                  name: server
                  agent: agent://192.0.2.10
                load:
                  - name: load-1
                    agnet: agent://192.0.2.11
                """);
        assertOneLine(file, "--hosts " + file + ": line 6, column 5: unknown key 'agnet' under load[0] (it takes address,"
                + " agent, name)");
    }

    @Test
    void aYamlSyntaxErrorNamesItsLineAndColumn() throws IOException {
        Path file = write("""
                server:
                  name: server
                   agent: agent://192.0.2.10
                """);
        assertThatThrownBy(() -> Inventory.read(file)).isInstanceOf(HostsException.class)
                .hasMessageStartingWith("--hosts " + file + ": line 3, column ")
                .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n", "showdown.", "class "));
    }

    @Test
    void aValueOfTheWrongShapeNamesItsKeyAndNoClass() throws IOException {
        Path file = write("""
                server:
                  name: server
                  agent: agent://192.0.2.10
                load: load-1
                """);
        assertOneLine(file, "--hosts " + file + ": line 4, column 1: bad value under load: a list is expected here");
    }

    @Test
    void anAgentPortOutsideTcpsRangeIsRefused() throws IOException {
        Path file = write("""
                server:
                  name: server
                  agent: agent://192.0.2.20:99999
                load:
                  - name: load-1
                    agent: agent://192.0.2.11
                """);
        assertOneLine(file, "--hosts " + file + ": host server: agent port 99999 is not a TCP port (1-65535)");
    }

    @Test
    void missingPiecesAreNamed() throws IOException {
        String load = "load:\n  - name: load-1\n    agent: agent://192.0.2.11\n";
        assertOneLine(write(load), "no 'server' host");
        assertOneLine(write("server: {name: s, agent: agent://192.0.2.10}\n"), "no 'load' hosts");
        assertOneLine(write("server: {agent: agent://192.0.2.10}\n" + load), "a host without a 'name'");
        assertOneLine(write("server: {name: load-1, agent: agent://192.0.2.10}\n" + load), "two hosts are named 'load-1'");
        assertOneLine(write("server: {name: s}\n" + load), "host s has no 'agent' (agent://HOST:PORT, ssh://USER@HOST or kube)");
        assertOneLine(write("server: {name: s, agent: http://192.0.2.10}\n" + load),
                "host s: agent 'http://192.0.2.10' is none of agent://HOST:PORT, ssh://USER@HOST[:PORT], kube");
        assertOneLine(write("server: {name: s, agent: 'ssh://u@192.0.2.10'}\n" + load),
                "the server needs an 'address' the load hosts reach it at");
        assertOneLine(dir.resolve("none.yaml"), "--hosts " + dir.resolve("none.yaml") + ": no such file");
    }

    private static void assertOneLine(Path file, String ending) {
        assertThatThrownBy(() -> Inventory.read(file)).isInstanceOf(HostsException.class)
                .hasMessageEndingWith(ending)
                .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
    }

    private int files;

    private Path write(String yaml) throws IOException {
        return Files.writeString(dir.resolve("hosts-" + ++files + ".yaml"), yaml);
    }
}
