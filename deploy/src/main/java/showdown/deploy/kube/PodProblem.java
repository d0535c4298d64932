package showdown.deploy.kube;

import io.fabric8.kubernetes.api.model.ContainerStateTerminated;
import io.fabric8.kubernetes.api.model.ContainerStateWaiting;
import io.fabric8.kubernetes.api.model.ContainerStatus;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodCondition;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * What keeps an agent's pod from ever becoming ready, said in one line: an image that cannot be
 * pulled, a pod that cannot be scheduled, an agent that ended. A pod that is merely slow (pulling,
 * creating its container, starting) has no problem.
 */
public final class PodProblem {

    /** Waiting reasons that mean the image will not come without a change by the user. */
    static final Set<String> IMAGE_PULL_FAILURES =
            Set.of("ImagePullBackOff", "ErrImagePull", "InvalidImageName", "ErrImageNeverPull");
    /** Waiting reasons that mean the container cannot be made as specified. */
    static final Set<String> CONTAINER_CONFIG_FAILURES = Set.of("CreateContainerConfigError", "CreateContainerError");

    private PodProblem() {
    }

    /** The problem of {@code pod} in one line, or empty when it may still become ready. */
    public static Optional<String> of(Pod pod) {
        String name = pod.getMetadata().getName();
        if (pod.getStatus() == null) {
            return Optional.empty();
        }
        for (PodCondition condition : list(pod.getStatus().getConditions())) {
            if ("PodScheduled".equals(condition.getType()) && "False".equals(condition.getStatus())
                    && "Unschedulable".equals(condition.getReason())) {
                return Optional.of("pod " + name + " cannot be scheduled: " + oneLine(condition.getMessage()));
            }
        }
        for (ContainerStatus container : list(pod.getStatus().getContainerStatuses())) {
            ContainerStateWaiting waiting = container.getState() == null ? null : container.getState().getWaiting();
            if (waiting != null && IMAGE_PULL_FAILURES.contains(waiting.getReason())) {
                return Optional.of("image " + image(pod, container) + " cannot be pulled (pod " + name + ": "
                        + waiting.getReason() + detail(waiting.getMessage()) + ")");
            }
            if (waiting != null && CONTAINER_CONFIG_FAILURES.contains(waiting.getReason())) {
                return Optional.of("pod " + name + " cannot start its container: " + waiting.getReason()
                        + detail(waiting.getMessage()));
            }
            ContainerStateTerminated ended = container.getState() == null ? null : container.getState().getTerminated();
            if (ended != null) {
                return Optional.of("the agent in pod " + name + " ended before it was ready: exit code "
                        + ended.getExitCode() + detail(ended.getReason()) + detail(ended.getMessage()));
            }
        }
        if ("Failed".equals(pod.getStatus().getPhase())) {
            return Optional.of("pod " + name + " failed" + detail(pod.getStatus().getReason())
                    + detail(pod.getStatus().getMessage()));
        }
        return Optional.empty();
    }

    /** True when the pod's Ready condition is True and it has an IP to dial. */
    public static boolean ready(Pod pod) {
        if (pod.getStatus() == null || pod.getStatus().getPodIP() == null || pod.getStatus().getPodIP().isEmpty()) {
            return false;
        }
        return list(pod.getStatus().getConditions()).stream()
                .anyMatch(c -> "Ready".equals(c.getType()) && "True".equals(c.getStatus()));
    }

    /** Where a pod stands, in a few words: its phase and, while it waits, why. */
    public static String state(Pod pod) {
        if (pod.getStatus() == null || pod.getStatus().getPhase() == null) {
            return "Pending";
        }
        StringBuilder state = new StringBuilder(pod.getStatus().getPhase());
        for (ContainerStatus container : list(pod.getStatus().getContainerStatuses())) {
            if (container.getState() != null && container.getState().getWaiting() != null) {
                state.append(" (").append(container.getState().getWaiting().getReason()).append(')');
            }
        }
        return state.toString();
    }

    private static String image(Pod pod, ContainerStatus container) {
        return pod.getSpec().getContainers().stream().filter(c -> c.getName().equals(container.getName()))
                .map(c -> c.getImage()).findFirst().orElse(container.getImage());
    }

    private static String detail(String text) {
        return text == null || text.isBlank() ? "" : ": " + oneLine(text);
    }

    static String oneLine(String text) {
        return text == null ? "" : text.strip().replaceAll("\\s*\\R\\s*", " ");
    }

    private static <T> List<T> list(List<T> items) {
        return items == null ? List.of() : items;
    }
}
