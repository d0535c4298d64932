package showdown.cli;

import showdown.deploy.DeployException;
import showdown.deploy.kube.PodResources;

/**
 * The agents' pod resources on Kubernetes, as {@code run --kubernetes} and {@code kube manifests} take
 * them: {@code --server-cpus}, {@code --server-memory}, {@code --load-cpus}, {@code --load-memory};
 * each role's default where a flag is not given.
 */
final class PodResourceFlags {

    private Integer serverCpus;
    private String serverMemory;
    private Integer loadCpus;
    private String loadMemory;

    /** Declares the four flags; {@code scope} starts each help line ("With --kubernetes: " or ""). */
    void declare(Options o, String scope) {
        o.value("--server-cpus", "N", scope + "whole CPUs the server agent's pod requests and is limited to"
                        + " (default: " + PodResources.SERVER_DEFAULT.cpus() + ").",
                        v -> serverCpus = Options.toInt("--server-cpus", v))
                .value("--server-memory", "Q", scope + "its memory, requested and limited alike (default: "
                        + PodResources.SERVER_DEFAULT.memory() + ").", v -> serverMemory = v)
                .value("--load-cpus", "N", scope + "whole CPUs each load agent's pod requests and is limited to"
                        + " (default: " + PodResources.LOAD_DEFAULT.cpus() + ").",
                        v -> loadCpus = Options.toInt("--load-cpus", v))
                .value("--load-memory", "Q", scope + "its memory, requested and limited alike (default: "
                        + PodResources.LOAD_DEFAULT.memory() + ").", v -> loadMemory = v);
    }

    boolean given() {
        return serverCpus != null || serverMemory != null || loadCpus != null || loadMemory != null;
    }

    PodResources server() {
        return resources(serverCpus, serverMemory, PodResources.SERVER_DEFAULT);
    }

    PodResources load() {
        return resources(loadCpus, loadMemory, PodResources.LOAD_DEFAULT);
    }

    private static PodResources resources(Integer cpus, String memory, PodResources defaults) {
        try {
            return new PodResources(cpus != null ? cpus : defaults.cpus(), memory != null ? memory : defaults.memory());
        } catch (DeployException e) {
            throw new UsageException(e.getMessage());
        }
    }
}
