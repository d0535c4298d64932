package showdown.deploy.kube;

import io.fabric8.kubernetes.client.ConfigBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import showdown.deploy.AgentCertificates;

/**
 * A controller in a JVM of its own for the Ctrl-C test: deploys a run against the API server at
 * args[0] (namespace args[1], run args[2], certificates in args[3], one folder for every agent: only
 * the clean-up is looked at) and waits for agents that never become ready, until the test sends it
 * SIGTERM.
 */
public final class KubeInterruptProbe {

    private KubeInterruptProbe() {
    }

    public static void main(String[] args) {
        KubernetesClient client = new KubernetesClientBuilder().withConfig(new ConfigBuilder()
                .withMasterUrl(args[0]).withTrustCerts(true).withNamespace(args[1]).build()).build();
        KubeRun run = KubeRun.of(args[1], args[2], "showdown-agent:dev", 2, List.of())
                .withReadyTimeout(Duration.ofMinutes(5));
        AgentCertificates certificates = AgentCertificates.in(Path.of(args[3]));
        new KubeDeployer(client, System.out).deploy(run, host -> certificates);
    }
}
