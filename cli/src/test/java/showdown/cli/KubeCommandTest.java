package showdown.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class KubeCommandTest {

    @Test
    void manifestsPrintsTheRunsObjectsAsYaml() {
        CapturedCli.Outcome r = CapturedCli.run("kube", "manifests", "--image", "showdown-agent:dev", "-n", "bench",
                "--name", "r1", "--load-agents", "3", "--load-node-selector", "pool=load", "--target-port", "8080");

        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(r.out().lines().filter(l -> l.startsWith("kind: ")))
                .containsExactly("kind: ConfigMap", "kind: Secret", "kind: Service", "kind: Pod", "kind: Job");
        assertThat(r.out()).contains("completionMode: Indexed", "completions: 3", "r1-server.bench.svc:8080");
    }

    @Test
    void aMissingImageOrABadSelectorIsOneLineAndExitTwo() {
        CapturedCli.Outcome noImage = CapturedCli.run("kube", "manifests");
        assertThat(noImage.exitCode()).isEqualTo(2);
        assertThat(noImage.err()).isEqualTo("showdown kube: --image is required (see 'showdown kube --help')\n");

        CapturedCli.Outcome badSelector = CapturedCli.run("kube", "manifests", "--image", "i", "--load-node-selector", "pool");
        assertThat(badSelector.exitCode()).isEqualTo(2);
        assertThat(badSelector.err()).isEqualTo("showdown kube: node selector 'pool' is not key=value\n");
    }
}
