package showdown.load.capacity;

import static org.assertj.core.api.Assertions.assertThat;
import static showdown.load.capacity.ScriptedRunner.generatorSaturated;
import static showdown.load.capacity.ScriptedRunner.knee;
import static showdown.load.capacity.ScriptedRunner.shortOfRate;
import static showdown.load.capacity.ScriptedRunner.waitingForConnections;
import static showdown.load.capacity.ScriptedRunner.window;
import static showdown.load.capacity.ScriptedRunner.withFailures;

import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/**
 * The search's logic against scripted servers whose knee is known: where it steps, when it
 * measures again, and what it names as the limit. No network.
 */
class CapacitySearchTest {

    private static final LatencyTarget P99_10MS = LatencyTarget.parse("p99=10ms");
    private static final SearchSettings DEFAULTS = SearchSettings.defaults(P99_10MS);

    private static CapacityResult search(SearchSettings settings, ScriptedRunner runner, int connections) {
        return new CapacitySearch(settings, runner, SearchListener.NONE, connections).run();
    }

    @Test
    void climbsGeometricallyFromHalfTheProbeThenBisectsToTheResolution() {
        ScriptedRunner runner = new ScriptedRunner(800, knee(1000));

        CapacityResult r = search(DEFAULTS, runner, 10);

        assertThat(runner.rates).containsExactly(400.0, 600.0, 900.0, 1350.0, 1102.0, 996.0, 1048.0, 1022.0, 1009.0);
        assertThat(r.steps()).extracting(Step::phase).containsExactly(SearchPhase.CLIMB, SearchPhase.CLIMB,
                SearchPhase.CLIMB, SearchPhase.CLIMB, SearchPhase.BISECT, SearchPhase.BISECT, SearchPhase.BISECT,
                SearchPhase.BISECT, SearchPhase.BISECT);
        assertThat(r.heldRate()).isEqualTo(996);
        assertThat(r.lowestFailedRate()).isEqualTo(1009);
        assertThat(r.lowestFailedRate() / r.heldRate() - 1).isLessThanOrEqualTo(DEFAULTS.resolution());
        assertThat(r.answerRate()).isEqualTo(996);
        assertThat(r.limit()).isEqualTo(Limit.LATENCY);
        assertThat(r.generatorBound()).isFalse();
        assertThat(CapacityReport.answer(r))
                .isEqualTo("sustainable throughput at p99 <= 10 ms: 996 req/s (996-1,009), limited by the server's latency");
    }

    @Test
    void aProbeAboveTheKneeStepsDownUntilARatePasses() {
        ScriptedRunner runner = new ScriptedRunner(1000, knee(100));

        CapacityResult r = search(DEFAULTS, runner, 10);

        assertThat(runner.rates.subList(0, 5)).containsExactly(500.0, 333.0, 222.0, 148.0, 99.0);
        assertThat(r.steps().get(1).phase()).isEqualTo(SearchPhase.DESCEND);
        assertThat(r.heldRate()).isLessThanOrEqualTo(100).isGreaterThanOrEqualTo(100 / 1.02);
        assertThat(r.lowestFailedRate()).isGreaterThan(100);
    }

    @Test
    void anUndecidedWindowIsMeasuredAgainAndTheSecondVerdictStands() {
        // 600 req/s straddles the target once, then passes; everything above 1000 fails
        ScriptedRunner runner = new ScriptedRunner(800, (rate, c, call) -> rate == 600 && call == 2
                ? window(rate, c, 9, 6, 14) : knee(1000).measure(rate, c, call));

        CapacityResult r = search(DEFAULTS, runner, 10);

        assertThat(runner.rates.subList(0, 4)).containsExactly(400.0, 600.0, 600.0, 900.0);
        Step undecided = r.steps().get(1);
        assertThat(undecided.verdict()).isEqualTo(Verdict.UNDECIDED);
        assertThat(undecided.next()).isEqualTo(Step.Next.AGAIN);
        assertThat(r.steps().get(2).attempt()).isEqualTo(2);
        assertThat(r.steps().get(2).verdict()).isEqualTo(Verdict.PASS);
    }

    @Test
    void aRateShortOfItsTargetWithoutLatencyGrowingIsMeasuredAgain() {
        // the first window at 600 req/s lost 3 % of its answers to a stall, its p99 still 1 ms
        ScriptedRunner runner = new ScriptedRunner(800, (rate, c, call) -> rate == 600 && call == 2
                ? shortOfRate(window(rate, c, 1, 0.8, 1.2), 0.97) : knee(1000).measure(rate, c, call));

        CapacityResult r = search(DEFAULTS, runner, 10);

        assertThat(runner.rates.subList(0, 4)).containsExactly(400.0, 600.0, 600.0, 900.0);
        assertThat(r.steps().get(1).verdict()).isEqualTo(Verdict.RATE);
        assertThat(r.steps().get(1).next()).isEqualTo(Step.Next.AGAIN);
        assertThat(r.steps().get(2).verdict()).isEqualTo(Verdict.PASS);
    }

    @Test
    void aWindowOtherProcessesDisturbedIsMeasuredAgainAndTheLineSaysSo() {
        // the first window at 600 req/s passed, but other processes took the CPUs around the load
        String why = "other processes used 34 % of the measured CPUs";
        ScriptedRunner runner = new ScriptedRunner(800, (rate, c, call) -> rate == 600 && call == 2
                ? window(rate, c, 1, 0.8, 1.2).withDisturbance(why) : knee(1000).measure(rate, c, call));
        java.io.ByteArrayOutputStream text = new java.io.ByteArrayOutputStream();
        CapacityReport report = new CapacityReport(new java.io.PrintStream(text, true,
                java.nio.charset.StandardCharsets.UTF_8), P99_10MS);

        CapacityResult r = new CapacitySearch(DEFAULTS, runner, report, 10).run();

        assertThat(runner.rates.subList(0, 4)).containsExactly(400.0, 600.0, 600.0, 900.0);
        Step disturbed = r.steps().get(1);
        assertThat(disturbed.verdict()).isEqualTo(Verdict.PASS);
        assertThat(disturbed.measurement().disturbed()).isTrue();
        assertThat(disturbed.next()).isEqualTo(Step.Next.AGAIN);
        assertThat(r.steps().get(2).attempt()).isEqualTo(2);
        assertThat(r.steps().get(2).next()).isEqualTo(Step.Next.DECIDED);
        String lines = text.toString(java.nio.charset.StandardCharsets.UTF_8);
        assertThat(lines).contains("pass; disturbed: " + why + "; measuring again");
        assertThat(lines.lines().filter(l -> l.contains("disturbed"))).hasSize(1);
    }

    @Test
    void aRateDisturbedInEveryWindowIsMeasuredABoundedNumberOfTimesAndItsLastVerdictStands() {
        ScriptedRunner runner = new ScriptedRunner(800, (rate, c, call) -> rate == 600
                ? window(rate, c, 1, 0.8, 1.2).withDisturbance("the hypervisor stole 9 % of their time")
                : knee(1000).measure(rate, c, call));

        CapacityResult r = search(DEFAULTS, runner, 10);

        assertThat(runner.rates.stream().filter(x -> x == 600.0).count()).isEqualTo(DEFAULTS.maxAttempts());
        Step last = r.steps().get(DEFAULTS.maxAttempts());
        assertThat(last.rate()).isEqualTo(600.0);
        assertThat(last.next()).isEqualTo(Step.Next.DECIDED);
        assertThat(runner.rates.get(DEFAULTS.maxAttempts() + 1)).isEqualTo(900.0); // 600 held: the climb goes on
    }

    @Test
    void aRateShortOfItsTargetWithLatencyOverItIsDecidedAtOnce() {
        ScriptedRunner runner = new ScriptedRunner(800, (rate, c, call) -> rate > 1000
                ? shortOfRate(window(rate, c, 50, 40, 60), 0.9) : knee(1000).measure(rate, c, call));

        CapacityResult r = search(DEFAULTS, runner, 10);

        assertThat(r.steps().get(3).verdict()).isEqualTo(Verdict.RATE);
        assertThat(r.steps().get(3).next()).isEqualTo(Step.Next.DECIDED);
        assertThat(r.limit()).isEqualTo(Limit.ACHIEVED_RATE);
    }

    @Test
    void aRateThatNeverDecidesIsMeasuredABoundedNumberOfTimesAndCountsAsNotHeld() {
        // above 900 the window can never tell: the p99 sits on the target
        ScriptedRunner runner = new ScriptedRunner(800, (rate, c, call) -> rate > 900
                ? window(rate, c, 9.5, 8, 12) : knee(1000).measure(rate, c, call));

        CapacityResult r = search(DEFAULTS, runner, 10);

        long at1350 = runner.rates.stream().filter(x -> x == 1350.0).count();
        assertThat(at1350).isEqualTo(DEFAULTS.maxAttempts());
        assertThat(r.heldRate()).isEqualTo(900);
        assertThat(r.lowestFailedRate()).isNaN(); // nothing failed outright
        assertThat(r.answerRate()).isEqualTo(900);
        assertThat(r.limit()).isEqualTo(Limit.LATENCY);
        assertThat(CapacityReport.answer(r)).contains(": 900 req/s (900-911), limited by the server's latency");
    }

    @Test
    void anUndecidedRateBelowAnOutrightFailureIsTheAnswerInsideTheBracket() {
        // 990 req/s: p99 9 ms, interval 6-14 ms every time; 1000 and above fail outright
        ScriptedRunner runner = new ScriptedRunner(800, (rate, c, call) -> rate > 950 && rate <= 1000
                ? window(rate, c, 9, 6, 14) : knee(1000).measure(rate, c, call));

        CapacityResult r = search(DEFAULTS, runner, 10);

        assertThat(r.heldRate()).isLessThanOrEqualTo(950);
        assertThat(r.answerRate()).isGreaterThan(950).isLessThanOrEqualTo(1000);
        assertThat(r.lowestFailedRate()).isGreaterThan(1000);
    }

    @Test
    void everyMeasurementCountsAgainstTheStepBound() {
        ScriptedRunner runner = new ScriptedRunner(800, (rate, c, call) -> window(rate, c, 1, 0.8, 1.2));

        CapacityResult r = search(DEFAULTS.withMaxSteps(5), runner, 10);

        assertThat(runner.rates).hasSize(5);
        assertThat(r.limit()).isEqualTo(Limit.STEPS);
        assertThat(CapacityReport.answer(r)).contains("at least 2,025 req/s");
    }

    @Test
    void theMaxRateEndsTheClimbWhenItPasses() {
        ScriptedRunner runner = new ScriptedRunner(800, (rate, c, call) -> window(rate, c, 1, 0.8, 1.2));

        CapacityResult r = search(DEFAULTS.withMaxRate(1000), runner, 10);

        assertThat(runner.rates).containsExactly(400.0, 600.0, 900.0, 1000.0);
        assertThat(r.limit()).isEqualTo(Limit.MAX_RATE);
        assertThat(r.heldRate()).isEqualTo(1000);
    }

    @Test
    void errorsAboveARateAreNamedAsTheLimit() {
        ScriptedRunner runner = new ScriptedRunner(800, (rate, c, call) -> rate > 700
                ? withFailures(window(rate, c, 1, 0.8, 1.2), 3) : window(rate, c, 1, 0.8, 1.2));

        CapacityResult r = search(DEFAULTS, runner, 10);

        assertThat(r.limit()).isEqualTo(Limit.ERRORS);
        assertThat(r.heldRate()).isLessThanOrEqualTo(700);
        assertThat(r.lowestFailedRate()).isGreaterThan(700);
        assertThat(CapacityReport.answer(r)).endsWith("limited by errors");
    }

    @Test
    void requestsWaitingForConnectionsDoubleTheConnectionsUpToTheCap() {
        // a connection carries 100 req/s: fewer than rate/100 make requests wait, though the server is fast
        ScriptedRunner runner = new ScriptedRunner(800, (rate, c, call) -> c * 100 < rate
                ? waitingForConnections(window(rate, c, 30, 20, 40), 0.9, 1) : window(rate, c, 1, 0.8, 1.2));

        CapacityResult r = search(DEFAULTS.withMaxConnections(8).withMaxRate(1000), runner, 2);

        // 400 req/s: 2 connections wait, 4 do too (exactly 400 is enough), then 4 hold it
        assertThat(runner.connections.subList(0, 2)).containsExactly(2, 4);
        assertThat(r.steps().get(0).verdict()).isEqualTo(Verdict.CONNECTIONS);
        assertThat(r.steps().get(0).next()).isEqualTo(Step.Next.MORE_CONNECTIONS);
        assertThat(runner.connections).allMatch(c -> c <= 8);
        assertThat(r.limit()).isEqualTo(Limit.CONNECTIONS);
        assertThat(r.connections()).isEqualTo(8);
        assertThat(r.generatorBound()).isTrue();
        assertThat(CapacityReport.answer(r)).contains("limited by connections at 803 req/s with -c 8")
                .contains("raise --slo-max-connections");
    }

    @Test
    void aSaturatedGeneratorIsMeasuredAgainThenNamedAndTheRateIsNotTheServers() {
        ScriptedRunner runner = new ScriptedRunner(800, (rate, c, call) -> rate > 700
                ? generatorSaturated(window(rate, c, 30, 20, 40)) : window(rate, c, 1, 0.8, 1.2));

        CapacityResult r = search(DEFAULTS, runner, 10);

        assertThat(runner.rates.subList(0, 5)).containsExactly(400.0, 600.0, 900.0, 900.0, 900.0);
        assertThat(r.steps().get(2).next()).isEqualTo(Step.Next.AGAIN);
        assertThat(r.steps().get(4).next()).isEqualTo(Step.Next.DECIDED);
        assertThat(r.limit()).isEqualTo(Limit.GENERATOR);
        assertThat(r.generatorBound()).isTrue();
        String answer = CapacityReport.answer(r);
        assertThat(answer).startsWith("sustainable throughput at p99 <= 10 ms: limited by the load generator at ")
                .endsWith("give the load more CPUs (-t, and CPUs of its own) or more load hosts (showdown run --hosts)");
    }

    @Test
    void aSearchStoppedMidStepReturnsTheStepsJudgedSoFar() {
        AtomicReference<CapacitySearch> search = new AtomicReference<>();
        ScriptedRunner runner = new ScriptedRunner(800, (rate, c, call) -> {
            if (call == 3) {
                search.get().stop(); // Ctrl-C during the third window
            }
            return knee(1000).measure(rate, c, call);
        });
        search.set(new CapacitySearch(DEFAULTS, runner, SearchListener.NONE, 10));

        CapacityResult r = search.get().run();

        assertThat(runner.rates).containsExactly(400.0, 600.0, 900.0);
        assertThat(runner.stops).isEqualTo(1);
        assertThat(r.stopped()).isTrue();
        assertThat(r.steps()).hasSize(2);
        assertThat(r.heldRate()).isEqualTo(600);
        assertThat(r.limit()).isEqualTo(Limit.STOPPED);
        assertThat(CapacityReport.answer(r)).contains("at least 600 req/s (stopped before any rate failed)");
    }

    @Test
    void aProbeWithoutAnswersEndsTheSearchBeforeAnyStep() {
        ScriptedRunner runner = new ScriptedRunner(0, knee(1000));

        CapacityResult r = search(DEFAULTS, runner, 10);

        assertThat(runner.rates).isEmpty();
        assertThat(r.limit()).isEqualTo(Limit.NO_ANSWER);
    }

    @Test
    void theListenerHearsEveryStepAsItIsMeasured() {
        List<Integer> heard = new java.util.ArrayList<>();
        ScriptedRunner runner = new ScriptedRunner(800, knee(1000));
        new CapacitySearch(DEFAULTS, runner, new SearchListener() {
            @Override
            public void onStep(Step step) {
                heard.add(step.number());
                assertThat(runner.rates).hasSize(step.number()); // told before the next step runs
            }
        }, 10).run();

        assertThat(heard).containsExactly(1, 2, 3, 4, 5, 6, 7, 8, 9);
    }
}
