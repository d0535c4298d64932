package showdown.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodStatusBuilder;
import io.fabric8.kubernetes.api.model.Secret;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.util.Base64;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import showdown.contract.AgentRole;
import showdown.deploy.kube.KubeObjects;
import showdown.deploy.kube.KubeRun;
import showdown.hosts.Clock;
import showdown.hosts.agent.Agent;
import showdown.hosts.agent.AgentConfig;
import showdown.hosts.control.AgentLauncher;
import showdown.hosts.control.HostsException;
import showdown.hosts.control.HostsRun;
import showdown.hosts.tls.ChannelTls;
import showdown.hosts.tls.RunCertificates;

/**
 * A run on Kubernetes is placed through the one launcher seam, {@link HostsRun} with
 * {@link KubeLauncher} as its {@link AgentLauncher}, and each pod is held to a certificate of its own.
 * fabric8's mock API server in CRUD mode stands for the cluster; a kubelet here gives each pod an
 * address on a 127/8 network drawn for the test and starts a real agent there, with the files of
 * the Secret the pod mounts.
 */
@EnableKubernetesMockClient(crud = true)
class KubeLauncherTest {

    private static final String NS = "bench";
    private static final String RUN = "showdown-t1";

    KubernetesClient client;

    @TempDir
    Path dir;

    private Path certs;
    private String network;
    private final Map<String, Agent> agents = new ConcurrentHashMap<>();

    @BeforeEach
    void cluster() {
        certs = dir.resolve("certs");
        RunCertificates.create(certs, List.of());
        SecureRandom random = new SecureRandom();
        network = "127." + (1 + random.nextInt(250)) + "." + (1 + random.nextInt(250)) + ".";
        KubeLauncher.clientForTests = () -> new KubernetesClientBuilder().withConfig(client.getConfiguration()).build();
    }

    @AfterEach
    void reset() {
        KubeLauncher.clientForTests = null;
        agents.values().forEach(Agent::close);
    }

    private static KubeLauncher launcher() {
        return new KubeLauncher(new KubeRun(NS, RUN, "registry.example/showdown-agent:1", "IfNotPresent", 2, Map.of(),
                Map.of(), 7700, List.of(), Duration.ofSeconds(20), Duration.ofSeconds(60), null, null));
    }

    private HostsRun open(KubeLauncher launcher) {
        return HostsRun.open(launcher.inventory(), certs, Duration.ofSeconds(1), Duration.ofSeconds(20),
                List.of(launcher), Clock.system()).alsoClosing(launcher);
    }

    @Test
    void theRunsPodsArePlacedThroughTheLauncherEachWithACertificateOfItsOwn() throws Exception {
        assertThat(launcher().inventory().server().agent()).isEqualTo("kube");
        assertThat(launcher().inventory().load()).extracting(h -> h.name() + " " + h.agent())
                .containsExactly("load-1 kube", "load-2 kube");
        Thread kubelet = Thread.ofPlatform().daemon().start(() -> kubelet(Map.of()));
        try (HostsRun run = open(launcher())) {
            assertThat(run.targets()).isNotNull();
            assertThat(agents).containsOnlyKeys(RUN + "-server", RUN + "-load-0", RUN + "-load-1");

            Set<String> certificates = new HashSet<>();
            for (Pod pod : client.pods().inNamespace(NS).withLabel(KubeObjects.RUN_LABEL, RUN).list().getItems()) {
                X509Certificate cert = certificate(secretOf(pod), "agent.pem");
                certificates.add(Base64.getEncoder().encodeToString(cert.getEncoded()));
                String host = pod.getMetadata().getName().endsWith("-server") ? RUN + "-server.bench.svc"
                        : pod.getMetadata().getName() + "." + RUN + "-load.bench.svc";
                assertThat(cert.getSubjectAlternativeNames()).as(pod.getMetadata().getName())
                        .containsExactly(List.of(2, host));
                assertThat(cert.getExtendedKeyUsage()).containsExactly("1.3.6.1.5.5.7.3.1"); // TLS server only
            }
            assertThat(certificates).as("no two pods share a certificate").hasSize(3);
        } finally {
            kubelet.interrupt();
            kubelet.join(5_000);
        }
        assertNothingLeft();
    }

    @Test
    void aPodPresentingAnotherPodsCertificateIsRefusedAndTheRunDeleted() throws Exception {
        // load agent 0 answers with the server pod's pair: the same CA, the same role, another agent
        Thread kubelet = Thread.ofPlatform().daemon().start(() -> kubelet(Map.of("-load-0", "-server")));
        try (KubeLauncher launcher = launcher()) {
            assertThatThrownBy(() -> open(launcher))
                    .isInstanceOf(HostsException.class)
                    .hasMessageStartingWith("agent load-1 at " + network + "10:7700: refused: it presents another"
                            + " certificate than the one its launcher gave it")
                    .hasMessageNotContaining("\n");
        } finally {
            kubelet.interrupt();
            kubelet.join(5_000);
        }
        assertNothingLeft();
    }

    @Test
    void runKubernetesPlacesItsAgentsThroughTheLauncherAndHoldsEachPodToItsOwnCertificate() throws Exception {
        // only a launched agent has a certificate to be held to: this refusal proves the launcher placed it
        RunOnHostsTest.writeHome(dir, UUID.randomUUID().toString(), "1s");
        System.setProperty("showdown.home", dir.toString());
        Thread kubelet = Thread.ofPlatform().daemon().start(() -> kubelet(Map.of("-load-0", "-server")));
        try {
            CapturedCli.Outcome outcome = CapturedCli.run("run", "--kubernetes", "--image", "registry.example/agent:1",
                    "--namespace", NS, "--profile", dir.resolve("tiny.yaml").toString(), "--scenario", "mist",
                    "--out", dir.resolve("results/k").toString());
            assertThat(outcome.exitCode()).as(outcome.err()).isEqualTo(Main.EXIT_USAGE);
            assertThat(outcome.err().lines().toList().getLast()).matches("showdown run: agent load-1 at "
                    + network.replace(".", "\\.") + "10:7700: refused: it presents another certificate than the one"
                    + " its launcher gave it \\(.*showdown agent showdown-[0-9a-f]{8}-server.*\\)");
        } finally {
            System.clearProperty("showdown.home");
            kubelet.interrupt();
            kubelet.join(5_000);
        }
        assertNothingLeft();
        assertThat(dir.resolve("results/k/results.json")).doesNotExist();
    }

    /**
     * The kubelet's part: each new pod of the namespace gets an address of the test's network and a
     * real agent there, started with the files of the Secret its own pod mounts, or, for a pod whose
     * name ends in a key of {@code secretOf}, that of the run's pod whose name ends in its value.
     */
    private void kubelet(Map<String, String> secretOf) {
        while (!Thread.currentThread().isInterrupted()) {
            try {
                for (Pod pod : client.pods().inNamespace(NS).list().getItems()) {
                    String name = pod.getMetadata().getName();
                    if (pod.getStatus() != null && pod.getStatus().getPhase() != null) {
                        continue;
                    }
                    boolean server = name.endsWith("-server");
                    String suffix = server ? "-server" : name.substring(name.lastIndexOf("-load-"));
                    String ip = network + (server ? "1" : "1" + name.substring(name.lastIndexOf('-') + 1));
                    String secretPodName = name.substring(0, name.length() - suffix.length())
                            + secretOf.getOrDefault(suffix, suffix);
                    Pod secretPod = client.pods().inNamespace(NS).withName(secretPodName).get();
                    AgentRole role = server ? AgentRole.SERVER : AgentRole.LOAD;
                    agents.computeIfAbsent(name, n -> start(n, role, ip, secretOf(secretPod)));
                    pod.setStatus(new PodStatusBuilder().withPhase("Running").withPodIP(ip)
                            .addNewCondition().withType("Ready").withStatus("True").endCondition().build());
                    client.pods().inNamespace(NS).resource(pod).updateStatus();
                }
                Thread.sleep(20);
            } catch (InterruptedException e) {
                return;
            } catch (RuntimeException e) {
                // the pod was deleted or changed meanwhile: look again
            }
        }
    }

    private Agent start(String pod, AgentRole role, String ip, Secret secret) {
        try {
            Path folder = Files.createDirectories(dir.resolve("pods").resolve(pod));
            for (Map.Entry<String, String> file : secret.getData().entrySet()) {
                Files.write(folder.resolve(file.getKey()), Base64.getDecoder().decode(file.getValue()));
            }
            List<String> allow = role == AgentRole.LOAD ? List.of(pod.replaceAll("-load-[0-9]+$", "-server.bench.svc"))
                    : List.of();
            AgentConfig config = new AgentConfig(role, ip, 7700, ChannelTls.agent(folder), allow, Duration.ofSeconds(20),
                    dir, Clock.system(), new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8),
                    AgentConfig.Runs.ONE);
            Agent agent = new Agent(config);
            Thread.ofPlatform().daemon().start(agent::serve);
            return agent;
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    private Secret secretOf(Pod pod) {
        String name = pod.getSpec().getVolumes().getFirst().getSecret().getSecretName();
        return client.secrets().inNamespace(NS).withName(name).get();
    }

    private static X509Certificate certificate(Secret secret, String key) throws Exception {
        byte[] pem = Base64.getDecoder().decode(secret.getData().get(key));
        return (X509Certificate) CertificateFactory.getInstance("X.509").generateCertificate(new ByteArrayInputStream(pem));
    }

    private void assertNothingLeft() {
        assertThat(client.configMaps().inNamespace(NS).list().getItems()).isEmpty();
        assertThat(client.secrets().inNamespace(NS).list().getItems()).isEmpty();
        assertThat(client.services().inNamespace(NS).list().getItems()).isEmpty();
        assertThat(client.pods().inNamespace(NS).list().getItems()).isEmpty();
    }
}
