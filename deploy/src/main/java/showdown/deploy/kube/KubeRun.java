package showdown.deploy.kube;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.regex.Pattern;
import showdown.contract.AgentFlags;
import showdown.deploy.AgentOptions;
import showdown.deploy.DeployException;

/**
 * One run's agents on Kubernetes: where they go and what they run.
 *
 * @param namespace the namespace every object of the run is made in
 * @param name the run's name; every object's name starts with it (a DNS-1123 label, at most 40 characters
 *     so that the longest derived name stays a label)
 * @param image the agent image (its entry point is {@code showdown}, so the arguments start with {@code agent})
 * @param imagePullPolicy Always, IfNotPresent or Never
 * @param loadAgents how many load agents (one Pod each), at least 1
 * @param serverNodeSelector node labels the server agent's node must have (may be empty)
 * @param loadNodeSelector node labels the load agents' nodes must have (may be empty)
 * @param agentPort the port every agent listens on in its pod
 * @param targetPorts the server ports the load agents may load (their {@code --allow} list, on the server's
 *     Service name); empty: the server's name alone, any port
 * @param heartbeatTimeout the agents end themselves when the controller is silent this long; null: their default
 * @param readyTimeout how long to wait for every agent to be ready
 * @param serverResources the server agent's CPUs and memory, requested and limited alike
 * @param loadResources each load agent's CPUs and memory, requested and limited alike
 */
public record KubeRun(String namespace, String name, String image, String imagePullPolicy, int loadAgents,
        Map<String, String> serverNodeSelector, Map<String, String> loadNodeSelector, int agentPort,
        List<Integer> targetPorts, Duration heartbeatTimeout, Duration readyTimeout,
        PodResources serverResources, PodResources loadResources) {

    public static final String DEFAULT_PULL_POLICY = "IfNotPresent";
    public static final Duration DEFAULT_READY_TIMEOUT = Duration.ofMinutes(3);
    /** The checkout inside the image whose targets the server agent may start. */
    public static final String IMAGE_HOME = "/opt/showdown";

    private static final Pattern DNS_LABEL = Pattern.compile("[a-z0-9]([-a-z0-9]*[a-z0-9])?");
    private static final int MAX_NAME_LENGTH = 40;

    public KubeRun {
        Objects.requireNonNull(image, "image");
        if (!DNS_LABEL.matcher(namespace).matches()) {
            throw new DeployException("namespace '" + namespace + "' is not a DNS-1123 label (a-z, 0-9, '-')");
        }
        if (!DNS_LABEL.matcher(name).matches() || name.length() > MAX_NAME_LENGTH) {
            throw new DeployException("run name '" + name + "' is not a DNS-1123 label of at most "
                    + MAX_NAME_LENGTH + " characters");
        }
        if (image.isBlank()) {
            throw new DeployException("no agent image given");
        }
        if (!List.of("Always", "IfNotPresent", "Never").contains(imagePullPolicy)) {
            throw new DeployException("image pull policy '" + imagePullPolicy + "' is not Always, IfNotPresent or Never");
        }
        if (loadAgents < 1) {
            throw new DeployException("the number of load agents must be at least 1, not " + loadAgents);
        }
        if (agentPort < 1 || agentPort > 65535) {
            throw new DeployException("agent port " + agentPort + " is not a TCP port (1-65535)");
        }
        serverNodeSelector = Map.copyOf(serverNodeSelector);
        loadNodeSelector = Map.copyOf(loadNodeSelector);
        targetPorts = List.copyOf(targetPorts);
        Objects.requireNonNull(readyTimeout, "readyTimeout");
        serverResources = serverResources == null ? PodResources.SERVER_DEFAULT : serverResources;
        loadResources = loadResources == null ? PodResources.LOAD_DEFAULT : loadResources;
    }

    /** A run with the defaults: pull if not present, the default agent port, a 3-minute wait. */
    public static KubeRun of(String namespace, String name, String image, int loadAgents, List<Integer> targetPorts) {
        return new KubeRun(namespace, name, image, DEFAULT_PULL_POLICY, loadAgents, Map.of(), Map.of(),
                AgentFlags.DEFAULT_PORT, targetPorts, null, DEFAULT_READY_TIMEOUT, null, null);
    }

    public KubeRun withNodeSelectors(Map<String, String> server, Map<String, String> load) {
        return new KubeRun(namespace, name, image, imagePullPolicy, loadAgents, server, load, agentPort,
                targetPorts, heartbeatTimeout, readyTimeout, serverResources, loadResources);
    }

    public KubeRun withReadyTimeout(Duration timeout) {
        return new KubeRun(namespace, name, image, imagePullPolicy, loadAgents, serverNodeSelector,
                loadNodeSelector, agentPort, targetPorts, heartbeatTimeout, timeout, serverResources, loadResources);
    }

    /** The same run with these pods' resources (null keeps a role's). */
    public KubeRun withResources(PodResources server, PodResources load) {
        return new KubeRun(namespace, name, image, imagePullPolicy, loadAgents, serverNodeSelector,
                loadNodeSelector, agentPort, targetPorts, heartbeatTimeout, readyTimeout,
                server != null ? server : serverResources, load != null ? load : loadResources);
    }

    /** The owner of every other object: deleting it deletes the run. */
    public String ownerName() {
        return name;
    }

    /** The server agent's Pod, and the headless Service that names it. */
    public String serverName() {
        return name + "-server";
    }

    /** The headless Service that gives each load agent's pod a name in DNS. */
    public String loadServiceName() {
        return name + "-load";
    }

    /** Load agent {@code index}'s Pod (0-based), also its host name. */
    public String loadPodName(int index) {
        return loadServiceName() + "-" + index;
    }

    /** Every agent's Pod: the server first, then the load agents in index order. */
    public List<String> podNames() {
        List<String> pods = new ArrayList<>(List.of(serverName()));
        for (int i = 0; i < loadAgents; i++) {
            pods.add(loadPodName(i));
        }
        return pods;
    }

    /** The Secret that holds the certificate of the agent in {@code pod}, and of no other. */
    public String secretName(String pod) {
        return pod + "-certs";
    }

    /**
     * The name the agent in {@code pod} has in DNS, which its certificate names: the server's
     * headless Service for the server, {@code POD.LOADSERVICE.NS.svc} for a load agent.
     */
    public String agentHost(String pod) {
        return pod.equals(serverName()) ? serverHost() : pod + "." + loadServiceName() + "." + namespace + ".svc";
    }

    /** The name load agents reach the server pod by: its headless Service in the run's namespace. */
    public String serverHost() {
        return serverName() + "." + namespace + ".svc";
    }
}
