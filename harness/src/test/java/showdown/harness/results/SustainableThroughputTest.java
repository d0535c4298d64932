package showdown.harness.results;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import showdown.load.capacity.CapacityResult;
import showdown.load.capacity.LatencyTarget;
import showdown.load.capacity.SearchPhase;
import showdown.load.capacity.Step;
import showdown.load.capacity.StepMeasurement;
import showdown.load.capacity.Verdict;

/** A search's record in results.json: its answer, the rates the knee lies between, its limit and steps. */
class SustainableThroughputTest {

    private static final long NANOS_PER_MILLI = 1_000_000;

    @TempDir
    Path dir;

    /** 1,000 and 1,500 pass, 2,250 fails on latency, 1,837 passes, 2,033 fails: the knee is between 1,837 and 2,033. */
    static CapacityResult search() {
        LatencyTarget p99 = LatencyTarget.parse("p99=10ms");
        return new CapacityResult(p99, 2_000, List.of(
                step(1, SearchPhase.CLIMB, 1_000, 2, Verdict.PASS),
                step(2, SearchPhase.CLIMB, 1_500, 4, Verdict.PASS),
                step(3, SearchPhase.CLIMB, 2_250, 30, Verdict.LATENCY),
                step(4, SearchPhase.BISECT, 1_837, 6, Verdict.PASS),
                step(5, SearchPhase.BISECT, 2_033, 14, Verdict.LATENCY)), false, 64, false);
    }

    private static Step step(int n, SearchPhase phase, double rate, long p99Millis, Verdict v) {
        StepMeasurement m = new StepMeasurement(rate, 64, rate * 0.999, Math.round(rate * 2), 0, NANOS_PER_MILLI,
                p99Millis * NANOS_PER_MILLI, null, p99Millis * NANOS_PER_MILLI, 0, false, false, 2.0);
        return new Step(n, phase, 1, m, v, v.passed(), Step.Next.DECIDED);
    }

    @Test
    void recordsTheAnswerTheKneesBracketTheLimitAndEveryStep() {
        SustainableThroughput s = SustainableThroughput.of(search());
        assertThat(s.quantile()).isEqualTo("p99");
        assertThat(s.limitMicros()).isEqualTo(10_000.0);
        assertThat(s.requestsPerSecond()).isEqualTo(1_837.0);
        assertThat(s.interval()).isEqualTo(new Interval(1_837, 2_033));
        assertThat(s.limit()).isEqualTo("latency");
        assertThat(s.generatorBound()).isFalse();
        assertThat(s.steps()).extracting(SustainableThroughput.SearchStep::rate)
                .containsExactly(1_000.0, 1_500.0, 2_250.0, 1_837.0, 2_033.0);
        assertThat(s.steps().get(2)).isEqualTo(new SustainableThroughput.SearchStep(2_250, 2_250 * 0.999, 1_000, 30_000,
                "latency"));
    }

    @Test
    void aDisturbedStepSaysWhyAndAnUndisturbedOneSaysNothing() {
        CapacityResult r = search();
        List<Step> steps = new java.util.ArrayList<>(r.steps());
        Step first = steps.get(0);
        steps.set(0, new Step(first.number(), first.phase(), first.attempt(),
                first.measurement().withDisturbance("other processes used 34 % of the measured CPUs"), first.verdict(),
                first.pointPassed(), Step.Next.AGAIN));
        SustainableThroughput s = SustainableThroughput.of(new CapacityResult(r.target(), r.probeRate(), steps,
                false, 64, false));
        assertThat(s.steps().get(0).disturbance()).isEqualTo("other processes used 34 % of the measured CPUs");
        assertThat(s.steps().get(1).disturbance()).isNull();
    }

    @Test
    void namesItsLatencyTargetAsLoadSloDoes() {
        assertThat(SustainableThroughput.of(search()).slo()).isEqualTo("p99 <= 10 ms");
    }

    @Test
    void aSearchCaseSurvivesTheJournalAndAResumeWithEachLatencyTargetsRecordInOrder() {
        ResultsJournal journal = ResultsJournal.create(dir, ResultsJournalTest.header());
        SustainableThroughput at100 = new SustainableThroughput("p99", 100_000, 2_500, new Interval(2_500, 2_600),
                "latency", false, List.of());
        CaseResult c = CaseResult.builder().from(ResultsJournalTest.aCase("netty", 64, 0, 3_674))
                .sustainable(List.of(SustainableThroughput.of(search()), at100)).build();
        journal.recordCase(c);
        journal.recordCase(ResultsJournalTest.aCase("netty", 16, 0, 1_000));

        List<CaseResult> read = ResultsJournal.resume(dir).snapshot().cases();
        assertThat(read.get(0).sustainable()).isEqualTo(c.sustainable());
        assertThat(read.get(0).sustainable()).extracting(SustainableThroughput::slo)
                .containsExactly("p99 <= 10 ms", "p99 <= 100 ms");
        assertThat(read.get(0).searched()).isTrue();
        assertThat(read.get(1).sustainable()).isEmpty();
        assertThat(read.get(1).searched()).isFalse();
    }

    @Test
    void aSchema18FilesOneObjectReadsAsAListOfOne() throws java.io.IOException {
        ResultsJournal journal = ResultsJournal.create(dir, ResultsJournalTest.header());
        journal.recordCase(CaseResult.builder().from(ResultsJournalTest.aCase("netty", 64, 0, 3_674))
                .sustainable(List.of(SustainableThroughput.of(search()))).build());
        Path file = ResultsJson.fileIn(dir);
        // As 1.8 wrote it: the one record as an object, not a list.
        var mapper = new com.fasterxml.jackson.databind.ObjectMapper();
        var tree = (com.fasterxml.jackson.databind.node.ObjectNode) mapper.readTree(file.toFile());
        var c = (com.fasterxml.jackson.databind.node.ObjectNode) tree.get("cases").get(0);
        c.set("sustainable", c.get("sustainable").get(0));
        tree.put("schema", "showdown.results/1.8");
        mapper.writeValue(file.toFile(), tree);
        assertThat(mapper.readTree(file.toFile()).at("/cases/0/sustainable").isObject()).isTrue();
        List<CaseResult> read = ResultsJson.read(file).cases();
        assertThat(read.get(0).sustainable()).containsExactly(SustainableThroughput.of(search()));
    }

    @Test
    void aFinishedRunKeepsItsFiguresOverRoundsAndAResumedOneComputesThemAgain() {
        ResultsJournal journal = ResultsJournal.create(dir, ResultsJournalTest.header());
        SustainableOverRounds figure = new SustainableOverRounds("netty", "mist", "GET /", 64, "h1", "p99", 10_000, 2,
                1_900, new Interval(1_700, 2_100));
        journal.finish(List.of(figure));
        assertThat(ResultsJson.read(ResultsJson.fileIn(dir)).sustainableOverRounds()).containsExactly(figure);
        assertThat(ResultsJournal.resume(dir).snapshot().sustainableOverRounds()).isEmpty();
    }
}
