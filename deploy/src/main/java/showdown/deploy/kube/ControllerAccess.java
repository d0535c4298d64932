package showdown.deploy.kube;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.fabric8.kubernetes.api.model.ServiceAccount;
import io.fabric8.kubernetes.api.model.ServiceAccountBuilder;
import io.fabric8.kubernetes.api.model.rbac.PolicyRule;
import io.fabric8.kubernetes.api.model.rbac.PolicyRuleBuilder;
import io.fabric8.kubernetes.api.model.rbac.Role;
import io.fabric8.kubernetes.api.model.rbac.RoleBinding;
import io.fabric8.kubernetes.api.model.rbac.RoleBindingBuilder;
import io.fabric8.kubernetes.api.model.rbac.RoleBuilder;
import java.util.List;

/**
 * What the controller of {@code showdown run --kubernetes} may do in its namespace, and no more: a
 * ServiceAccount for a controller that runs in the cluster, a Role with the verbs {@link KubeDeployer}
 * uses on the objects of a run (create, get, list, watch and delete of ConfigMaps, Secrets,
 * Services and Pods), and the RoleBinding between them. A cluster administrator applies them
 * once per namespace; the run's own objects come and go with each run.
 */
public final class ControllerAccess {

    /** The ServiceAccount, Role and RoleBinding share this name. */
    public static final String NAME = "showdown-controller";

    private static final List<String> VERBS = List.of("create", "get", "list", "watch", "delete");

    private ControllerAccess() {
    }

    /** The three objects, in the order they are applied. */
    public static List<HasMetadata> objects(String namespace) {
        return List.of(serviceAccount(namespace), role(namespace), binding(namespace));
    }

    private static ServiceAccount serviceAccount(String namespace) {
        return new ServiceAccountBuilder().withMetadata(meta(namespace)).build();
    }

    private static Role role(String namespace) {
        return new RoleBuilder().withMetadata(meta(namespace))
                .withRules(rule("", "configmaps", "secrets", "services", "pods"))
                .build();
    }

    private static RoleBinding binding(String namespace) {
        return new RoleBindingBuilder().withMetadata(meta(namespace))
                .withNewRoleRef().withApiGroup("rbac.authorization.k8s.io").withKind("Role").withName(NAME).endRoleRef()
                .addNewSubject().withKind("ServiceAccount").withName(NAME).withNamespace(namespace).endSubject()
                .build();
    }

    private static PolicyRule rule(String apiGroup, String... resources) {
        return new PolicyRuleBuilder().withApiGroups(apiGroup).withResources(resources).withVerbs(VERBS).build();
    }

    private static io.fabric8.kubernetes.api.model.ObjectMeta meta(String namespace) {
        return new ObjectMetaBuilder().withName(NAME).withNamespace(namespace)
                .addToLabels(KubeObjects.MANAGED_BY_LABEL, "showdown").build();
    }
}
