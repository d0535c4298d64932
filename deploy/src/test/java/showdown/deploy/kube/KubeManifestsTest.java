package showdown.deploy.kube;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.KubernetesList;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.ResourceRequirements;
import io.fabric8.kubernetes.api.model.Secret;
import io.fabric8.kubernetes.api.model.rbac.Role;
import io.fabric8.kubernetes.api.model.rbac.RoleBinding;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import showdown.deploy.DeployException;

class KubeManifestsTest {

    private static final KubeRun RUN = KubeRun.of("bench", "showdown-r1", "showdown-agent:dev", 2, List.of(8080))
            .withNodeSelectors(Map.of("pool", "server"), Map.of("pool", "load"));

    @Test
    void theYamlReadsBackAsTheObjectsTheDeployerCreates() {
        String yaml = KubeManifests.yaml(RUN, null);

        Object parsed = new KubernetesSerialization().unmarshal(yaml);
        List<HasMetadata> objects = parsed instanceof KubernetesList list ? list.getItems()
                : new ArrayList<>((List<HasMetadata>) parsed);
        assertThat(objects).extracting(o -> o.getKind() + " " + o.getMetadata().getName()).containsExactly(
                "ConfigMap showdown-r1", "Secret showdown-r1-server-certs", "Secret showdown-r1-load-0-certs",
                "Secret showdown-r1-load-1-certs", "Service showdown-r1-server", "Service showdown-r1-load",
                "Pod showdown-r1-server", "Pod showdown-r1-load-0", "Pod showdown-r1-load-1");
        assertThat(objects).containsExactlyElementsOf(new KubeObjects(RUN).all(null));
        assertThat(objects).allSatisfy(o -> assertThat(o.getMetadata().getLabels())
                .containsEntry("showdown.dev/run", "showdown-r1"));
        assertThat(objects).filteredOn(o -> o instanceof Secret)
                .allSatisfy(o -> assertThat(((Secret) o).getData()).isNullOrEmpty());
        Pod load = (Pod) objects.get(8);
        assertThat(load.getSpec().getContainers().get(0).getArgs())
                .containsSubsequence("--allow", "showdown-r1-server.bench.svc:8080");
        assertThat(load.getSpec().getVolumes().get(0).getSecret().getSecretName()).isEqualTo("showdown-r1-load-1-certs");
        Pod anyPort = new KubeObjects(KubeRun.of("bench", "r2", "i", 1, List.of())).loadPod(0);
        assertThat(anyPort.getSpec().getContainers().get(0).getArgs()).endsWith("--allow", "r2-server.bench.svc");
        assertThat(yaml).startsWith("# showdown run 'showdown-r1': 2 load agent(s) and one server agent, image showdown-agent:dev\n"
                + "# the agents' Secrets have no data");
    }

    @Test
    void namesKubernetesWouldRefuseAreOneLine() {
        assertThatThrownBy(() -> KubeRun.of("Bench", "r", "i", 1, List.of())).isInstanceOf(DeployException.class)
                .hasMessage("namespace 'Bench' is not a DNS-1123 label (a-z, 0-9, '-')");
        assertThatThrownBy(() -> KubeRun.of("b", "r", "i", 0, List.of())).isInstanceOf(DeployException.class)
                .hasMessage("the number of load agents must be at least 1, not 0");
        assertThatThrownBy(() -> NodeSelectors.parse("pool")).isInstanceOf(DeployException.class)
                .hasMessage("node selector 'pool' is not key=value");
        assertThat(NodeSelectors.parse("a=1, b=2")).containsExactly(Map.entry("a", "1"), Map.entry("b", "2"));
    }

    @Test
    void everyAgentPodIsGuaranteedItsWholeCpus() {
        KubeObjects objects = new KubeObjects(RUN.withResources(new PodResources(4, "8Gi"), null));

        ResourceRequirements server = objects.serverPod().getSpec().getContainers().get(0).getResources();
        assertThat(server.getRequests()).isEqualTo(server.getLimits())
                .containsEntry("cpu", new Quantity("4")).containsEntry("memory", new Quantity("8Gi"));
        ResourceRequirements load = objects.loadPod(0).getSpec().getContainers().get(0).getResources();
        assertThat(load.getRequests()).isEqualTo(load.getLimits())
                .containsEntry("cpu", new Quantity(Integer.toString(PodResources.LOAD_DEFAULT.cpus())))
                .containsEntry("memory", new Quantity(PodResources.LOAD_DEFAULT.memory()));
        assertThatThrownBy(() -> new PodResources(0, "1Gi")).isInstanceOf(DeployException.class)
                .hasMessage("a pod needs at least 1 whole CPU, not 0");
        assertThatThrownBy(() -> new PodResources(1, "lots")).isInstanceOf(DeployException.class)
                .hasMessage("memory 'lots' is not a quantity such as 2Gi or 512Mi");
    }

    @Test
    void theControllersAccessIsTheVerbsTheDeployerUsesInItsNamespace() {
        String yaml = KubeManifests.controllerAccessYaml("bench");

        Object parsed = new KubernetesSerialization().unmarshal(yaml);
        List<HasMetadata> objects = parsed instanceof KubernetesList list ? list.getItems()
                : new ArrayList<>((List<HasMetadata>) parsed);
        assertThat(objects).extracting(HasMetadata::getKind).containsExactly("ServiceAccount", "Role", "RoleBinding");
        assertThat(objects).allSatisfy(o -> assertThat(o.getMetadata().getNamespace()).isEqualTo("bench"));
        Role role = (Role) objects.get(1);
        assertThat(role.getRules()).extracting(r -> r.getApiGroups().get(0) + ":" + String.join(",", r.getResources()))
                .containsExactly(":configmaps,secrets,services,pods");
        assertThat(role.getRules()).allSatisfy(r -> assertThat(r.getVerbs())
                .containsExactly("create", "get", "list", "watch", "delete"));
        RoleBinding binding = (RoleBinding) objects.get(2);
        assertThat(binding.getRoleRef().getName()).isEqualTo(ControllerAccess.NAME);
        assertThat(binding.getSubjects()).singleElement()
                .satisfies(s -> assertThat(s.getKind() + " " + s.getNamespace() + "/" + s.getName())
                        .isEqualTo("ServiceAccount bench/" + ControllerAccess.NAME));
    }
}
