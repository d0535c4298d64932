package showdown.harness.run;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;
import showdown.harness.results.CaseIdentity;
import showdown.harness.results.CaseResult;
import showdown.harness.results.SustainableThroughput;
import showdown.load.LoadSpec;
import showdown.load.capacity.CapacityReport;
import showdown.load.capacity.CapacityResult;
import showdown.load.capacity.CapacitySearch;
import showdown.load.capacity.EngineStepRunner;
import showdown.load.capacity.InterferenceCheck;
import showdown.load.capacity.LatencyTarget;
import showdown.load.capacity.SearchListener;
import showdown.load.capacity.SearchSettings;
import showdown.load.capacity.Step;
import showdown.load.capacity.StepMeasurement;

/**
 * A search case of a capacity run (a closed-model level of a profile with an {@code slo}): one
 * search of {@code showdown.load.capacity} per latency target against the running target, its load
 * where the run's is ({@link SearchLoad}: this process, or load agents that split each step's rate
 * as they split an open-model case's), kept short and bounded: each step settles for {@link EngineStepRunner#SETTLE} and is measured over the
 * profile's window, bisection stops at {@link #RESOLUTION}, and a search takes {@link #MAX_STEPS}
 * steps at most. The target was warmed by the run before its cases, so the probe has no warm-up of
 * its own. A step that other processes disturbed ({@link InterferenceCheck}) is measured again;
 * what the check cannot see is said on every step line.
 */
final class SustainableSearch {

    /** Coarser than {@code load --slo}'s default: a run searches every target and request. */
    static final double RESOLUTION = 0.05;
    static final int MAX_STEPS = 12;
    private static final double NANOS_PER_MILLI = 1e6;

    private SustainableSearch() {
    }

    /**
     * The longest the searches for {@code targets} with this window can load their target: for each,
     * the probe, then every step settled and measured.
     */
    static Duration longest(Duration window, int targets) {
        return window.plus(EngineStepRunner.SETTLE.plus(window).multipliedBy(MAX_STEPS)).multipliedBy(targets);
    }

    /**
     * Runs one search from {@code spec} (the case's load: URL, request, threads, connections to start
     * with) per latency target, in order, and returns the case: its {@code sustainable} records, one
     * per target, and as its ordinary figures those of the first target's last step at its answer's
     * rate (none when no rate met it).
     */
    static CaseResult measure(CaseIdentity id, LoadSpec spec, List<LatencyTarget> slos, Duration window,
                              SearchLoad load, Consumer<String> say) {
        List<SustainableThroughput> found = new ArrayList<>();
        StepMeasurement first = null;
        for (LatencyTarget slo : slos) {
            say.accept("  searching for the highest rate with " + slo.describe());
            EngineStepRunner runner = new EngineStepRunner(spec, slo, Duration.ZERO, window, window,
                    load.interference(), load.load());
            SearchSettings settings = SearchSettings.defaults(slo).withResolution(RESOLUTION).withMaxSteps(MAX_STEPS);
            CapacityResult r = new CapacitySearch(settings, runner, listener(say, load.unchecked()), spec.connections()).run();
            SustainableThroughput one = SustainableThroughput.of(r);
            say.accept(String.format(Locale.ROOT, "  sustainable throughput at %s: %.0f req/s, limited by %s",
                    slo.describe(), one.requestsPerSecond(), one.limit()));
            if (found.isEmpty()) {
                first = r.steps().stream().filter(s -> s.rate() == one.requestsPerSecond()).reduce((a, z) -> z)
                        .map(Step::measurement).orElse(null);
            }
            found.add(one);
        }
        CaseResult.Builder b = CaseResult.builder().identity(id).method(spec.method())
                .path(spec.urls().get(0).getRawPath()).threads(spec.threads()).pipeline(spec.pipelineDepth())
                .sustainable(found);
        if (first != null) {
            b.durationSeconds(first.windowSeconds()).requests(first.requests()).requestsPerSecond(first.achievedRate());
        }
        return b.build();
    }

    private static SearchListener listener(Consumer<String> say, String unchecked) {
        String note = unchecked == null ? "" : " (" + unchecked + ")";
        return new SearchListener() {
            @Override
            public void onStep(Step step) {
                say.accept(String.format(Locale.ROOT, "  step %d: %.0f req/s asked, %.0f achieved, %.2f ms: %s%s%s%s",
                        step.number(), step.rate(), step.measurement().achievedRate(),
                        step.measurement().quantileNanos() / NANOS_PER_MILLI, step.verdict().label(),
                        CapacityReport.disturbed(step.measurement()), note,
                        step.next() == Step.Next.AGAIN ? "; measuring again" : ""));
            }
        };
    }
}
