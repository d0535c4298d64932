package showdown.deploy.kube;

import java.util.List;

/**
 * A run's agents, ready on Kubernetes: where to dial each, and where load agents reach the server's
 * targets. Closing it deletes every object of the run.
 *
 * @param server the server agent's {@code IP:PORT}
 * @param load each load agent's {@code IP:PORT}, in the order of their completion index
 * @param serverHost the name load agents reach the server pod by (the host of their {@code --allow} list)
 */
public record KubeAgents(String server, List<String> load, String serverHost, AutoCloseable cleanUp)
        implements AutoCloseable {

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
