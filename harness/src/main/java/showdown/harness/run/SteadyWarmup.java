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
import showdown.load.LoadEngine;
import showdown.load.LoadResult;
import showdown.load.ProgressListener;

/**
 * Warms a freshly started target until its throughput is steady (docs/run.md, "Steady state").
 * The warm-up runs in passes; a pass gives every kind of the round's load ({@link LoadSpecs#warmupKinds})
 * one slice. It ends after a pass when at least the least warm-up time has gone by and every kind
 * has settled ({@link #settled}); or, unsettled, once the longest warm-up time has gone by.
 */
final class SteadyWarmup {

    private static final double NANOS_PER_SECOND = 1e9;

    private final CaseMeasurer.Engine engine;
    private final Duration least;
    private final Profile.SteadyState rule;

    SteadyWarmup(CaseMeasurer.Engine engine, Duration least, Profile.SteadyState rule) {
        this.engine = engine;
        this.least = least;
        this.rule = rule;
    }

    /** Runs the warm-up; a {@link showdown.load.LoadException} means the target stopped answering. */
    WarmupOutcome run(String target, int repetition, List<LoadSpecs.WarmupKind> kinds) {
        List<WarmupOutcome.Slice> slices = new ArrayList<>();
        if (least.isZero() || kinds.isEmpty()) {
            return new WarmupOutcome(target, repetition, 0, !least.isZero(), slices); // no warm-up is never steady
        }
        Map<String, List<Double>> rates = new HashMap<>();
        long start = System.nanoTime();
        long leastNanos = least.toNanos();
        long maxNanos = rule.max().toNanos();
        while (true) {
            for (LoadSpecs.WarmupKind k : kinds) {
                long sliceStart = System.nanoTime();
                LoadResult r = engine.run(k.spec(), ProgressListener.NONE, LoadEngine.IntervalSink.NONE,
                        LoadEngine.DEFAULT_INTERVAL_NANOS);
                slices.add(new WarmupOutcome.Slice(k.label(), (sliceStart - start) / NANOS_PER_SECOND,
                        r.durationSeconds(), r.requestsPerSecond()));
                rates.computeIfAbsent(k.label(), x -> new ArrayList<>()).add(r.requestsPerSecond());
            }
            long elapsed = System.nanoTime() - start;
            boolean steady = kinds.stream().allMatch(k -> settled(rates.get(k.label()), rule.tolerancePercent()));
            if (elapsed >= leastNanos && steady) {
                return new WarmupOutcome(target, repetition, elapsed / NANOS_PER_SECOND, true, slices);
            }
            if (elapsed >= maxNanos) {
                return new WarmupOutcome(target, repetition, elapsed / NANOS_PER_SECOND, false, slices);
            }
        }
    }

    /**
     * Whether a kind's rate has stopped moving: the median of its last {@link Profile.SteadyState#WINDOW}
     * slices lies within {@code tolerancePercent} of the median of the {@code WINDOW} slices before
     * them. A target still compiling climbs by more than that from one window to the next; medians
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
