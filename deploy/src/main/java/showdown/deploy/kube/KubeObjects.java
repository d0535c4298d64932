package showdown.deploy.kube;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.ContainerBuilder;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.LabelSelectorBuilder;
import io.fabric8.kubernetes.api.model.ObjectMeta;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.fabric8.kubernetes.api.model.OwnerReference;
import io.fabric8.kubernetes.api.model.OwnerReferenceBuilder;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodAffinityTermBuilder;
import io.fabric8.kubernetes.api.model.PodAntiAffinity;
import io.fabric8.kubernetes.api.model.PodAntiAffinityBuilder;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.PodSpecBuilder;
import io.fabric8.kubernetes.api.model.Secret;
import io.fabric8.kubernetes.api.model.SecretBuilder;
import io.fabric8.kubernetes.api.model.Service;
import io.fabric8.kubernetes.api.model.ServiceBuilder;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import showdown.contract.AgentFiles;
import showdown.deploy.AgentCertificates;
import showdown.deploy.AgentOptions;

/**
 * The objects of one run, built and not yet sent: the owner ConfigMap ("the run"), one Secret per
 * agent with that agent's certificate alone, the server agent's Pod and its headless Service, and
 * one Pod per load agent, named in DNS by a second headless Service. Every object carries the run's
 * labels; the deployer adds owner references to the ConfigMap once the API server has given it a
 * uid, so that deleting it deletes the run.
 */
public final class KubeObjects {

    /** Every object of a run carries this label with the run's name. */
    public static final String RUN_LABEL = "showdown.dev/run";
    /** Agent pods carry this label: server or load. */
    public static final String ROLE_LABEL = "showdown.dev/role";
    public static final String MANAGED_BY_LABEL = "app.kubernetes.io/managed-by";
    /** Where the Secret is mounted in an agent's container. */
    public static final String CERTIFICATE_DIR = "/run/showdown/certs";
    /** Load agents avoid the server's node: one node, one hostname. */
    public static final String NODE_TOPOLOGY_KEY = "kubernetes.io/hostname";
    public static final String CONTAINER_NAME = "agent";
    public static final String CONTROL_PORT_NAME = "control";

    private static final int KEY_FILE_MODE = 0400;
    private static final int PROBE_PERIOD_SECONDS = 1;
    private static final long TERMINATION_GRACE_SECONDS = 10;
    /** Load agents spread over nodes when they can: a preference, not a rule. */
    private static final int LOAD_SPREAD_WEIGHT = 100;

    private final KubeRun run;

    public KubeObjects(KubeRun run) {
        this.run = run;
    }

    public KubeRun run() {
        return run;
    }

    /** The run itself: an empty ConfigMap that owns every other object. */
    public ConfigMap owner() {
        return new ConfigMapBuilder().withMetadata(meta(run.ownerName(), null))
                .addToData("image", run.image())
                .addToData("load-agents", Integer.toString(run.loadAgents()))
                .build();
    }

    /**
     * The Secret of the agent in {@code pod}: the run's CA certificate, that agent's certificate and
     * its key; with no files, a Secret of the right shape and no data.
     */
    public Secret certificates(String pod, AgentCertificates files) {
        SecretBuilder secret = new SecretBuilder().withMetadata(meta(run.secretName(pod), null)).withType("Opaque");
        if (files != null) {
            secret.addToData(AgentFiles.CA, base64(files.ca()))
                    .addToData(AgentFiles.CERT, base64(files.cert()))
                    .addToData(AgentFiles.KEY, base64(files.key()));
        }
        return secret.build();
    }

    /** The headless Service that gives the server pod a name in DNS without a proxy in the path. */
    public Service serverService() {
        return new ServiceBuilder().withMetadata(meta(run.serverName(), "server"))
                .withNewSpec()
                .withClusterIP("None")
                .withPublishNotReadyAddresses(true)
                .withSelector(selector("server"))
                .addNewPort().withName(CONTROL_PORT_NAME).withPort(run.agentPort()).endPort()
                .endSpec()
                .build();
    }

    /** The headless Service under which each load agent's pod has a name ({@link KubeRun#agentHost}). */
    public Service loadService() {
        return new ServiceBuilder().withMetadata(meta(run.loadServiceName(), "load"))
                .withNewSpec()
                .withClusterIP("None")
                .withPublishNotReadyAddresses(true)
                .withSelector(selector("load"))
                .addNewPort().withName(CONTROL_PORT_NAME).withPort(run.agentPort()).endPort()
                .endSpec()
                .build();
    }

    public Pod serverPod() {
        AgentOptions options = AgentOptions.server(run.agentPort(), KubeRun.IMAGE_HOME)
                .withHeartbeatTimeout(run.heartbeatTimeout());
        return new PodBuilder().withMetadata(meta(run.serverName(), "server"))
                .withSpec(podSpec(run.serverName(), options, run.serverNodeSelector(), null, run.serverResources()))
                .build();
    }

    /** Load agent {@code index}: never on the server's node, spread over nodes when it can be. */
    public Pod loadPod(int index) {
        // no ports named (targets that take a free port at start): the server's host, any port
        List<String> allow = new ArrayList<>();
        for (int port : run.targetPorts()) {
            allow.add(run.serverHost() + ":" + port);
        }
        if (allow.isEmpty()) {
            allow.add(run.serverHost());
        }
        AgentOptions options = AgentOptions.load(run.agentPort(), allow).withHeartbeatTimeout(run.heartbeatTimeout());
        PodAntiAffinity antiAffinity = new PodAntiAffinityBuilder()
                .addToRequiredDuringSchedulingIgnoredDuringExecution(new PodAffinityTermBuilder()
                        .withLabelSelector(new LabelSelectorBuilder().withMatchLabels(selector("server")).build())
                        .withTopologyKey(NODE_TOPOLOGY_KEY)
                        .build())
                .addNewPreferredDuringSchedulingIgnoredDuringExecution()
                .withWeight(LOAD_SPREAD_WEIGHT)
                .withNewPodAffinityTerm()
                .withLabelSelector(new LabelSelectorBuilder().withMatchLabels(selector("load")).build())
                .withTopologyKey(NODE_TOPOLOGY_KEY)
                .endPodAffinityTerm()
                .endPreferredDuringSchedulingIgnoredDuringExecution()
                .build();
        String pod = run.loadPodName(index);
        PodSpec spec = podSpec(pod, options, run.loadNodeSelector(), antiAffinity, run.loadResources());
        spec.setHostname(pod);
        spec.setSubdomain(run.loadServiceName());
        return new PodBuilder().withMetadata(meta(pod, "load")).withSpec(spec).build();
    }

    /**
     * Every object in the order they are created: the owner first, then each agent's Secret, the
     * Services, the server's Pod and the load agents' Pods.
     *
     * @param certificates the certificate files of the agent with a given host name ({@link KubeRun#agentHost});
     *                     null: Secrets without data
     */
    public List<HasMetadata> all(Function<String, AgentCertificates> certificates) {
        List<HasMetadata> all = new ArrayList<>(List.of(owner()));
        for (String pod : run.podNames()) {
            all.add(certificates(pod, certificates == null ? null : certificates.apply(run.agentHost(pod))));
        }
        all.addAll(List.of(serverService(), loadService(), serverPod()));
        for (int i = 0; i < run.loadAgents(); i++) {
            all.add(loadPod(i));
        }
        return all;
    }

    /** A reference to the created owner; every other object carries it. */
    public static OwnerReference ownerReference(ConfigMap created) {
        return new OwnerReferenceBuilder().withApiVersion("v1").withKind("ConfigMap")
                .withName(created.getMetadata().getName()).withUid(created.getMetadata().getUid())
                .build();
    }

    /** The labels that select the run's agents of one role. */
    public Map<String, String> selector(String role) {
        Map<String, String> labels = new LinkedHashMap<>();
        labels.put(RUN_LABEL, run.name());
        labels.put(ROLE_LABEL, role);
        return labels;
    }

    private PodSpec podSpec(String pod, AgentOptions options, Map<String, String> nodeSelector, PodAntiAffinity antiAffinity,
                            PodResources resources) {
        Container agent = new ContainerBuilder()
                .withName(CONTAINER_NAME)
                .withImage(run.image())
                .withImagePullPolicy(run.imagePullPolicy())
                .withResources(resources.requirements())
                .withArgs(options.arguments(CERTIFICATE_DIR))
                .addNewPort().withName(CONTROL_PORT_NAME).withContainerPort(run.agentPort()).endPort()
                .withNewReadinessProbe()
                .withNewTcpSocket().withNewPort(CONTROL_PORT_NAME).endTcpSocket()
                .withPeriodSeconds(PROBE_PERIOD_SECONDS)
                .endReadinessProbe()
                .addNewVolumeMount().withName("certs").withMountPath(CERTIFICATE_DIR).withReadOnly(true).endVolumeMount()
                .build();
        PodSpecBuilder spec = new PodSpecBuilder()
                .withRestartPolicy("Never")
                .withEnableServiceLinks(false)
                .withTerminationGracePeriodSeconds(TERMINATION_GRACE_SECONDS)
                .withNodeSelector(nodeSelector.isEmpty() ? null : new LinkedHashMap<>(nodeSelector))
                .withContainers(agent)
                .addNewVolume().withName("certs")
                .withNewSecret().withSecretName(run.secretName(pod)).withDefaultMode(KEY_FILE_MODE).endSecret()
                .endVolume();
        if (antiAffinity != null) {
            spec.withNewAffinity().withPodAntiAffinity(antiAffinity).endAffinity();
        }
        return spec.build();
    }

    private ObjectMeta meta(String name, String role) {
        return new ObjectMetaBuilder().withName(name).withNamespace(run.namespace()).withLabels(labels(role)).build();
    }

    private Map<String, String> labels(String role) {
        Map<String, String> labels = new LinkedHashMap<>();
        labels.put(MANAGED_BY_LABEL, "showdown");
        labels.put(RUN_LABEL, run.name());
        if (role != null) {
            labels.put(ROLE_LABEL, role);
        }
        return labels;
    }

    private static String base64(Path file) {
        try {
            return Base64.getEncoder().encodeToString(Files.readAllBytes(file));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
