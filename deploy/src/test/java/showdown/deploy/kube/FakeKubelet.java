package showdown.deploy.kube;

import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodStatus;
import io.fabric8.kubernetes.api.model.PodStatusBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.util.function.Function;

/**
 * Plays the part a mock API server lacks: the kubelet, which gives each new pod of the run the
 * status {@code statusOf} says. Runs on its own thread until closed.
 */
final class FakeKubelet implements AutoCloseable {

    private static final long POLL_MILLIS = 20;
    private static final int HTTP_NOT_FOUND = 404;
    private static final int HTTP_CONFLICT = 409;

    private final KubernetesClient client;
    private final String namespace;
    private final String run;
    private final Function<Pod, PodStatus> statusOf;
    private final Thread thread;
    private volatile boolean stopped;
    private volatile Throwable failure;

    FakeKubelet(KubernetesClient client, String namespace, String run, Function<Pod, PodStatus> statusOf) {
        this.client = client;
        this.namespace = namespace;
        this.run = run;
        this.statusOf = statusOf;
        this.thread = new Thread(this::loop, "fake-kubelet");
        thread.setDaemon(true);
        thread.start();
    }

    /** Every pod ready, with IP 10.0.0.1 for the server and 10.0.1.INDEX for load agent INDEX. */
    static PodStatus ready(Pod pod) {
        return new PodStatusBuilder().withPhase("Running").withPodIP(ipOf(pod))
                .addNewCondition().withType("PodScheduled").withStatus("True").endCondition()
                .addNewCondition().withType("Ready").withStatus("True").endCondition()
                .build();
    }

    static String ipOf(Pod pod) {
        String name = pod.getMetadata().getName();
        return name.endsWith("-server") ? "10.0.0.1" : "10.0.1." + name.substring(name.lastIndexOf('-') + 1);
    }

    private void loop() {
        try {
            while (!stopped) {
                for (Pod pod : client.pods().inNamespace(namespace).withLabel(KubeObjects.RUN_LABEL, run).list().getItems()) {
                    if (pod.getStatus() == null || pod.getStatus().getPhase() == null) {
                        pod.setStatus(statusOf.apply(pod));
                        try {
                            client.pods().inNamespace(namespace).resource(pod).updateStatus();
                        } catch (KubernetesClientException e) {
                            // as a real kubelet: the pod was deleted or changed meanwhile; look again
                            if (e.getCode() != HTTP_NOT_FOUND && e.getCode() != HTTP_CONFLICT) {
                                throw e;
                            }
                        }
                    }
                }
                Thread.sleep(POLL_MILLIS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (Throwable t) {
            if (!stopped) {
                failure = t;
            }
        }
    }

    @Override
    public void close() throws InterruptedException {
        stopped = true;
        thread.interrupt();
        thread.join(5_000);
        if (failure != null) {
            throw new AssertionError("the fake kubelet failed", failure);
        }
    }
}
