package showdown.harness.run;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import showdown.harness.measure.CaseMeasurer;
import showdown.harness.plan.Profile;
import showdown.harness.results.WarmupOutcome;
import showdown.load.LoadEngine;
import showdown.load.LoadResult;
import showdown.load.ProgressListener;

/**
 * Warms a freshly started target until its throughput is steady (docs/run.md, "Steady state").
 * The warm-up runs in passes; a pass gives every kind of the round's load ({@link LoadSpecs#warmupKinds})
 * one slice. It ends after a pass when at least the least warm-up time has gone by and, for every
 * kind, its last {@link Profile.SteadyState#WINDOW} slices lie within the tolerance of their
 * median; or, unsettled, once the longest warm-up time has gone by.
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
     * Whether the last {@link Profile.SteadyState#WINDOW} rates spread (max − min) by at most
     * {@code tolerancePercent} of their median. A target still compiling climbs by more than that
     * from slice to slice; one that has settled varies by its noise only.
     */
    static boolean settled(List<Double> rates, double tolerancePercent) {
        int window = Profile.SteadyState.WINDOW;
        if (rates == null || rates.size() < window) {
            return false;
        }
        double[] last = rates.subList(rates.size() - window, rates.size()).stream().mapToDouble(Double::doubleValue)
                .sorted().toArray();
        double median = last[window / 2];
        if (median <= 0) {
            return false;
        }
        return (last[window - 1] - last[0]) / median * 100 <= tolerancePercent;
    }
}
