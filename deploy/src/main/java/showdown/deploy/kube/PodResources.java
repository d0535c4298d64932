package showdown.deploy.kube;

import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.ResourceRequirements;
import io.fabric8.kubernetes.api.model.ResourceRequirementsBuilder;
import java.util.Map;
import java.util.regex.Pattern;
import showdown.deploy.DeployException;

/**
 * What an agent's pod asks for and is held to: whole CPUs and an amount of memory, its requests
 * equal to its limits. That makes the pod's QoS class Guaranteed, and on a node whose kubelet runs
 * the static CPU manager policy such a pod gets CPUs of its own, as a local run pins the server and
 * the load to disjoint CPUs; a pod with less, or with limits above its requests, shares CPUs with
 * whatever else the node runs.
 *
 * @param cpus   whole CPUs, at least 1
 * @param memory a Kubernetes quantity of bytes ({@code 2Gi}, {@code 512Mi})
 */
public record PodResources(int cpus, String memory) {

    /** Declared before the defaults, which it checks. */
    private static final Pattern MEMORY = Pattern.compile("[1-9][0-9]*(Ki|Mi|Gi|Ti|k|M|G|T)?");

    /** The server agent: the target, its build tools and the agent's sampler. */
    public static final PodResources SERVER_DEFAULT = new PodResources(2, "4Gi");
    /** A load agent: one event loop per CPU. */
    public static final PodResources LOAD_DEFAULT = new PodResources(2, "2Gi");

    public PodResources {
        if (cpus < 1) {
            throw new DeployException("a pod needs at least 1 whole CPU, not " + cpus);
        }
        if (memory == null || !MEMORY.matcher(memory).matches()) {
            throw new DeployException("memory '" + memory + "' is not a quantity such as 2Gi or 512Mi");
        }
    }

    /** Requests equal to limits: the pod's QoS class is Guaranteed. */
    public ResourceRequirements requirements() {
        Map<String, Quantity> both = Map.of("cpu", new Quantity(Integer.toString(cpus)), "memory", new Quantity(memory));
        return new ResourceRequirementsBuilder().withRequests(both).withLimits(both).build();
    }
}
