package showdown.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import showdown.harness.results.CaseResult;
import showdown.harness.results.RunResults;
import showdown.harness.stats.ChangeTest;

/** compare: verdicts from the bootstrap interval of the change against a practical threshold. */
class ComparisonTest {

    /** Run A with 10 slices per case (3 % noise); B the same cases with other noise, scaled by {@code factor} for netty's hello-world. */
    private static RunResults[] pair(double factor) {
        RunResults base = SampleRun.build();
        List<CaseResult> aCases = base.cases().stream().map(c -> SampleRun.withSlices(c, 10, 0.03, 1 + c.hashCode())).toList();
        List<CaseResult> bCases = base.cases().stream().map(c -> {
            CaseResult scaled = c.target().equals("netty") && c.request().equals("GET /echo/hello-world")
                    ? SampleRun.aCase(c.target(), c.scenario(), c.request(), c.connections(), c.repetition(),
                            Math.round(c.requests() * factor))
                    : c;
            return SampleRun.withSlices(scaled, 10, 0.03, 7 + c.hashCode());
        }).toList();
        return new RunResults[] {base.withCases(aCases), base.withCases(bCases)};
    }

    @Test
    void aTwentyPerCentDropIsSlowerAndTheRestAreTheSame() {
        RunResults[] runs = pair(0.8);
        Comparison cmp = Comparison.of(runs[0], runs[1]);
        assertThat(cmp.rows()).hasSize(23);
        Comparison.Row hello = cmp.rows().stream()
                .filter(r -> r.key().target().equals("netty") && r.key().request().equals("GET /echo/hello-world"))
                .findFirst().orElseThrow();
        assertThat(hello.verdict()).isEqualTo(ChangeTest.Verdict.SLOWER);
        assertThat(hello.change().changePercent()).isBetween(-23.0, -17.0);
        assertThat(hello.change().ciPercent().high()).isLessThan(-5.0);
        assertThat(cmp.count(ChangeTest.Verdict.SLOWER)).isEqualTo(1);
        assertThat(cmp.count(ChangeTest.Verdict.FASTER)).isZero();
        // The sample run's two repetitions of mist at one connection differ by 15-20 %: with the
        // repetitions as blocks, that spread between starts keeps the verdict open.
        Comparison.Row cold = cmp.rows().stream().filter(r -> r.key().scenario().equals("mist") && r.key().connections() == 1)
                .findFirst().orElseThrow();
        assertThat(cold.verdict()).isEqualTo(ChangeTest.Verdict.INCONCLUSIVE);
        Comparison.Row tight = cmp.rows().stream().filter(r -> r.key().target().equals("netty")
                && r.key().request().equals("GET /json")).findFirst().orElseThrow();
        assertThat(tight.verdict()).isEqualTo(ChangeTest.Verdict.SAME);
        assertThat(cmp.count(ChangeTest.Verdict.SAME) + cmp.count(ChangeTest.Verdict.INCONCLUSIVE)).isEqualTo(22);
    }

    @Test
    void aFivePerCentThresholdOrALargerOneDecidesWhatCounts() {
        RunResults[] runs = pair(0.9);
        assertThat(Comparison.of(runs[0], runs[1], 5).count(ChangeTest.Verdict.SLOWER)).isEqualTo(1);
        // A 10 % drop against a 20 % threshold: the interval lies inside the band.
        assertThat(Comparison.of(runs[0], runs[1], 20).count(ChangeTest.Verdict.SLOWER)).isZero();
    }

    @Test
    void casesWithoutSlicesAndASingleRepetitionAreInconclusive() {
        RunResults full = SampleRun.build();
        RunResults once = full.withCases(full.cases().stream().filter(c -> c.repetition() == 0).toList());
        Comparison cmp = Comparison.of(once, once);
        assertThat(cmp.count(ChangeTest.Verdict.INCONCLUSIVE)).isEqualTo(cmp.rows().size());
    }

    @Test
    void theTableAndTheJsonSayTheSame() {
        RunResults[] runs = pair(0.8);
        RunResults b = runs[1].withCases(runs[1].cases().stream()
                .filter(c -> !(c.target().equals("netty") && c.scenario().equals("phoenix-showdown"))).toList());
        Comparison cmp = Comparison.of(runs[0], b);
        String text = ComparisonReport.render("runs/a", runs[0], "runs/b", b, cmp);
        assertThat(text).startsWith("A: runs/a (run 2026-11-30T010203Z, 2 repetitions)\nB: runs/b (run 2026-11-30T010203Z, 2 repetitions)\n");
        assertThat(text).contains("faster/slower: the whole CI beyond ±5 %");
        assertThat(text).containsPattern("netty +spock-scotty +GET /echo/hello-world +400 .* -\\d+\\.\\d%  -\\d+\\.\\d\\.\\.-\\d+\\.\\d%  slower");
        assertThat(text).containsPattern("\n22 cases in both: 0 faster, 1 slower, \\d+ same, \\d+ inconclusive; 1 only in A,"
                + " 0 only in B.\n$");

        ComparisonReport.JsonComparison json = ComparisonReport.json(cmp);
        assertThat(json.thresholdPercent()).isEqualTo(5.0);
        assertThat(json.cases()).hasSize(22);
        ComparisonReport.JsonCase hello = json.cases().stream().filter(c -> c.request().equals("GET /echo/hello-world")
                && c.target().equals("netty")).findFirst().orElseThrow();
        assertThat(hello.verdict()).isEqualTo("slower");
        assertThat(hello.ciLowPercent()).isLessThan(hello.changePercent());
        assertThat(hello.ciHighPercent()).isGreaterThan(hello.changePercent()).isLessThan(-5.0);
        assertThat(json.onlyInA()).containsExactly(new CaseKey("netty", "phoenix-showdown", "GET /{title}", 100));
    }
}
