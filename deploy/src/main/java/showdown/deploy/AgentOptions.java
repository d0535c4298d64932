package showdown.deploy;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import showdown.contract.AgentFiles;
import showdown.contract.AgentFlags;
import showdown.contract.AgentRole;

/**
 * How one agent is started, whatever deploys it: its role, the port it listens on, the server
 * addresses a load agent may load, how long it waits for a silent controller, and the checkout a
 * server agent starts targets from.
 *
 * @param role server or load
 * @param port the TCP port the agent listens on, on every address of its host; 0 lets it choose
 * @param allow load role: the only server addresses ({@code HOST:PORT}) it may send load to
 * @param heartbeatTimeout the agent ends itself when its controller is silent this long; null: its default
 * @param home server role: the checkout whose targets it may start; null: its default
 */
public record AgentOptions(AgentRole role, int port, List<String> allow, Duration heartbeatTimeout, String home) {

    public AgentOptions {
        Objects.requireNonNull(role, "role");
        if (port < 0 || port > 65535) {
            throw new DeployException("agent port " + port + " is not a TCP port (0-65535)");
        }
        allow = List.copyOf(allow);
        if (role == AgentRole.SERVER && !allow.isEmpty()) {
            throw new IllegalArgumentException("--allow is for load agents only");
        }
    }

    public static AgentOptions server(int port, String home) {
        return new AgentOptions(AgentRole.SERVER, port, List.of(), null, home);
    }

    public static AgentOptions load(int port, List<String> allow) {
        return new AgentOptions(AgentRole.LOAD, port, allow, null, null);
    }

    public AgentOptions withHeartbeatTimeout(Duration timeout) {
        return new AgentOptions(role, port, allow, timeout, home);
    }

    /**
     * The arguments after the program: {@code agent --role ... --listen 0.0.0.0:PORT --ca ... --one-run},
     * with the certificate files named as they are seen where the agent runs ({@code certificateDir}).
     * A deployed agent serves its one run and ends, so nothing it started outlives the run.
     */
    public List<String> arguments(String certificateDir) {
        String dir = certificateDir.endsWith("/") ? certificateDir : certificateDir + "/";
        List<String> args = new ArrayList<>(List.of("agent", AgentFlags.ROLE, role.id(), AgentFlags.LISTEN, "0.0.0.0:" + port,
                AgentFlags.CA, dir + AgentFiles.CA, AgentFlags.CERT, dir + AgentFiles.CERT, AgentFlags.KEY, dir + AgentFiles.KEY,
                AgentFlags.ONE_RUN));
        for (String address : allow) {
            args.add(AgentFlags.ALLOW);
            args.add(address);
        }
        if (heartbeatTimeout != null) {
            args.add(AgentFlags.HEARTBEAT_TIMEOUT);
            args.add(heartbeatTimeout.toSeconds() + "s");
        }
        if (home != null) {
            args.add(AgentFlags.HOME);
            args.add(home);
        }
        return args;
    }
}
