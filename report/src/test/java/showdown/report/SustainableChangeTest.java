package showdown.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import showdown.harness.results.CaseResult;
import showdown.harness.results.Interval;
import showdown.harness.results.RunResults;
import showdown.harness.results.SustainableThroughput;
import showdown.harness.stats.ChangeTest;

/**
 * compare on two capacity runs: a search case in both is judged on its sustainable throughput, not
 * on the req/s of its answer's step, which here is the same on both sides.
 */
class SustainableChangeTest {

    /** One target, one search case, in as many rounds as {@code rates}, each round's req/s the same. */
    static RunResults run(double... rates) {
        List<CaseResult> cases = new ArrayList<>();
        for (int rep = 0; rep < rates.length; rep++) {
            CaseResult c = SampleRun.aCase("netty", "custom", "GET /", 64, rep, 50_000);
            cases.add(CaseResult.builder().from(c).sustainable(List.of(new SustainableThroughput("p99", 10_000, rates[rep],
                    new Interval(rates[rep], rates[rep] * 1.04), "latency", false, List.of()))).build());
        }
        return SampleRun.build().withCases(cases);
    }

    @Test
    void aRiseInSustainableThroughputOverRoundsIsFaster() {
        Comparison cmp = Comparison.of(run(5_000, 5_050, 4_950), run(6_000, 6_060, 5_940));
        assertThat(cmp.rows()).hasSize(1);
        Comparison.Row row = cmp.rows().get(0);
        assertThat(row.sustainable()).isTrue();
        assertThat(row.a().median()).isEqualTo(5_000.0);
        assertThat(row.b().median()).isEqualTo(6_000.0);
        assertThat(row.change().basis()).isEqualTo(ChangeTest.Basis.ROUNDS);
        assertThat(row.verdict()).isEqualTo(ChangeTest.Verdict.FASTER);
        assertThat(row.change().changePercent()).isCloseTo(20.0, org.assertj.core.data.Offset.offset(0.01));
        String text = ComparisonReport.render("a", run(5_000, 5_050, 4_950), "b", run(6_000, 6_060, 5_940), cmp);
        assertThat(text).contains("GET / (sustainable at p99 <= 10 ms)", "+20.0%", "faster");
    }

    /** As {@link #run}, each round also searched at p99 <= 100 ms, where it found {@code at100} times its rate. */
    static RunResults twoTargets(double at100, double... rates) {
        List<CaseResult> cases = new ArrayList<>();
        for (CaseResult c : run(rates).cases()) {
            SustainableThroughput at10 = c.sustainable().get(0);
            cases.add(CaseResult.builder().from(c).sustainable(List.of(at10, new SustainableThroughput("p99", 100_000,
                    at10.requestsPerSecond() * at100, at10.interval(), "latency", false, List.of()))).build());
        }
        return SampleRun.build().withCases(cases);
    }

    @Test
    void eachLatencyTargetHasItsOwnRowAndVerdict() {
        // Faster at 10 ms (+20 %), the same at 100 ms (B's rates at 100 ms are A's).
        Comparison cmp = Comparison.of(twoTargets(2, 5_000, 5_050, 4_950), twoTargets(5 / 3.0, 6_000, 6_060, 5_940));
        assertThat(cmp.rows()).extracting(Comparison.Row::slo).containsExactly("p99 <= 10 ms", "p99 <= 100 ms");
        assertThat(cmp.rows().get(0).verdict()).isEqualTo(ChangeTest.Verdict.FASTER);
        assertThat(cmp.rows().get(1).b().median()).isCloseTo(10_000.0, org.assertj.core.data.Offset.offset(0.01));
        assertThat(cmp.rows().get(1).change().changePercent()).isCloseTo(0.0, org.assertj.core.data.Offset.offset(0.01));
        assertThat(cmp.rows().get(1).verdict()).isEqualTo(ChangeTest.Verdict.SAME);
        String text = ComparisonReport.render("a", twoTargets(2, 5_000, 5_050, 4_950), "b",
                twoTargets(5 / 3.0, 6_000, 6_060, 5_940), cmp);
        assertThat(text).contains("GET / (sustainable at p99 <= 10 ms)", "GET / (sustainable at p99 <= 100 ms)",
                "\n1 cases in both, 2 figures compared: 1 faster, 0 slower, 1 same, 0 inconclusive;");
        assertThat(cmp.cases()).isEqualTo(1);
    }

    @Test
    void oneSearchASideGivesTheChangeAndNoVerdict() {
        Comparison.Row row = Comparison.of(run(5_000), run(4_000)).rows().get(0);
        assertThat(row.sustainable()).isTrue();
        assertThat(row.change().changePercent()).isCloseTo(-20.0, org.assertj.core.data.Offset.offset(0.01));
        assertThat(row.verdict()).isEqualTo(ChangeTest.Verdict.INCONCLUSIVE);
        assertThat(row.change().basis()).isEqualTo(ChangeTest.Basis.NONE);
    }

    @Test
    void ordinaryCasesAreStillComparedOnRequestsPerSecond() {
        RunResults plain = SampleRun.build();
        assertThat(Comparison.of(plain, plain).rows()).noneMatch(Comparison.Row::sustainable);
    }
}
