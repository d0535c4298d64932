package showdown.harness.run;

import java.time.Duration;
import java.util.Locale;
import java.util.function.Consumer;
import showdown.harness.results.CaseIdentity;
import showdown.harness.results.CaseResult;
import showdown.harness.results.SustainableThroughput;
import showdown.load.LoadSpec;
import showdown.load.capacity.CapacityResult;
import showdown.load.capacity.CapacitySearch;
import showdown.load.capacity.EngineStepRunner;
import showdown.load.capacity.LatencyTarget;
import showdown.load.capacity.SearchListener;
import showdown.load.capacity.SearchSettings;
import showdown.load.capacity.Step;

/**
 * A search case of a capacity run (a closed-model level of a profile with an {@code slo}): the
 * search of {@code showdown.load.capacity} against the running target, in this process, kept short
 * and bounded: each step settles for {@link EngineStepRunner#SETTLE} and is measured over the
 * profile's window, bisection stops at {@link #RESOLUTION}, and a search takes {@link #MAX_STEPS}
 * steps at most. The target was warmed by the run before its cases, so the probe has no warm-up of
 * its own.
 */
final class SustainableSearch {

    /** Coarser than {@code load --slo}'s default: a run searches every target and request. */
    static final double RESOLUTION = 0.05;
    static final int MAX_STEPS = 12;
    private static final double NANOS_PER_MILLI = 1e6;

    private SustainableSearch() {
    }

    /** The longest a search with this window can load its target: the probe, then every step settled and measured. */
    static Duration longest(Duration window) {
        return window.plus(EngineStepRunner.SETTLE.plus(window).multipliedBy(MAX_STEPS));
    }

    /**
     * Runs the search from {@code spec} (the case's load: URL, request, threads, connections to start
     * with) and returns the case: its {@code sustainable} record, and as its ordinary figures those of
     * the last step at the answer's rate (none when no rate met the target).
     */
    static CaseResult measure(CaseIdentity id, LoadSpec spec, LatencyTarget slo, Duration window, Consumer<String> say) {
        EngineStepRunner runner = new EngineStepRunner(spec, slo, Duration.ZERO, window, window);
        SearchSettings settings = SearchSettings.defaults(slo).withResolution(RESOLUTION).withMaxSteps(MAX_STEPS);
        CapacityResult r = new CapacitySearch(settings, runner, listener(say), spec.connections()).run();
        SustainableThroughput found = SustainableThroughput.of(r);
        CaseResult.Builder b = CaseResult.builder().identity(id).method(spec.method())
                .path(spec.urls().get(0).getRawPath()).threads(spec.threads()).pipeline(spec.pipelineDepth())
                .sustainable(found);
        r.steps().stream().filter(s -> s.rate() == found.requestsPerSecond()).reduce((a, z) -> z)
                .ifPresent(s -> b.durationSeconds(s.measurement().windowSeconds()).requests(s.measurement().requests())
                        .requestsPerSecond(s.measurement().achievedRate()));
        return b.build();
    }

    private static SearchListener listener(Consumer<String> say) {
        return new SearchListener() {
            @Override
            public void onStep(Step step) {
                say.accept(String.format(Locale.ROOT, "  step %d: %.0f req/s asked, %.0f achieved, %.2f ms: %s",
                        step.number(), step.rate(), step.measurement().achievedRate(),
                        step.measurement().quantileNanos() / NANOS_PER_MILLI, step.verdict().label()));
            }
        };
    }
}
