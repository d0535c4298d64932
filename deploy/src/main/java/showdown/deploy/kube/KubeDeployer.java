package showdown.deploy.kube;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.OwnerReference;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.io.PrintStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import showdown.deploy.AgentCertificates;
import showdown.deploy.DeployException;
import showdown.deploy.ShutdownGuard;

/**
 * Starts one run's agents on Kubernetes and removes them again: creates the owner ConfigMap, one
 * certificate Secret per agent, the two headless Services, the server agent's Pod and one Pod per
 * load agent, waits until every agent is ready, and hands back where to dial them. Whatever ends the run (success, a
 * failure while waiting, an interrupt, the JVM shutting down on Ctrl-C), every object is deleted.
 */
public final class KubeDeployer {

    /** How often the pods are looked at while waiting. */
    static final Duration POLL_INTERVAL = Duration.ofMillis(250);

    static final String INTERRUPTED = "interrupted while starting the agents; the run's objects were deleted";

    private final KubernetesClient client;
    private final PrintStream progress;

    /** @param progress one line per change in the agents' state while waiting; null for none */
    public KubeDeployer(KubernetesClient client, PrintStream progress) {
        this.client = client;
        this.progress = progress;
    }

    /**
     * Creates the run's objects and waits until the server agent and every load agent is ready.
     *
     * @param certificates the files of the agent with a given host name ({@link KubeRun#agentHost}): each
     *     agent's Secret holds its own certificate and key, and no other agent's
     *
     * @throws DeployException when an object cannot be created, an image cannot be pulled, a pod cannot be
     *     scheduled, an agent ends, the wait times out, or the thread is interrupted; the run's objects are
     *     deleted before it is thrown
     */
    public KubeAgents deploy(KubeRun run, Function<String, AgentCertificates> certificates) {
        KubeObjects objects = new KubeObjects(run);
        ShutdownGuard guard = ShutdownGuard.register("showdown-kube-cleanup-" + run.name(), () -> delete(run));
        try {
            create(objects, certificates);
            return waitForAgents(run, guard);
        } catch (KubernetesClientException e) {
            throw cleanedUp(guard, interrupted(e) ? new DeployException(INTERRUPTED, e)
                    : new DeployException("kubernetes: " + reason(e), e));
        } catch (RuntimeException e) {
            throw cleanedUp(guard, e);
        }
    }

    /** Deletes the run after {@code failure}; a failure to delete is kept beside it, not in its place. */
    private static RuntimeException cleanedUp(ShutdownGuard guard, RuntimeException failure) {
        try {
            guard.close();
        } catch (RuntimeException e) {
            failure.addSuppressed(e);
        }
        return failure;
    }

    private void create(KubeObjects objects, Function<String, AgentCertificates> certificates) {
        KubeRun run = objects.run();
        List<HasMetadata> all = objects.all(certificates); // every certificate read before anything is sent
        try {
            ConfigMap owner = client.configMaps().inNamespace(run.namespace()).resource((ConfigMap) all.get(0)).create();
            OwnerReference reference = KubeObjects.ownerReference(owner);
            for (HasMetadata object : all.subList(1, all.size())) {
                object.getMetadata().setOwnerReferences(List.of(reference));
                client.resource(object).inNamespace(run.namespace()).create();
            }
        } catch (KubernetesClientException e) {
            if (interrupted(e)) {
                throw new DeployException(INTERRUPTED, e);
            }
            throw new DeployException("cannot create the run's objects in namespace " + run.namespace() + ": "
                    + reason(e), e);
        }
    }

    private KubeAgents waitForAgents(KubeRun run, ShutdownGuard guard) {
        long deadline = System.nanoTime() + run.readyTimeout().toNanos();
        String lastState = "";
        while (true) {
            List<Pod> pods = client.pods().inNamespace(run.namespace())
                    .withLabel(KubeObjects.RUN_LABEL, run.name()).list().getItems();
            for (Pod pod : pods) {
                Optional<String> problem = PodProblem.of(pod);
                if (problem.isPresent()) {
                    throw new DeployException(problem.get());
                }
            }
            Map<String, Pod> byName = new HashMap<>();
            pods.forEach(p -> byName.put(p.getMetadata().getName(), p));
            Optional<Pod> server = Optional.ofNullable(byName.get(run.serverName()));
            List<Pod> load = new ArrayList<>();
            for (int i = 0; i < run.loadAgents(); i++) {
                Pod pod = byName.get(run.loadPodName(i));
                if (pod == null) {
                    throw new DeployException("the load agents' pod " + run.loadPodName(i) + " is gone");
                }
                load.add(pod);
            }
            long readyLoad = load.stream().filter(PodProblem::ready).count();
            boolean serverReady = server.isPresent() && PodProblem.ready(server.get());
            if (serverReady && readyLoad == run.loadAgents()) {
                return agents(run, server.get(), load, guard);
            }
            if (server.isEmpty()) {
                throw new DeployException("the server agent's pod " + run.serverName() + " is gone");
            }
            String state = "server " + server.map(PodProblem::state).orElse("not created") + ", " + readyLoad
                    + " of " + run.loadAgents() + " load agents ready";
            if (progress != null && !state.equals(lastState)) {
                progress.println("kubernetes: " + state);
            }
            lastState = state;
            if (System.nanoTime() - deadline >= 0) {
                throw new DeployException("the agents were not ready within " + run.readyTimeout().toSeconds()
                        + " s (" + state + "); the run's objects were deleted");
            }
            try {
                Thread.sleep(POLL_INTERVAL.toMillis());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new DeployException(INTERRUPTED);
            }
        }
    }

    private KubeAgents agents(KubeRun run, Pod server, List<Pod> load, ShutdownGuard guard) {
        List<KubeAgents.Agent> loadAgents = new ArrayList<>();
        for (Pod pod : load) {
            loadAgents.add(agent(run, pod));
        }
        return new KubeAgents(agent(run, server), loadAgents, run.serverHost(), guard);
    }

    private static KubeAgents.Agent agent(KubeRun run, Pod pod) {
        return new KubeAgents.Agent(run.agentHost(pod.getMetadata().getName()), dial(pod, run.agentPort()));
    }

    /**
     * Deletes every object of the run: the agents' pods and Secrets by label and the Services by name
     * (so nothing waits for the garbage collector), the owner last. Objects already gone are no error.
     */
    void delete(KubeRun run) {
        // an interrupt (Ctrl-C, a cancelled run) must not cancel the clean-up's own requests
        boolean interrupted = Thread.interrupted();
        try {
            deleteObjects(run);
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    private void deleteObjects(KubeRun run) {
        String ns = run.namespace();
        List<Runnable> deletions = List.of(
                () -> client.pods().inNamespace(ns).withLabel(KubeObjects.RUN_LABEL, run.name()).delete(),
                () -> client.services().inNamespace(ns).withName(run.serverName()).delete(),
                () -> client.services().inNamespace(ns).withName(run.loadServiceName()).delete(),
                () -> client.secrets().inNamespace(ns).withLabel(KubeObjects.RUN_LABEL, run.name()).delete(),
                () -> client.configMaps().inNamespace(ns).withName(run.ownerName()).delete());
        List<String> failures = new ArrayList<>();
        for (Runnable deletion : deletions) {
            try {
                deletion.run();
            } catch (KubernetesClientException e) {
                failures.add(reason(e));
            }
        }
        if (!failures.isEmpty()) {
            throw new DeployException("could not delete all of run " + run.name() + " in namespace " + ns
                    + " (delete it with 'kubectl delete configmap " + run.ownerName() + " -n " + ns + "'): "
                    + failures.get(0));
        }
    }

    private static String dial(Pod pod, int port) {
        String ip = pod.getStatus().getPodIP();
        return (ip.indexOf(':') >= 0 ? "[" + ip + "]" : ip) + ":" + port;
    }

    private static boolean interrupted(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof InterruptedException) {
                return true;
            }
        }
        return Thread.currentThread().isInterrupted();
    }

    private static String reason(KubernetesClientException e) {
        if (e.getStatus() != null && e.getStatus().getMessage() != null) {
            return PodProblem.oneLine(e.getStatus().getMessage());
        }
        return PodProblem.oneLine(e.getMessage());
    }
}
