package showdown.deploy.kube;

import java.util.List;

/**
 * A run's agents, ready on Kubernetes: where to dial each and the name its certificate names.
 * Closing it deletes every object of the run.
 *
 * @param server the server agent
 * @param load the load agents, in index order
 * @param serverHost the name load agents reach the server pod by (the host of their {@code --allow} list)
 */
public record KubeAgents(Agent server, List<Agent> load, String serverHost, AutoCloseable cleanUp)
        implements AutoCloseable {

    /**
     * One ready agent.
     *
     * @param host    its name in DNS, which its own certificate, and no other agent's, names
     * @param address where the controller dials it: its pod's {@code IP:PORT}
     */
    public record Agent(String host, String address) {
    }

    public KubeAgents {
        load = List.copyOf(load);
    }

    /** Deletes the run's objects; also runs from a shutdown hook if the controller is interrupted first. */
    @Override
    public void close() {
        try {
            cleanUp.close();
        } catch (RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }
}
