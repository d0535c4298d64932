package showdown.cli;

import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Function;
import java.util.function.Supplier;
import showdown.contract.AgentFlags;
import showdown.contract.AgentRole;
import showdown.deploy.AgentCertificates;
import showdown.deploy.kube.KubeAgents;
import showdown.deploy.kube.KubeDeployer;
import showdown.deploy.kube.KubeRun;
import showdown.hosts.control.AgentLauncher;
import showdown.hosts.control.HostsException;
import showdown.hosts.control.HostsSettings;
import showdown.hosts.control.Inventory;
import showdown.hosts.tls.RunCertificates;

/**
 * Starts the {@code kube} hosts of {@code showdown run --kubernetes}: the {@link AgentLauncher}
 * through which a run's agents are pods. The first agent launched deploys the whole run through
 * {@link KubeDeployer} (the server agent's Pod and one Pod per load agent, each with a Secret
 * holding a certificate of its own that names the pod's DNS name, made from the run's CA) and
 * waits until every agent is ready; each launch then hands back one pod's address and certificate.
 * Once every handed-out agent is closed, or the launcher is, every object of the run is deleted
 * (by the deployer's shutdown hook on Ctrl-C).
 */
final class KubeLauncher implements AgentLauncher, AutoCloseable {

    /** Marks a results folder whose agents were pods, deleted when the run ended. */
    static final String MARKER = "kubernetes-run.txt";
    /** What a host of the inventory of a run on Kubernetes is: an agent this launcher starts. */
    static final String AGENT = "kube";

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

    private final KubeRun run;
    private KubernetesClient client;
    private KubeAgents agents;
    private int loadHandedOut;
    private int open;
    private boolean deleted;

    KubeLauncher(KubeRun run) {
        this.run = run;
    }

    /** A launcher for a run named afresh ({@code showdown-XXXXXXXX}). */
    static KubeLauncher of(Flags flags, Duration heartbeatTimeout) {
        return new KubeLauncher(flags.run("showdown-" + HexFormat.of().toHexDigits(new SecureRandom().nextInt()),
                heartbeatTimeout));
    }

    /**
     * The run's hosts: the server and {@code load-1..N}, each {@value #AGENT}; the server's address is
     * the name load agents reach it by.
     */
    Inventory inventory() {
        List<Inventory.Host> load = new ArrayList<>();
        for (int i = 0; i < run.loadAgents(); i++) {
            load.add(new Inventory.Host("load-" + (i + 1), AGENT, null));
        }
        return new Inventory(new Inventory.Host("server", AGENT, run.serverHost()), load, Map.of());
    }

    @Override
    public boolean handles(String agent) {
        return AGENT.equals(agent);
    }

    /**
     * The agent of {@code role}: the server's pod, or the next load agent's; the first call deploys the
     * run. The load agents' {@code --allow} list is the server's Service name, set when they are deployed.
     *
     * @throws showdown.deploy.DeployException in one line, the run's objects deleted: an image that cannot be
     *     pulled, a pod that cannot be scheduled, an agent that ends, the ready timeout, no cluster
     */
    @Override
    public synchronized Launched launch(String name, String agent, AgentRole role, List<String> allow, Path certs,
                                        Duration heartbeatTimeout) {
        if (deleted) {
            throw new IllegalStateException("kubernetes run " + run.name() + " was deleted already");
        }
        if (agents == null) {
            deploy(certs);
        }
        KubeAgents.Agent pod;
        if (role == AgentRole.SERVER) {
            pod = agents.server();
        } else if (loadHandedOut < agents.load().size()) {
            pod = agents.load().get(loadHandedOut++);
        } else {
            throw new HostsException("host " + name + ": kubernetes run " + run.name() + " has " + run.loadAgents()
                    + " load agent(s), all placed already");
        }
        AgentEndpoint endpoint = AgentEndpoint.parse(pod.address());
        Path folder = RunCertificates.agentFolder(certs, pod.host());
        open++;
        AtomicBoolean closed = new AtomicBoolean();
        return new Launched(endpoint.host(), endpoint.port(), folder, () -> {
            if (closed.compareAndSet(false, true)) {
                closeOne();
            }
        });
    }

    /** One agent's handle closed: the run's objects go with the last. */
    private synchronized void closeOne() {
        if (--open == 0) {
            deleteRun();
        }
    }

    private void deploy(Path certs) {
        Supplier<KubernetesClient> supplier = clientForTests;
        client = supplier != null ? supplier.get() : new KubernetesClientBuilder().build();
        System.err.println("showdown run: kubernetes run " + run.name() + " in namespace " + run.namespace()
                + ": " + run.loadAgents() + " load agent(s), image " + run.image());
        agents = new KubeDeployer(client, System.err).deploy(run, agentCertificates(certs));
    }

    /**
     * Each agent's own files in the run's certificate folder ({@code agents/HOST/}), made from its CA
     * for the name the agent's pod has in DNS when the folder has none yet.
     */
    static Function<String, AgentCertificates> agentCertificates(Path certs) {
        return host -> AgentCertificates.in(RunCertificates.agentFolder(certs, host));
    }

    /**
     * Writes the run's inventory and the marker that refuses {@code --resume} into the results folder.
     *
     * @return the inventory's file
     */
    Path writeInventory(Path dir) {
        try {
            Files.createDirectories(dir);
            Files.writeString(dir.resolve(MARKER), run.namespace() + " " + run.name() + "\n");
            return inventory().write(dir.resolve(HostsSettings.INVENTORY_COPY), "the agents of kubernetes run "
                    + run.name() + " in namespace " + run.namespace() + "; its pods were deleted when the run ended");
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

    private void deleteRun() {
        deleted = true;
        if (agents != null) {
            KubeAgents deployed = agents;
            agents = null;
            deployed.close();
        }
    }

    /** Deletes every object of the run if a launched agent has not already, then closes the client. */
    @Override
    public synchronized void close() {
        try {
            deleteRun();
        } finally {
            if (client != null) {
                client.close();
                client = null;
            }
        }
    }
}
