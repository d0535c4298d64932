package showdown.cli;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import showdown.contract.AgentFlags;
import showdown.deploy.AgentOptions;
import showdown.deploy.kube.KubeManifests;
import showdown.deploy.kube.KubeRun;
import showdown.deploy.kube.NodeSelectors;

/**
 * {@code showdown kube manifests}: prints the Kubernetes objects of a run (owner ConfigMap, one Secret
 * per agent, the server agent's Pod, one Pod per load agent, two headless Services) as YAML, the same objects
 * {@code showdown run --kubernetes} creates, for review or a GitOps repository; {@code showdown kube
 * access}: the ServiceAccount, Role and RoleBinding the controller needs in a namespace.
 */
final class KubeCommand extends Command {

    private String action;
    private String namespace = "default";
    private String name = "showdown";
    private String image;
    private String pullPolicy = KubeRun.DEFAULT_PULL_POLICY;
    private int loadAgents = 1;
    private Map<String, String> serverNodes = Map.of();
    private Map<String, String> loadNodes = Map.of();
    private int agentPort = AgentFlags.DEFAULT_PORT;
    private final List<Integer> targetPorts = new ArrayList<>();
    private Duration heartbeatTimeout;
    private Path certs;
    private final PodResourceFlags resources = new PodResourceFlags();

    KubeCommand() {
        super("kube", "Prints a run's Kubernetes objects as YAML: showdown kube manifests --image IMAGE;"
                        + " the controller's access to a namespace: showdown kube access.",
                "The objects are those 'showdown run --kubernetes' creates, less the owner references (they need"
                        + " the owner's uid): a ConfigMap standing for the run, one Secret per agent with that agent's"
                        + " own certificate, the server agent's Pod and headless Service, and one Pod per load agent,"
                        + " kept off the server's node and named in DNS by a headless Service of their own.",
                "Every object carries the label showdown.dev/run=NAME. Each agent's pod requests whole CPUs and"
                        + " memory equal to its limits (QoS class Guaranteed, so a kubelet with the static CPU manager"
                        + " policy gives it CPUs of its own). 'access' prints the ServiceAccount, Role and RoleBinding"
                        + " a cluster administrator applies once per namespace for the controller.");
    }

    @Override
    void declare(Options o) {
        o.parameter("ACTION", "manifests or access.", v -> action = v)
                .value("--image", "IMAGE", "The agent image (required).", v -> image = v)
                .value("-n, --namespace", "NS", "The namespace (default: default).", v -> namespace = v)
                .value("--name", "RUN", "The run's name; every object's name starts with it (default: showdown).",
                        v -> name = v)
                .value("--load-agents", "N", "How many load agents (default: 1).",
                        v -> loadAgents = Options.toInt("--load-agents", v))
                .value("--server-node-selector", "K=V,..", "Node labels for the server agent.",
                        v -> serverNodes = NodeSelectors.parse(v))
                .value("--load-node-selector", "K=V,..", "Node labels for the load agents.",
                        v -> loadNodes = NodeSelectors.parse(v))
                .value("--target-port", "PORT", "A server port the load agents may load (repeatable).",
                        v -> targetPorts.add(Options.toInt("--target-port", v)))
                .value("--agent-port", "PORT", "The port the agents listen on (default: " + AgentFlags.DEFAULT_PORT + ").",
                        v -> agentPort = Options.toInt("--agent-port", v))
                .value("--image-pull-policy", "POLICY", "Always, IfNotPresent (default) or Never.", v -> pullPolicy = v)
                .value("--heartbeat-timeout", "SECONDS", "The agents end themselves when the controller is silent"
                        + " this long (default: the agent's).",
                        v -> heartbeatTimeout = Duration.ofSeconds(Options.toLong("--heartbeat-timeout", v)))
                .value("--certs", "DIR", "A run's certificates (showdown certs): each agent's Secret gets its"
                        + " own, made for its pod's DNS name where DIR has none; without it the Secrets have no data.",
                        v -> certs = Options.toPath("--certs", v));
        resources.declare(o, "");
    }

    @Override
    int call(List<String> args) {
        if ("access".equals(action)) {
            System.out.print(KubeManifests.controllerAccessYaml(namespace));
            System.out.flush();
            return 0;
        }
        if (!"manifests".equals(action)) {
            throw new UsageException("unknown action '" + action + "': 'manifests' or 'access'");
        }
        if (image == null) {
            throw new UsageException("--image is required");
        }
        KubeRun run = new KubeRun(namespace, name, image, pullPolicy, loadAgents, serverNodes, loadNodes, agentPort,
                targetPorts, heartbeatTimeout, KubeRun.DEFAULT_READY_TIMEOUT, resources.server(), resources.load());
        System.out.print(KubeManifests.yaml(run, certs == null ? null : KubeLauncher.agentCertificates(certs)));
        System.out.flush();
        return 0;
    }
}
