package showdown.deploy.kube;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import io.fabric8.kubernetes.client.utils.YamlDumpSettingsBuilder;
import java.util.List;
import java.util.function.Function;
import tools.jackson.databind.ObjectMapper;
import showdown.contract.AgentFiles;
import showdown.deploy.AgentCertificates;

/**
 * A run's objects as one YAML stream, for review or for a GitOps repository: the same objects
 * {@link KubeDeployer} creates, less the owner references (they need the owner's uid, which only the
 * API server gives). Every object carries the {@value KubeObjects#RUN_LABEL} label, so
 * {@code kubectl delete configmap,secret,service,pod -l showdown.dev/run=NAME} removes an applied run.
 */
public final class KubeManifests {

    private KubeManifests() {
    }

    /**
     * The YAML of every object of {@code run}; each agent's Secret holds its own certificate when
     * {@code certificates} (the files of the agent with a given host name) is given, and is left
     * without data (to fill in) when it is null.
     */
    public static String yaml(KubeRun run, Function<String, AgentCertificates> certificates) {
        StringBuilder out = new StringBuilder();
        out.append("# showdown run '").append(run.name()).append("': ").append(run.loadAgents())
                .append(" load agent(s) and one server agent, image ").append(run.image()).append('\n');
        if (certificates == null) {
            out.append("# the agents' Secrets have no data: give each ").append(AgentFiles.CA).append(", ")
                    .append(AgentFiles.CERT).append(" and ").append(AgentFiles.KEY)
                    .append(" of its own host from 'showdown certs --hosts'\n");
        }
        append(out, new KubeObjects(run).all(certificates));
        return out.toString();
    }

    /**
     * The controller's access to {@code namespace} ({@link ControllerAccess}) as YAML, for a cluster
     * administrator to apply once: a controller that runs in the cluster runs as its ServiceAccount,
     * one outside it with credentials bound to the same Role.
     */
    public static String controllerAccessYaml(String namespace) {
        StringBuilder out = new StringBuilder();
        out.append("# what 'showdown run --kubernetes' may do in namespace '").append(namespace)
                .append("': apply once, as a cluster administrator\n");
        append(out, ControllerAccess.objects(namespace));
        return out.toString();
    }

    private static void append(StringBuilder out, List<HasMetadata> objects) {
        // quotes only where YAML needs them, as kubectl prints
        KubernetesSerialization serialization = new KubernetesSerialization(new ObjectMapper(), true,
                new YamlDumpSettingsBuilder().setMinimizeQuotes(true).build());
        for (HasMetadata object : objects) {
            String yaml = serialization.asYaml(object);
            if (!yaml.startsWith("---")) {
                out.append("---\n");
            }
            out.append(yaml);
            if (!yaml.endsWith("\n")) {
                out.append('\n');
            }
        }
    }
}
