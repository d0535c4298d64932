package showdown.harness.verify;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Consumer;
import showdown.harness.targets.Availability;
import showdown.harness.targets.ProcessTreeStats;
import showdown.harness.targets.Protocol;
import showdown.harness.targets.RunningTarget;
import showdown.harness.targets.SelfSignedCertificate;
import showdown.harness.targets.StartOptions;
import showdown.harness.targets.TargetBuilder;
import showdown.harness.targets.TargetException;
import showdown.harness.targets.TargetManifest;
import showdown.harness.targets.TargetUnavailableException;
import showdown.harness.targets.UnavailableProtocols;

/**
 * {@code showdown verify}: for each target, build it if needed, start it on a free port, run the
 * contract checks, and stop the whole process tree (also on failure; the shutdown hook of
 * {@link RunningTarget} covers Ctrl-C). At most {@code jobs} targets run at a time.
 */
public final class Verifier {

    /** The scenario name used for rows about the target itself (availability, build, start). */
    public static final String LIFECYCLE = "target";

    /**
     * @param scenarios    the scenarios to check (see {@link Scenarios#ALL})
     * @param jobs         how many targets may be built, started and checked at the same time
     * @param logDir       build and server logs go here, named after the target
     * @param readyTimeout how long a target may take to become ready
     * @param seed         seeds random bodies and captures
     */
    public record Options(Path showdownHome, Set<String> scenarios, int jobs, Path logDir, Duration readyTimeout, long seed) {
        public Options {
            scenarios = Set.copyOf(scenarios);
            if (jobs < 1) {
                throw new TargetException("--jobs must be at least 1 (got " + jobs + ")");
            }
        }
    }

    private Verifier() {
    }

    /**
     * Verifies every target; {@code onEach} is called (one call at a time) as each one finishes.
     * The returned verdicts are in the order of {@code targets}.
     */
    public static List<TargetVerdict> verify(List<TargetManifest> targets, Options o, Consumer<TargetVerdict> onEach) {
        SelfSignedCertificate tls = targets.stream().anyMatch(TargetManifest::offersTls) ? SelfSignedCertificate.temporary() : null;
        ExecutorService pool = Executors.newFixedThreadPool(o.jobs(), r -> {
            Thread t = new Thread(r, "verify");
            t.setDaemon(true);
            return t;
        });
        try {
            List<Future<TargetVerdict>> futures = new ArrayList<>();
            for (TargetManifest m : targets) {
                futures.add(pool.submit(() -> {
                    TargetVerdict v = verifyOne(m, o, tls);
                    synchronized (onEach) {
                        onEach.accept(v);
                    }
                    return v;
                }));
            }
            List<TargetVerdict> verdicts = new ArrayList<>();
            for (Future<TargetVerdict> f : futures) {
                verdicts.add(f.get());
            }
            return verdicts;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new TargetException("verify was interrupted");
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException re) {
                throw re;
            }
            throw new IllegalStateException(e.getCause());
        } finally {
            pool.shutdownNow();
        }
    }

    /** A target that cannot run here: skipped, with why. */
    private static TargetVerdict unavailable(TargetManifest m, Availability availability) {
        return new TargetVerdict(m.name(), m.language(),
                List.of(CheckResult.skip(LIFECYCLE, "availability", availability.describe())), null, -1);
    }

    /** Build, start, check, stop one target; never throws for a target's own fault. */
    static TargetVerdict verifyOne(TargetManifest m, Options o, SelfSignedCertificate tls) {
        Availability availability = Availability.of(m, o.showdownHome());
        if (!availability.canRun()) {
            return unavailable(m, availability);
        }
        try {
            TargetBuilder.ensureBuilt(m, o.showdownHome(), o.logDir().resolve(m.name() + ".build.log"));
        } catch (TargetUnavailableException e) {
            return unavailable(m, e.availability());
        } catch (TargetException e) {
            return new TargetVerdict(m.name(), m.language(), List.of(CheckResult.fail(LIFECYCLE, "build", e.getMessage(), "")), null, -1);
        }
        StartOptions start = new StartOptions(o.showdownHome(), 0, List.of(), o.logDir(), o.readyTimeout(), java.util.Map.of(),
                tls);
        RunningTarget running;
        try {
            running = RunningTarget.start(m, start);
        } catch (TargetException e) {
            return new TargetVerdict(m.name(), m.language(), List.of(CheckResult.fail(LIFECYCLE, "start", e.getMessage(), "")), null, -1);
        }
        try (RunningTarget t = running) {
            long idleRss = ProcessTreeStats.sample(t.pid()).rssBytes();
            // a protocol its build could not provide here is one SKIP row with the build's line, never a failure
            UnavailableProtocols unavailable = t.unavailableProtocols();
            Set<Protocol> checked = java.util.EnumSet.allOf(Protocol.class);
            checked.removeAll(unavailable.protocols());
            List<CheckResult> results = new ArrayList<>(ContractChecks.runOver(RunningTarget.HOST, t.port(), t.tlsPort(),
                    t.certificate() == null ? null : t.certificate().certFile(), m.ready(), Set.copyOf(m.scenarios()),
                    o.scenarios(), o.seed(), Set.copyOf(t.servedProtocols()), checked));
            for (Protocol p : unavailable.protocols()) {
                results.add(CheckResult.skip(p.id(), "(all checks)", unavailable.describe(p)));
            }
            if (!t.isAlive()) {
                results.add(CheckResult.fail(LIFECYCLE, "still running after the checks",
                        "the target exited during the checks; see " + t.errLog(), ""));
            }
            return new TargetVerdict(m.name(), m.language(), results, t.timeToFirstResponse(), idleRss);
        }
    }
}
