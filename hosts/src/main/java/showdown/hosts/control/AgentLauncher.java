package showdown.hosts.control;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import showdown.contract.AgentRole;

/**
 * Starts an agent that is not running yet and stops it at the end: the one seam every deployer
 * plugs into (SSH for {@code ssh://} hosts, Kubernetes for {@code kube} hosts), as Hyperfoil's
 * deployer SPI is for its agents. {@link HostsRun} places a run through it alone; an
 * {@code agent://} host needs none: it is dialled as it is.
 *
 * <p>A launcher gives each agent a certificate of its own, server-auth only and naming that host
 * ({@code agents/HOST/} in the run's certificate folder), starts {@code showdown agent --role ROLE
 * --listen ... --ca ca.pem --cert agent.pem --key agent-key.pem --one-run [--allow ...]} (the flags
 * of {@link showdown.contract.AgentFlags}), waits until it listens within its own timeout, and
 * returns where to dial it and which certificate folder it was given: the controller then accepts
 * from that agent that certificate and no other. Closing the returned handle stops the agent and
 * removes what was copied or created for it, also on failure and Ctrl-C.
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
     * @param certs     the run's certificate folder; the agent's own files are made in {@code agents/HOST/} in it
     * @param heartbeatTimeout the agent's {@code --heartbeat-timeout}
     * @return the started agent; {@link HostsException} (one line) when it cannot be started
     */
    Launched launch(String name, String agent, AgentRole role, List<String> allow, Path certs, Duration heartbeatTimeout);

    /** A started agent. */
    /**
     * An agent a launcher started.
     *
     * @param host              where the controller dials it
     * @param port              its port
     * @param certificateFolder the certificate folder the agent was started with ({@code agents/HOST/}
     *                          of the run's certificates): the controller pins the agent to its
     *                          {@code agent.pem}
     * @param stop              stops the agent and removes what was copied or created for it
     */
    record Launched(String host, int port, Path certificateFolder, Runnable stop) implements AutoCloseable {
        @Override
        public void close() {
            stop.run();
        }
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
