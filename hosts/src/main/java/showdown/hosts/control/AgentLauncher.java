package showdown.hosts.control;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import showdown.contract.AgentRole;

/**
 * Starts an agent that is not running yet ({@code ssh://} and {@code kube} hosts of the
 * inventory) and stops it at the end: the seam the deployers (SSH, Kubernetes) plug into. An
 * {@code agent://} host needs none: it is dialled as it is.
 *
 * <p>A launcher copies or deploys the agent program and the host's certificate folder, starts
 * {@code showdown agent --role ROLE --listen ... --ca ca.pem --cert agent.pem --key agent-key.pem
 * --one-run [--allow ...]} (the flags of {@link showdown.contract.AgentFlags}), waits for its
 * {@link showdown.contract.ListeningLine} (or readiness) within its own
 * timeout, and returns where to dial it; closing the returned handle stops the agent and removes
 * what was copied, also on failure and Ctrl-C.
 */
public interface AgentLauncher {

    /** Whether this launcher starts agents given as {@code agent} ({@code ssh://...}, {@code kube}). */
    boolean handles(String agent);

    /**
     * Starts one agent.
     *
     * @param name      the host's name in the inventory
     * @param agent     the inventory's {@code agent} value
     * @param role      what the agent does
     * @param allow     load agents: the server addresses it may load ({@code --allow}); empty for the server
     * @param certs     the run's certificate folder; the host's own files are {@code agents/HOST/} in it
     * @param heartbeatTimeout the agent's {@code --heartbeat-timeout}
     * @return the started agent; {@link HostsException} (one line) when it cannot be started
     */
    Launched launch(String name, String agent, AgentRole role, List<String> allow, Path certs, Duration heartbeatTimeout);

    /** A started agent. */
    interface Launched extends AutoCloseable {
        /** Where the controller dials it. */
        String host();

        int port();

        /** Stops the agent and removes what was copied or created for it. */
        @Override
        void close();
    }

    /** The refusal when no launcher handles a host: one line. */
    static HostsException missing(String name, String agent) {
        if (agent.equals("kube")) {
            return new HostsException("host " + name + ": kube hosts are not placed through --hosts; 'showdown run"
                    + " --kubernetes --image IMAGE' deploys every agent on Kubernetes");
        }
        return new HostsException("host " + name + ": nothing here starts " + agent + "; start the agent yourself and give"
                + " agent://HOST:PORT");
    }
}
