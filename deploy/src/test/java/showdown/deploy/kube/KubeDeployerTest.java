package showdown.deploy.kube;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.OwnerReference;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodAffinityTerm;
import io.fabric8.kubernetes.api.model.PodStatus;
import io.fabric8.kubernetes.api.model.PodStatusBuilder;
import io.fabric8.kubernetes.api.model.Secret;
import io.fabric8.kubernetes.api.model.Service;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import showdown.deploy.AgentCertificates;
import showdown.deploy.DeployException;

/** The deployer against fabric8's mock API server in CRUD mode: the objects it makes, its wait and its clean-up. */
@EnableKubernetesMockClient(crud = true)
class KubeDeployerTest {

    private static final String NS = "bench";
    private static final String RUN = "showdown-r1";

    KubernetesClient client;

    @TempDir
    Path certDir;

    /** Each agent host's own files, their contents naming the host: as 'showdown certs --hosts' makes them. */
    private Function<String, AgentCertificates> certificates;

    @BeforeEach
    void certificates() {
        certificates = host -> {
            try {
                Path folder = Files.createDirectories(certDir.resolve(host));
                Files.writeString(folder.resolve("ca.pem"), "CA PEM\n");
                Files.writeString(folder.resolve("agent.pem"), "AGENT PEM " + host + "\n");
                Files.writeString(folder.resolve("agent-key.pem"), "AGENT KEY " + host + "\n");
                return AgentCertificates.in(folder);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        };
    }

    private static KubeRun run(int loadAgents) {
        return KubeRun.of(NS, RUN, "registry.example/showdown-agent:1", loadAgents, List.of(8080, 8443))
                .withNodeSelectors(Map.of("showdown.dev/pool", "server"), Map.of("showdown.dev/pool", "load"))
                .withReadyTimeout(Duration.ofSeconds(60));
    }

    @Test
    void createsTheRunsObjectsWithTheirExactFieldsAndDeletesThemOnClose() throws Exception {
        KubeAgents agents;
        try (FakeKubelet kubelet = new FakeKubelet(client, NS, RUN, FakeKubelet::ready)) {
            agents = new KubeDeployer(client, null).deploy(run(3), certificates);
        }
        try (agents) {
            assertThat(agents.server()).isEqualTo(new KubeAgents.Agent("showdown-r1-server.bench.svc", "10.0.0.1:7700"));
            assertThat(agents.load()).containsExactly(
                    new KubeAgents.Agent("showdown-r1-load-0.showdown-r1-load.bench.svc", "10.0.1.0:7700"),
                    new KubeAgents.Agent("showdown-r1-load-1.showdown-r1-load.bench.svc", "10.0.1.1:7700"),
                    new KubeAgents.Agent("showdown-r1-load-2.showdown-r1-load.bench.svc", "10.0.1.2:7700"));
            assertThat(agents.serverHost()).isEqualTo("showdown-r1-server.bench.svc");

            ConfigMap owner = client.configMaps().inNamespace(NS).withName(RUN).get();
            assertThat(owner.getMetadata().getUid()).isNotBlank();
            OwnerReference expected = KubeObjects.ownerReference(owner);

            Secret secret = client.secrets().inNamespace(NS).withName("showdown-r1-server-certs").get();
            assertThat(secret.getData()).containsOnlyKeys("ca.pem", "agent.pem", "agent-key.pem");
            assertThat(decoded(secret, "agent-key.pem")).isEqualTo("AGENT KEY showdown-r1-server.bench.svc\n");
            assertThat(secret.getMetadata().getOwnerReferences()).containsExactly(expected);

            Service service = client.services().inNamespace(NS).withName("showdown-r1-server").get();
            assertThat(service.getSpec().getClusterIP()).isEqualTo("None");
            assertThat(service.getSpec().getSelector())
                    .containsExactlyInAnyOrderEntriesOf(Map.of("showdown.dev/run", RUN, "showdown.dev/role", "server"));
            assertThat(service.getMetadata().getOwnerReferences()).containsExactly(expected);
            Service loadService = client.services().inNamespace(NS).withName("showdown-r1-load").get();
            assertThat(loadService.getSpec().getClusterIP()).isEqualTo("None");
            assertThat(loadService.getSpec().getSelector())
                    .containsExactlyInAnyOrderEntriesOf(Map.of("showdown.dev/run", RUN, "showdown.dev/role", "load"));
            assertThat(loadService.getMetadata().getOwnerReferences()).containsExactly(expected);

            Pod server = client.pods().inNamespace(NS).withName("showdown-r1-server").get();
            assertThat(server.getMetadata().getOwnerReferences()).containsExactly(expected);
            assertThat(server.getSpec().getNodeSelector()).containsExactlyEntriesOf(Map.of("showdown.dev/pool", "server"));
            assertThat(server.getSpec().getRestartPolicy()).isEqualTo("Never");
            assertThat(server.getSpec().getContainers().get(0).getImage()).isEqualTo("registry.example/showdown-agent:1");
            assertThat(server.getSpec().getContainers().get(0).getArgs()).containsExactly("agent", "--role", "server",
                    "--listen", "0.0.0.0:7700", "--ca", "/run/showdown/certs/ca.pem", "--cert",
                    "/run/showdown/certs/agent.pem", "--key", "/run/showdown/certs/agent-key.pem", "--one-run", "--home", "/opt/showdown");
            assertThat(server.getSpec().getVolumes().get(0).getSecret().getSecretName()).isEqualTo("showdown-r1-server-certs");

            for (int i = 0; i < 3; i++) {
                Pod load = client.pods().inNamespace(NS).withName("showdown-r1-load-" + i).get();
                assertThat(load.getMetadata().getOwnerReferences()).containsExactly(expected);
                assertThat(load.getMetadata().getLabels()).containsEntry("showdown.dev/role", "load");
                assertThat(load.getSpec().getHostname()).isEqualTo("showdown-r1-load-" + i);
                assertThat(load.getSpec().getSubdomain()).isEqualTo("showdown-r1-load");
                assertThat(load.getSpec().getRestartPolicy()).isEqualTo("Never");
                assertThat(load.getSpec().getNodeSelector()).containsExactlyEntriesOf(Map.of("showdown.dev/pool", "load"));
                List<PodAffinityTerm> required = load.getSpec().getAffinity().getPodAntiAffinity()
                        .getRequiredDuringSchedulingIgnoredDuringExecution();
                assertThat(required).hasSize(1);
                assertThat(required.get(0).getTopologyKey()).isEqualTo("kubernetes.io/hostname");
                assertThat(required.get(0).getLabelSelector().getMatchLabels())
                        .containsExactlyInAnyOrderEntriesOf(Map.of("showdown.dev/run", RUN, "showdown.dev/role", "server"));
                assertThat(load.getSpec().getContainers().get(0).getArgs()).containsSubsequence("--role", "load")
                        .containsSubsequence("--allow", "showdown-r1-server.bench.svc:8080", "--allow",
                                "showdown-r1-server.bench.svc:8443");
                assertThat(load.getSpec().getVolumes().get(0).getSecret().getSecretName())
                        .isEqualTo("showdown-r1-load-" + i + "-certs");
            }
        }
        assertRunDeleted();
    }

    @Test
    void everyAgentPodMountsACertificateOfItsOwnThatNamesIt() throws Exception {
        KubeAgents agents;
        try (FakeKubelet kubelet = new FakeKubelet(client, NS, RUN, FakeKubelet::ready)) {
            agents = new KubeDeployer(client, null).deploy(run(3), certificates);
        }
        try (agents) {
            List<Pod> pods = client.pods().inNamespace(NS).withLabel(KubeObjects.RUN_LABEL, RUN).list().getItems();
            assertThat(pods).hasSize(4);
            Map<String, String> certificateOfPod = new HashMap<>();
            for (Pod pod : pods) {
                List<String> mounted = pod.getSpec().getVolumes().stream().filter(v -> v.getSecret() != null)
                        .map(v -> v.getSecret().getSecretName()).toList();
                assertThat(mounted).as("the Secrets pod %s mounts", pod.getMetadata().getName()).hasSize(1);
                Secret secret = client.secrets().inNamespace(NS).withName(mounted.get(0)).get();
                certificateOfPod.put(pod.getMetadata().getName(), decoded(secret, "agent.pem"));
            }
            // each pod's certificate is the one made for the name it dials as, and no two pods share one
            List<KubeAgents.Agent> all = new ArrayList<>(List.of(agents.server()));
            all.addAll(agents.load());
            assertThat(certificateOfPod).containsExactlyInAnyOrderEntriesOf(Map.of(
                    "showdown-r1-server", "AGENT PEM " + all.get(0).host() + "\n",
                    "showdown-r1-load-0", "AGENT PEM " + all.get(1).host() + "\n",
                    "showdown-r1-load-1", "AGENT PEM " + all.get(2).host() + "\n",
                    "showdown-r1-load-2", "AGENT PEM " + all.get(3).host() + "\n"));
            assertThat(new HashSet<>(certificateOfPod.values())).hasSize(4);
            assertThat(client.secrets().inNamespace(NS).withLabel(KubeObjects.RUN_LABEL, RUN).list().getItems())
                    .hasSize(4);
        }
        assertRunDeleted();
    }

    private static String decoded(Secret secret, String key) {
        return new String(Base64.getDecoder().decode(secret.getData().get(key)), StandardCharsets.UTF_8);
    }

    @Test
    void anImageThatCannotBePulledIsOneLineAndTheRunIsDeleted() throws Exception {
        try (FakeKubelet kubelet = new FakeKubelet(client, NS, RUN, pod -> waiting(pod, "ImagePullBackOff",
                "Back-off pulling image \"registry.example/showdown-agent:1\""))) {
            assertThatThrownBy(() -> new KubeDeployer(client, null).deploy(run(2), certificates))
                    .isInstanceOf(DeployException.class)
                    .hasMessage("image registry.example/showdown-agent:1 cannot be pulled (pod showdown-r1-server: "
                            + "ImagePullBackOff: Back-off pulling image \"registry.example/showdown-agent:1\")");
        }
        assertRunDeleted();
    }

    @Test
    void aPodThatCannotBeScheduledIsOneLineAndTheRunIsDeleted() throws Exception {
        String message = "0/3 nodes are available: 1 node(s) didn't match pod anti-affinity rules,\n"
                + "2 node(s) didn't match Pod's node affinity/selector.";
        try (FakeKubelet kubelet = new FakeKubelet(client, NS, RUN, pod -> isLoad(pod)
                ? new PodStatusBuilder().withPhase("Pending").addNewCondition().withType("PodScheduled")
                        .withStatus("False").withReason("Unschedulable").withMessage(message).endCondition().build()
                : FakeKubelet.ready(pod))) {
            assertThatThrownBy(() -> new KubeDeployer(client, null).deploy(run(1), certificates))
                    .isInstanceOf(DeployException.class)
                    .hasMessage("pod showdown-r1-load-0 cannot be scheduled: 0/3 nodes are available: 1 node(s) didn't"
                            + " match pod anti-affinity rules, 2 node(s) didn't match Pod's node affinity/selector.");
        }
        assertRunDeleted();
    }

    @Test
    void agentsNotReadyInTimeFailWithWhereTheyStoodAndTheRunIsDeleted() throws Exception {
        try (FakeKubelet kubelet = new FakeKubelet(client, NS, RUN, pod -> isLoad(pod)
                ? waiting(pod, "ContainerCreating", null) : FakeKubelet.ready(pod))) {
            assertThatThrownBy(() -> new KubeDeployer(client, null).deploy(run(2).withReadyTimeout(Duration.ofSeconds(1)),
                    certificates))
                    .isInstanceOf(DeployException.class)
                    .hasMessageStartingWith("the agents were not ready within 1 s (server Running, 0 of 2 load agents")
                    .hasMessageEndingWith("the run's objects were deleted");
        }
        assertRunDeleted();
    }

    @Test
    void anInterruptWhileWaitingDeletesTheRun() throws Exception {
        AtomicReference<Throwable> thrown = new AtomicReference<>();
        Thread controller = new Thread(() -> {
            try {
                new KubeDeployer(client, null).deploy(run(2).withReadyTimeout(Duration.ofMinutes(5)), certificates);
            } catch (Throwable t) {
                thrown.set(t);
            }
        });
        controller.start();
        // no kubelet: the pods stay Pending; interrupt once the wait has begun (the last pod exists)
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (client.pods().inNamespace(NS).withName("showdown-r1-load-1").get() == null) {
            assertThat(System.nanoTime() - deadline).as("the last load pod was never created").isNegative();
            Thread.sleep(10);
        }
        controller.interrupt();
        controller.join(30_000);
        assertThat(controller.isAlive()).isFalse();
        assertThat(thrown.get()).isInstanceOf(DeployException.class)
                .hasMessage(KubeDeployer.INTERRUPTED);
        assertRunDeleted();
    }

    @Test
    void ctrlCOnTheControllerDeletesTheRun() throws Exception {
        Path probeCertificates = certificates.apply("probe").ca().getParent();
        Process controller = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), KubeInterruptProbe.class.getName(),
                client.getMasterUrl().toString(), NS, RUN, probeCertificates.toString())
                .redirectErrorStream(true).start();
        try {
            // SIGTERM (as Ctrl-C's SIGINT, it runs the shutdown hooks) once the wait has begun
            BufferedReader out = new BufferedReader(new InputStreamReader(controller.getInputStream(), StandardCharsets.UTF_8));
            String line = out.readLine();
            assertThat(line).as("the controller's first progress line").startsWith("kubernetes: server ");
            assertThat(client.pods().inNamespace(NS).withName("showdown-r1-load-1").get()).isNotNull();
            controller.destroy();
            assertThat(controller.waitFor(60, TimeUnit.SECONDS)).isTrue();
        } finally {
            controller.destroyForcibly();
        }
        assertRunDeleted();
    }

    @Test
    void anAgentThatEndsBeforeItIsReadyIsOneLine() throws Exception {
        try (FakeKubelet kubelet = new FakeKubelet(client, NS, RUN, pod -> new PodStatusBuilder().withPhase("Failed")
                .addNewContainerStatus().withName("agent").withNewState().withNewTerminated().withExitCode(2)
                .withReason("Error").endTerminated().endState().endContainerStatus().build())) {
            assertThatThrownBy(() -> new KubeDeployer(client, null).deploy(run(1), certificates))
                    .isInstanceOf(DeployException.class)
                    .hasMessage("the agent in pod showdown-r1-server ended before it was ready: exit code 2: Error");
        }
        assertRunDeleted();
    }

    @Test
    void objectsOfAnotherRunAreLeftAlone() throws Exception {
        KubeRun other = KubeRun.of(NS, "showdown-r2", "img", 1, List.of());
        try (FakeKubelet kubelet = new FakeKubelet(client, NS, "showdown-r2", FakeKubelet::ready);
                KubeAgents kept = new KubeDeployer(client, null).deploy(other, certificates)) {
            try (FakeKubelet kubelet1 = new FakeKubelet(client, NS, RUN, FakeKubelet::ready)) {
                new KubeDeployer(client, null).deploy(run(1), certificates).close();
            }
            assertRunDeleted();
            assertThat(client.pods().inNamespace(NS).withLabel(KubeObjects.RUN_LABEL, "showdown-r2").list().getItems())
                    .hasSize(2);
        }
    }

    private static boolean isLoad(Pod pod) {
        return "load".equals(pod.getMetadata().getLabels().get(KubeObjects.ROLE_LABEL));
    }

    private static PodStatus waiting(Pod pod, String reason, String message) {
        return new PodStatusBuilder().withPhase("Pending")
                .addNewCondition().withType("PodScheduled").withStatus("True").endCondition()
                .addNewContainerStatus().withName("agent").withImage(pod.getSpec().getContainers().get(0).getImage())
                .withNewState().withNewWaiting().withReason(reason).withMessage(message).endWaiting().endState()
                .endContainerStatus()
                .build();
    }

    private void assertRunDeleted() {
        assertThat(client.configMaps().inNamespace(NS).withName(RUN).get()).isNull();
        assertThat(client.secrets().inNamespace(NS).withLabel(KubeObjects.RUN_LABEL, RUN).list().getItems()).isEmpty();
        assertThat(client.services().inNamespace(NS).withName("showdown-r1-server").get()).isNull();
        assertThat(client.services().inNamespace(NS).withName("showdown-r1-load").get()).isNull();
        assertThat(client.pods().inNamespace(NS).withLabel(KubeObjects.RUN_LABEL, RUN).list().getItems()).isEmpty();
    }
}
