package showdown.harness.run;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import showdown.harness.measure.CaseMeasurer;
import showdown.harness.plan.Profile;
import showdown.harness.results.WarmupOutcome;
import showdown.harness.stats.Bootstrap;
import showdown.harness.targets.CompilerTime;
import showdown.load.LoadEngine;
import showdown.load.LoadResult;
import showdown.load.ProgressListener;
import showdown.load.warmup.CompilerQuiet;

/**
 * Warms a freshly started target until it is steady (docs/run.md, "Steady state"). The warm-up
 * runs in passes; a pass gives every kind of the round's load ({@link LoadSpecs#warmupKinds}) one
 * slice. It ends after a pass, once at least the least warm-up time has gone by, when the target
 * is steady; or, not steady, once the longest warm-up time has gone by.
 *
 * <p>Steady means, for a JIT-compiled runtime (one whose process has JIT compiler threads), that
 * its compilers stayed quiet through {@link JitRule#quietPasses} passes in a row ({@link #quiet}):
 * every path the round's load takes is compiled. On a host whose throughput swings by 15 % from
 * one second to the next, this is a signal a throughput trace cannot give: the compilers' CPU
 * time does not swing with the host. After a pass in which the compilers were busy, the load
 * pauses while they keep working ({@link JitRule#catchUpMax} at most): under load on one CPU a
 * thread-per-request server leaves its compilers a tenth of the CPU, so its throughput sits on a
 * false plateau for tens of seconds with hundreds of methods queued. For anything else (Go, Node,
 * Ruby, Haskell), steady means every kind's throughput has settled ({@link #settled}).
 */
final class SteadyWarmup {

    private static final double NANOS_PER_SECOND = 1e9;

    /**
     * The JIT rule's constants (docs/run.md, "Steady state").
     *
     * @param quietShare  a pass is quiet when the compilers used less than this share of one CPU over it
     * @param quietPasses quiet passes in a row that make the target steady
     * @param catchUpStep how often a pause checks whether the compilers are still busy
     * @param catchUpBusy a pause ends when the compilers used less than this share of one CPU in a step
     * @param catchUpMax  the longest pause after one pass
     */
    record JitRule(double quietShare, int quietPasses, Duration catchUpStep, double catchUpBusy, Duration catchUpMax) {
        /** Quiet by the share the load generator judges its own compilers by ({@link CompilerQuiet.Rule#QUIET_SHARE}). */
        static final JitRule DEFAULT = new JitRule(CompilerQuiet.Rule.QUIET_SHARE, 2, Duration.ofMillis(100), 0.5,
                Duration.ofSeconds(2));
    }

    private final CaseMeasurer.Engine engine;
    private final Duration least;
    private final Profile.SteadyState rule;
    private final CompilerTime compilers;
    private final JitRule jit;

    SteadyWarmup(CaseMeasurer.Engine engine, Duration least, Profile.SteadyState rule, CompilerTime compilers, JitRule jit) {
        this.engine = engine;
        this.least = least;
        this.rule = rule;
        this.compilers = compilers;
        this.jit = jit;
    }

    /** Runs the warm-up; a {@link showdown.load.LoadException} means the target stopped answering. */
    WarmupOutcome run(String target, int repetition, List<LoadSpecs.WarmupKind> kinds) {
        boolean hasJit = compilers.hasCompiler();
        WarmupOutcome.Rule steadyRule = hasJit ? WarmupOutcome.Rule.JIT : WarmupOutcome.Rule.THROUGHPUT;
        List<WarmupOutcome.Slice> slices = new ArrayList<>();
        if (least.isZero() || kinds.isEmpty()) {
            // no warm-up is never steady
            return new WarmupOutcome(target, repetition, 0, !least.isZero(), steadyRule, hasJit ? 0.0 : null, 0, slices);
        }
        Map<String, List<Double>> rates = new HashMap<>();
        List<Double> passShares = new ArrayList<>();
        long compileNanos = 0;
        long catchUpNanos = 0;
        long start = System.nanoTime();
        compilers.cpuNanosSinceLast(); // count from the first pass
        while (true) {
            long passStart = System.nanoTime();
            long passCompile = 0;
            for (LoadSpecs.WarmupKind k : kinds) {
                long sliceStart = System.nanoTime();
                LoadResult r = engine.run(k.spec(), ProgressListener.NONE, LoadEngine.IntervalSink.NONE,
                        LoadEngine.DEFAULT_INTERVAL_NANOS);
                long sliceCompile = compilers.cpuNanosSinceLast();
                passCompile += sliceCompile;
                long sliceNanos = Math.max(1, System.nanoTime() - sliceStart);
                slices.add(new WarmupOutcome.Slice(k.label(), (sliceStart - start) / NANOS_PER_SECOND,
                        r.durationSeconds(), r.requestsPerSecond(), hasJit ? (double) sliceCompile / sliceNanos : null));
                rates.computeIfAbsent(k.label(), x -> new ArrayList<>()).add(r.requestsPerSecond());
            }
            compileNanos += passCompile;
            double passShare = (double) passCompile / Math.max(1, System.nanoTime() - passStart);
            passShares.add(passShare);
            boolean steady = hasJit ? quiet(passShares, jit)
                    : kinds.stream().allMatch(k -> settled(rates.get(k.label()), rule.tolerancePercent()));
            long elapsed = System.nanoTime() - start;
            if (elapsed >= least.toNanos() && steady) {
                return new WarmupOutcome(target, repetition, elapsed / NANOS_PER_SECOND, true, steadyRule,
                        hasJit ? compileNanos / NANOS_PER_SECOND : null, catchUpNanos / NANOS_PER_SECOND, slices);
            }
            if (elapsed >= rule.max().toNanos()) {
                return new WarmupOutcome(target, repetition, elapsed / NANOS_PER_SECOND, false, steadyRule,
                        hasJit ? compileNanos / NANOS_PER_SECOND : null, catchUpNanos / NANOS_PER_SECOND, slices);
            }
            if (hasJit && passShare >= jit.quietShare()) {
                long pauseStart = System.nanoTime();
                long budget = Math.min(jit.catchUpMax().toNanos(), rule.max().toNanos() - elapsed);
                compileNanos += catchUp(budget);
                catchUpNanos += System.nanoTime() - pauseStart;
            }
        }
    }

    /**
     * Pauses the load while the compilers work off their queue: step by step, until a step in which
     * they used less than {@link JitRule#catchUpBusy} of a CPU, or {@code budgetNanos}. Returns the
     * compilers' CPU time during the pause.
     */
    private long catchUp(long budgetNanos) {
        long used = 0;
        long step = jit.catchUpStep().toNanos();
        long end = System.nanoTime() + budgetNanos;
        while (System.nanoTime() + step <= end) {
            long stepStart = System.nanoTime();
            try {
                Thread.sleep(jit.catchUpStep());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return used;
            }
            long c = compilers.cpuNanosSinceLast();
            used += c;
            if ((double) c / Math.max(1, System.nanoTime() - stepStart) < jit.catchUpBusy()) {
                break;
            }
        }
        return used;
    }

    /** Whether the last {@link JitRule#quietPasses} passes each left the compilers under {@link JitRule#quietShare}. */
    static boolean quiet(List<Double> passShares, JitRule jit) {
        int n = passShares.size();
        if (n < jit.quietPasses()) {
            return false;
        }
        for (double share : passShares.subList(n - jit.quietPasses(), n)) {
            if (share >= jit.quietShare()) {
                return false;
            }
        }
        return true;
    }

    /**
     * Whether a kind's rate has stopped moving: the median of its last {@link Profile.SteadyState#WINDOW}
     * slices lies within {@code tolerancePercent} of the median of the {@code WINDOW} slices before
     * them. A target still warming climbs by more than that from one window to the next; medians
     * keep one slow slice (a GC pause, a stolen quarter-second on a shared host) from deciding.
     */
    static boolean settled(List<Double> rates, double tolerancePercent) {
        int window = Profile.SteadyState.WINDOW;
        if (rates == null || rates.size() < 2 * window) {
            return false;
        }
        int n = rates.size();
        double last = Bootstrap.medianOf(toArray(rates.subList(n - window, n)));
        double before = Bootstrap.medianOf(toArray(rates.subList(n - 2 * window, n - window)));
        if (last <= 0 || before <= 0) {
            return false;
        }
        return Math.abs(last / before - 1) * 100 <= tolerancePercent;
    }

    private static double[] toArray(List<Double> values) {
        return values.stream().mapToDouble(Double::doubleValue).toArray();
    }
}
