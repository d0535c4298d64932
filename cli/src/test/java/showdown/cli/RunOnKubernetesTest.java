package showdown.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodStatusBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code showdown run --kubernetes} against fabric8's mock API server in CRUD mode: the refusals
 * while the agents start, each one line with exit 2, and every object of the run deleted after
 * them. A whole run is not possible here: the mock runs no pods, so no agent ever listens at a pod
 * IP; dialling the agents and the run itself are what {@link RunOnHostsTest} and
 * {@link HostsNamespaceTest} show for {@code agent://} hosts, which is what the pods become.
 */
@EnableKubernetesMockClient(crud = true)
class RunOnKubernetesTest {

    private static final String NS = "bench";
    private static final String IMAGE = "registry.example/showdown-agent:1";

    KubernetesClient client;

    @TempDir
    Path home;

    @BeforeEach
    void cluster() throws Exception {
        RunOnHostsTest.writeHome(home, UUID.randomUUID().toString(), "1s");
        System.setProperty("showdown.home", home.toString());
        KubeLauncher.clientForTests = () -> new KubernetesClientBuilder().withConfig(client.getConfiguration()).build();
    }

    @AfterEach
    void reset() {
        KubeLauncher.clientForTests = null;
        System.clearProperty("showdown.home");
    }

    private CapturedCli.Outcome run(String... more) {
        List<String> args = new ArrayList<>(List.of("run", "--kubernetes", "--image", IMAGE, "--namespace", NS,
                "--profile", home.resolve("tiny.yaml").toString(), "--scenario", "mist",
                "--out", home.resolve("results/k").toString()));
        args.addAll(List.of(more));
        return CapturedCli.run(args.toArray(String[]::new));
    }

    @Test
    void podsThatNeverBecomeReadyEndTheRunInOneLineAndTheObjectsAreDeleted() {
        CapturedCli.Outcome outcome = run("--load-agents", "2", "--ready-timeout", "1s");
        assertThat(outcome.exitCode()).as(outcome.err()).isEqualTo(Main.EXIT_USAGE);
        List<String> lines = outcome.err().lines().toList();
        assertThat(lines.getLast()).matches("showdown run: the agents were not ready within 1 s \\(server .*, 0 of 2 load"
                + " agents ready\\); the run's objects were deleted");
        assertThat(lines.getFirst()).matches("showdown run: kubernetes run showdown-[0-9a-f]{8} in namespace bench: 2 load"
                + " agent\\(s\\), image " + IMAGE);
        assertNothingLeft();
        assertThat(home.resolve("results/k/results.json")).doesNotExist();
    }

    @Test
    void anImageThatCannotBePulledIsOneLineAndTheObjectsAreDeleted() throws Exception {
        Thread kubelet = Thread.ofPlatform().daemon().start(this::failEveryPull);
        try {
            CapturedCli.Outcome outcome = run("--image-pull-policy", "Always", "--server-node-selector", "pool=server");
            assertThat(outcome.exitCode()).as(outcome.err()).isEqualTo(Main.EXIT_USAGE);
            assertThat(outcome.err().lines().toList().getLast()).matches("showdown run: image " + IMAGE.replace(".", "\\.")
                    + " cannot be pulled \\(pod showdown-[0-9a-f]{8}-server: ErrImagePull: .*\\)");
        } finally {
            kubelet.interrupt();
            kubelet.join(5_000);
        }
        assertNothingLeft();
    }

    @Test
    void theKubernetesFlagsAreRefusedInOneLineWhereTheyDoNotFit() {
        CapturedCli.Outcome noImage = CapturedCli.run("run", "--kubernetes", "--namespace", NS);
        assertThat(noImage.exitCode()).isEqualTo(Main.EXIT_USAGE);
        assertThat(noImage.err().strip()).isEqualTo("showdown run: --kubernetes needs --image IMAGE, the agent image"
                + " (docs/hosts-deploy.md) (see 'showdown run --help')");
        CapturedCli.Outcome alone = CapturedCli.run("run", "--image", IMAGE);
        assertThat(alone.exitCode()).isEqualTo(Main.EXIT_USAGE);
        assertThat(alone.err().strip()).startsWith("showdown run: --image, --namespace, --load-agents,");
        CapturedCli.Outcome both = CapturedCli.run("run", "--kubernetes", "--image", IMAGE, "--hosts", "h.yaml");
        assertThat(both.err().strip()).startsWith("showdown run: --kubernetes and --hosts are two ways");
        CapturedCli.Outcome selector = CapturedCli.run("run", "--kubernetes", "--image", IMAGE, "--load-node-selector", "pool");
        assertThat(selector.exitCode()).isEqualTo(Main.EXIT_USAGE);
        assertThat(selector.err().strip()).startsWith("showdown run: node selector 'pool' is not key=value");
        assertThat(CapturedCli.run("run", "--help").out()).contains("--kubernetes", "--image IMAGE", "--namespace NS",
                "--load-agents N", "--server-node-selector K=V,..", "--load-node-selector K=V,..",
                "--image-pull-policy POLICY", "--ready-timeout D");
        assertNothingLeft();
    }

    /** The kubelet's part: every pod of the namespace fails to pull its image. */
    private void failEveryPull() {
        while (!Thread.currentThread().isInterrupted()) {
            try {
                for (Pod pod : client.pods().inNamespace(NS).list().getItems()) {
                    if (pod.getStatus() == null || pod.getStatus().getPhase() == null) {
                        pod.setStatus(new PodStatusBuilder().withPhase("Pending").addNewContainerStatus()
                                .withName(pod.getSpec().getContainers().getFirst().getName()).withImage(IMAGE)
                                .withReady(false).withNewState().withNewWaiting().withReason("ErrImagePull")
                                .withMessage("manifest unknown").endWaiting().endState().endContainerStatus().build());
                        client.pods().inNamespace(NS).resource(pod).updateStatus();
                    }
                }
                Thread.sleep(20);
            } catch (InterruptedException e) {
                return;
            } catch (RuntimeException e) {
                // the pod was deleted or changed meanwhile: look again
            }
        }
    }

    private void assertNothingLeft() {
        assertThat(client.configMaps().inNamespace(NS).list().getItems()).isEmpty();
        assertThat(client.secrets().inNamespace(NS).list().getItems()).isEmpty();
        assertThat(client.services().inNamespace(NS).list().getItems()).isEmpty();
        assertThat(client.pods().inNamespace(NS).list().getItems()).isEmpty();
        assertThat(client.batch().v1().jobs().inNamespace(NS).list().getItems()).isEmpty();
        assertThat(Files.exists(home.resolve("results/k/" + KubeLauncher.MARKER))).isFalse();
    }
}
