package showdown.cli;

import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import showdown.contract.AgentFlags;
import showdown.deploy.AgentCertificates;
import showdown.deploy.AgentOptions;
import showdown.deploy.kube.KubeAgents;
import showdown.deploy.kube.KubeDeployer;
import showdown.deploy.kube.KubeRun;
import showdown.hosts.control.HostsSettings;
import showdown.hosts.control.Inventory;
import showdown.hosts.tls.RunCertificates;

/**
 * The agents of {@code showdown run --kubernetes}: deployed by {@link KubeDeployer} (the server agent's
 * Pod, an Indexed Job of load agents), written as the {@code agent://} hosts of an inventory in the
 * results folder, and deleted on {@link #close()}, or by the deployer's shutdown hook on Ctrl-C.
 */
final class KubeHosts implements AutoCloseable {

    /** Marks a results folder whose agents were pods, deleted when the run ended. */
    static final String MARKER = "kubernetes-run.txt";
    /** The agent host name of the certificate every pod of a run presents (DIR/agents/kubernetes-pods/). */
    static final String PODS_CERTIFICATE = "kubernetes-pods";

    /**
     * Tests give the client of a mock API server here; the command line never does. Package-private on
     * purpose. Null: the user's kube config ({@code KUBECONFIG}, {@code ~/.kube/config}, or in-cluster).
     */
    static volatile Supplier<KubernetesClient> clientForTests;

    /** The {@code run} flags that go with {@code --kubernetes}. */
    static final class Flags {
        boolean enabled;
        String image;
        String namespace;
        Integer loadAgents;
        Map<String, String> serverNodes;
        Map<String, String> loadNodes;
        String pullPolicy;
        Duration readyTimeout;
        final PodResourceFlags resources = new PodResourceFlags();

        /** Refuses, in one line, the flags that go with --kubernetes without it, or --kubernetes with --hosts. */
        void check(boolean hostsGiven) {
            boolean any = image != null || namespace != null || loadAgents != null || serverNodes != null
                    || loadNodes != null || pullPolicy != null || readyTimeout != null || resources.given();
            if (!enabled && any) {
                throw new UsageException("--image, --namespace, --load-agents, --server-node-selector,"
                        + " --load-node-selector, --image-pull-policy, --ready-timeout and the pods' --server-cpus,"
                        + " --server-memory, --load-cpus and --load-memory go with --kubernetes");
            }
            if (enabled && hostsGiven) {
                throw new UsageException("--kubernetes and --hosts are two ways to place a run: give one");
            }
            if (enabled && image == null) {
                throw new UsageException("--kubernetes needs --image IMAGE, the agent image (docs/hosts-deploy.md)");
            }
        }

        KubeRun run(String name, Duration heartbeatTimeout) {
            return new KubeRun(namespace != null ? namespace : "default", name, image,
                    pullPolicy != null ? pullPolicy : KubeRun.DEFAULT_PULL_POLICY, loadAgents != null ? loadAgents : 1,
                    serverNodes != null ? serverNodes : Map.of(), loadNodes != null ? loadNodes : Map.of(),
                    AgentFlags.DEFAULT_PORT, List.of(), heartbeatTimeout,
                    readyTimeout != null ? readyTimeout : KubeRun.DEFAULT_READY_TIMEOUT, resources.server(), resources.load());
        }
    }

    private final KubernetesClient client;
    private final KubeAgents agents;
    private final Path inventory;

    private KubeHosts(KubernetesClient client, KubeAgents agents, Path inventory) {
        this.client = client;
        this.agents = agents;
        this.inventory = inventory;
    }

    /**
     * Creates the run's objects in the cluster, waits until every agent is ready, and writes the
     * inventory that dials them into {@code dir}.
     *
     * @throws showdown.deploy.DeployException in one line, the run's objects deleted: an image that cannot be
     *     pulled, a pod that cannot be scheduled, an agent that ends, the ready timeout, no cluster
     */
    static KubeHosts deploy(Flags flags, Duration heartbeatTimeout, Path certs, Path dir) {
        KubeRun run = flags.run("showdown-" + HexFormat.of().toHexDigits(new SecureRandom().nextInt()), heartbeatTimeout);
        AgentCertificates certificates = podCertificates(certs);
        Supplier<KubernetesClient> supplier = clientForTests;
        KubernetesClient client = supplier != null ? supplier.get() : new KubernetesClientBuilder().build();
        KubeAgents agents = null;
        try {
            System.err.println("showdown run: kubernetes run " + run.name() + " in namespace " + run.namespace()
                    + ": " + run.loadAgents() + " load agent(s), image " + run.image());
            agents = new KubeDeployer(client, System.err).deploy(run, certificates);
            Path file = writeInventory(run, agents, dir);
            return new KubeHosts(client, agents, file);
        } catch (RuntimeException e) {
            if (agents != null) {
                agents.close();
            }
            client.close();
            throw e;
        }
    }

    /**
     * The agent certificate the run's pods share (their addresses are known only once they run):
     * server-auth only like every agent's, so no pod can drive another.
     */
    static AgentCertificates podCertificates(Path certs) {
        return AgentCertificates.in(RunCertificates.agentFolder(certs, PODS_CERTIFICATE));
    }

    private static Path writeInventory(KubeRun run, KubeAgents agents, Path dir) {
        List<Inventory.Host> load = new java.util.ArrayList<>();
        for (int i = 0; i < agents.load().size(); i++) {
            load.add(new Inventory.Host("load-" + (i + 1), "agent://" + agents.load().get(i), null));
        }
        Inventory inventory = new Inventory(new Inventory.Host("server", "agent://" + agents.server(), agents.serverHost()),
                load, Map.of());
        try {
            Files.createDirectories(dir);
            Files.writeString(dir.resolve(MARKER), run.namespace() + " " + run.name() + "\n");
            return inventory.write(dir.resolve(HostsSettings.INVENTORY_COPY), "the agents of kubernetes run " + run.name()
                    + " in namespace " + run.namespace() + "; its pods were deleted when the run ended");
        } catch (IOException e) {
            throw new UserException(dir + ": cannot write the run's inventory: " + e.getMessage());
        }
    }

    /** A run on Kubernetes cannot be resumed: its agents were deleted when it ended. */
    static void refuseResume(Path dir) {
        if (Files.exists(dir.resolve(MARKER))) {
            throw new UserException("--resume " + dir + ": this run's agents were pods deleted when it ended; a run on"
                    + " Kubernetes cannot be resumed (its recorded cases stay in results.json)");
        }
    }

    /** The inventory of {@code agent://} hosts that dials the pods. */
    Path inventory() {
        return inventory;
    }

    /** Deletes every object of the run, then closes the client. */
    @Override
    public void close() {
        try {
            agents.close();
        } finally {
            client.close();
        }
    }
}
