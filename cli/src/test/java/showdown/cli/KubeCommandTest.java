package showdown.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class KubeCommandTest {

    @Test
    void manifestsPrintsTheRunsObjectsAsYaml() {
        CapturedCli.Outcome r = CapturedCli.run("kube", "manifests", "--image", "showdown-agent:dev", "-n", "bench",
                "--name", "r1", "--load-agents", "3", "--load-node-selector", "pool=load", "--target-port", "8080");

        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(r.out().lines().filter(l -> l.startsWith("kind: "))).containsExactly("kind: ConfigMap",
                "kind: Secret", "kind: Secret", "kind: Secret", "kind: Secret", "kind: Service", "kind: Service",
                "kind: Pod", "kind: Pod", "kind: Pod", "kind: Pod");
        assertThat(r.out()).contains("name: r1-load-2-certs", "subdomain: r1-load", "r1-server.bench.svc:8080");
    }

    @Test
    void podResourcesAreFlagsAndAccessPrintsTheControllersRole() {
        CapturedCli.Outcome r = CapturedCli.run("kube", "manifests", "--image", "i", "--server-cpus", "4",
                "--server-memory", "8Gi");
        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(r.out()).contains("cpu: '4'", "memory: 8Gi");

        CapturedCli.Outcome badMemory = CapturedCli.run("kube", "manifests", "--image", "i", "--load-memory", "lots");
        assertThat(badMemory.exitCode()).isEqualTo(2);
        assertThat(badMemory.err()).isEqualTo("showdown kube: memory 'lots' is not a quantity such as 2Gi or 512Mi (see 'showdown kube --help')\n");

        CapturedCli.Outcome access = CapturedCli.run("kube", "access", "-n", "bench");
        assertThat(access.exitCode()).as(access.err()).isZero();
        assertThat(access.out().lines().filter(l -> l.startsWith("kind: ")))
                .containsExactly("kind: ServiceAccount", "kind: Role", "kind: RoleBinding");
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
