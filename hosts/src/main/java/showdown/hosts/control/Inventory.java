package showdown.hosts.control;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import showdown.contract.AgentFlags;

/**
 * The hosts of a multi-host run ({@code showdown run --hosts FILE}, docs/hosts.md): the server's
 * host, the load hosts, and how to reach each agent. Every mistake in the file is one line.
 *
 * <pre>
 * server:
 *   name: server
 *   agent: agent://192.0.2.10:7700        # or ssh://user@host[:port], or kube
 *   address: 192.0.2.10                   # where the load agents reach the target
 * load:
 *   - name: load-1
 *     agent: agent://192.0.2.11:7700
 * ssh: { identity: ~/.ssh/id_ed25519, known-hosts: ~/.ssh/known_hosts, remote-dir: /tmp }
 * </pre>
 */
public record Inventory(Host server, List<Host> load, Map<String, String> ssh) {

    private static final int MAX_PORT = 65_535;

    /**
     * One host.
     *
     * @param name    its name in the reports
     * @param agent   how to reach its agent: {@code agent://HOST:PORT} (running already), {@code ssh://...}
     *                or {@code kube} (started by a deployer)
     * @param address the server only: the address load agents load; default: the agent's host
     */
    public record Host(String name, String agent, String address) {

        /** True for {@code agent://}: an agent already running, dialled as it is. */
        public boolean running() {
            return agent.startsWith("agent://");
        }

        /** The agent's host and port, for {@code agent://} hosts. */
        public URI agentUri() {
            return URI.create(agent);
        }

        public String agentHost() {
            return agentUri().getHost();
        }

        public int agentPort() {
            return agentUri().getPort() < 0 ? AgentFlags.DEFAULT_PORT : agentUri().getPort();
        }

        /** The address the target is loaded at (server only). */
        public String targetAddress() {
            return address != null ? address : running() ? agentHost() : null;
        }
    }

    private record File(Host server, List<Host> load, Map<String, String> ssh,
                        @JsonProperty("kubernetes") Map<String, Object> kubernetes) {
    }

    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory())
            .configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, true);
    private static final ObjectMapper YAML_OUT = new ObjectMapper(new YAMLFactory())
            .setSerializationInclusion(JsonInclude.Include.NON_EMPTY);

    /**
     * Writes this inventory as {@link #read} reads it, under a comment line ({@code # ...}); what
     * is unset (a server's address, an empty {@code ssh:} block) is left out.
     */
    public Path write(Path file, String comment) throws IOException {
        String yaml = YAML_OUT.writeValueAsString(this);
        return Files.writeString(file, "# " + comment + "\n" + yaml.replaceFirst("^---\\s*\n", ""));
    }

    public static Inventory read(Path file) {
        File f;
        byte[] text = null;
        try {
            text = Files.readAllBytes(file);
            f = YAML.readValue(text, File.class);
        } catch (NoSuchFileException e) {
            throw new HostsException("--hosts " + file + ": no such file");
        } catch (JsonProcessingException e) {
            throw new HostsException("--hosts " + file + ": " + YamlError.describe(e, YAML, text));
        } catch (IOException e) {
            throw new HostsException("--hosts " + file + ": not an inventory: " + AgentLink.firstLine(e.getMessage()));
        }
        if (f == null || f.server() == null) {
            throw new HostsException("--hosts " + file + ": no 'server' host");
        }
        if (f.load() == null || f.load().isEmpty()) {
            throw new HostsException("--hosts " + file + ": no 'load' hosts");
        }
        Set<String> names = new HashSet<>();
        check(file, f.server(), names);
        for (Host h : f.load()) {
            check(file, h, names);
        }
        if (f.server().targetAddress() == null) {
            throw new HostsException("--hosts " + file + ": the server needs an 'address' the load hosts reach it at");
        }
        return new Inventory(f.server(), List.copyOf(f.load()), f.ssh() == null ? Map.of() : Map.copyOf(f.ssh()));
    }

    private static void check(Path file, Host h, Set<String> names) {
        if (h.name() == null || h.name().isBlank()) {
            throw new HostsException("--hosts " + file + ": a host without a 'name'");
        }
        if (!names.add(h.name())) {
            throw new HostsException("--hosts " + file + ": two hosts are named '" + h.name() + "'");
        }
        if (h.agent() == null) {
            throw new HostsException("--hosts " + file + ": host " + h.name() + " has no 'agent' (agent://HOST:PORT,"
                    + " ssh://USER@HOST or kube)");
        }
        if (h.running()) {
            URI u;
            try {
                u = URI.create(h.agent());
            } catch (IllegalArgumentException e) {
                throw new HostsException("--hosts " + file + ": host " + h.name() + ": bad agent '" + h.agent() + "'");
            }
            if (u.getHost() == null) {
                throw new HostsException("--hosts " + file + ": host " + h.name() + ": bad agent '" + h.agent()
                        + "' (agent://HOST:PORT)");
            }
            if (u.getPort() == 0 || u.getPort() > MAX_PORT) {
                throw new HostsException("--hosts " + file + ": host " + h.name() + ": agent port " + u.getPort()
                        + " is not a TCP port (1-" + MAX_PORT + ")");
            }
        } else if (!h.agent().startsWith("ssh://") && !h.agent().equals("kube")) {
            throw new HostsException("--hosts " + file + ": host " + h.name() + ": agent '" + h.agent()
                    + "' is none of agent://HOST:PORT, ssh://USER@HOST[:PORT], kube");
        }
    }
}
