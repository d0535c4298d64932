package showdown.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import showdown.harness.results.CaseResult;
import showdown.harness.results.RunResults;
import showdown.harness.stats.ChangeTest;

/** compare: verdicts from the interval of the change over rounds against a practical threshold. */
class ComparisonTest {

    private static final int ROUNDS = 3;

    /**
     * Runs A and B of the sample run's cases, each in {@link #ROUNDS} rounds whose request counts
     * scatter by 1 % (log-normal), with 10 slices each; B's netty hello-world scaled by {@code factor}.
     */
    private static RunResults[] pair(double factor) {
        RunResults base = SampleRun.build();
        List<CaseResult> firsts = base.cases().stream().filter(c -> c.repetition() == 0).toList();
        return new RunResults[] {base.withCases(rounds(firsts, 1.0, 1)), base.withCases(rounds(firsts, factor, 7))};
    }

    private static List<CaseResult> rounds(List<CaseResult> firsts, double factor, long seed) {
        java.util.SplittableRandom random = new java.util.SplittableRandom(seed);
        List<CaseResult> out = new java.util.ArrayList<>();
        for (CaseResult c : firsts) {
            boolean scaled = c.target().equals("netty") && c.request().equals("GET /echo/hello-world");
            for (int r = 0; r < ROUNDS; r++) {
                double f = (scaled ? factor : 1.0) * Math.exp(0.01 * random.nextGaussian());
                CaseResult round = SampleRun.aCase(c.target(), c.scenario(), c.request(), c.connections(), r,
                        Math.round(c.requests() * f));
                out.add(SampleRun.withSlices(round, 10, 0.03, random.nextLong()));
            }
        }
        return out;
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
        assertThat(hello.change().basis()).isEqualTo(ChangeTest.Basis.ROUNDS);
        Comparison.Row tight = cmp.rows().stream().filter(r -> r.key().target().equals("netty")
                && r.key().request().equals("GET /json")).findFirst().orElseThrow();
        assertThat(tight.verdict()).isEqualTo(ChangeTest.Verdict.SAME);
        assertThat(cmp.count(ChangeTest.Verdict.SAME)).isEqualTo(22);
    }

    @Test
    void theSampleRunsSpreadBetweenStartsKeepsTheVerdictsOpen() {
        // The sample run's two repetitions of mist at one connection differ by 15-20 %: pooled over the
        // target's cases with 2 degrees of freedom per case pair, that spread widens every interval.
        RunResults run = SampleRun.build();
        Comparison cmp = Comparison.of(run, run);
        assertThat(cmp.count(ChangeTest.Verdict.FASTER) + cmp.count(ChangeTest.Verdict.SLOWER)).isZero();
        Comparison.Row cold = cmp.rows().stream().filter(r -> r.key().scenario().equals("mist") && r.key().connections() == 1)
                .findFirst().orElseThrow();
        assertThat(cold.verdict()).isEqualTo(ChangeTest.Verdict.INCONCLUSIVE);
        assertThat(cold.change().basis()).isEqualTo(ChangeTest.Basis.ROUNDS);
    }

    @Test
    void oneRoundASideGivesTheSlicesIntervalAndNoVerdict() {
        RunResults[] runs = pair(0.5);
        RunResults a = runs[0].withCases(runs[0].cases().stream().filter(c -> c.repetition() == 0).toList());
        RunResults b = runs[1].withCases(runs[1].cases().stream().filter(c -> c.repetition() == 0).toList());
        Comparison cmp = Comparison.of(a, b);
        assertThat(cmp.count(ChangeTest.Verdict.INCONCLUSIVE)).isEqualTo(cmp.rows().size());
        Comparison.Row hello = cmp.rows().stream()
                .filter(r -> r.key().target().equals("netty") && r.key().request().equals("GET /echo/hello-world"))
                .findFirst().orElseThrow();
        assertThat(hello.change().basis()).isEqualTo(ChangeTest.Basis.SLICES);
        assertThat(hello.change().ciPercent().high()).isLessThan(-40.0);
    }

    /**
     * B's netty hello-world is the same as A's, but in one of B's four rounds the machine was taken
     * (marked disturbed) and the case ran at half speed.
     */
    private static RunResults[] pairWithADisturbedRound() {
        RunResults[] runs = pair(1.0);
        List<CaseResult> b = new java.util.ArrayList<>(runs[1].cases());
        CaseResult hello = b.stream().filter(c -> c.target().equals("netty") && c.request().equals("GET /echo/hello-world"))
                .findFirst().orElseThrow();
        CaseResult slow = SampleRun.withSlices(SampleRun.aCase(hello.target(), hello.scenario(), hello.request(),
                hello.connections(), ROUNDS, hello.requests() / 2), 10, 0.03, 11);
        b.add(slow.withInterference(new showdown.harness.results.Interference(0.0, 0.4, true)));
        return new RunResults[] {runs[0], runs[1].withCases(b)};
    }

    @Test
    void aDisturbedRoundIsLeftOutWhileTwoCleanOnesRemain() {
        RunResults[] runs = pairWithADisturbedRound();
        Comparison cmp = Comparison.of(runs[0], runs[1]);
        Comparison.Row hello = cmp.rows().stream()
                .filter(r -> r.key().target().equals("netty") && r.key().request().equals("GET /echo/hello-world"))
                .findFirst().orElseThrow();
        assertThat(hello.disturbedB()).isEqualTo(new DisturbedRounds.Count(1, 0));
        assertThat(hello.b().count()).isEqualTo(ROUNDS);
        assertThat(hello.verdict()).isEqualTo(ChangeTest.Verdict.SAME);
        assertThat(cmp.count(ChangeTest.Verdict.SAME)).isEqualTo(cmp.rows().size());
        assertThat(cmp.disturbedLeftOut()).isEqualTo(1);
        assertThat(ComparisonReport.render("a", runs[0], "b", runs[1], cmp))
                .contains("B: 1 left out").contains("1 disturbed rounds left out, 0 kept");

        Comparison kept = Comparison.of(runs[0], runs[1], 5, true);
        Comparison.Row keptHello = kept.rows().stream()
                .filter(r -> r.key().target().equals("netty") && r.key().request().equals("GET /echo/hello-world"))
                .findFirst().orElseThrow();
        assertThat(keptHello.disturbedB()).isEqualTo(new DisturbedRounds.Count(0, 1));
        assertThat(keptHello.b().count()).isEqualTo(ROUNDS + 1);
        assertThat(keptHello.verdict()).isNotEqualTo(ChangeTest.Verdict.SAME);
        ComparisonReport.JsonCase json = ComparisonReport.json(kept).cases().stream()
                .filter(c -> c.target().equals("netty") && c.request().equals("GET /echo/hello-world")).findFirst().orElseThrow();
        assertThat(json.disturbedKeptB()).isEqualTo(1);
        assertThat(json.disturbedLeftOutB()).isZero();
    }

    @Test
    void aCaseWithFewerThanTwoCleanRoundsKeepsItsDisturbedOnes() {
        RunResults[] runs = pair(1.0);
        List<CaseResult> b = runs[1].cases().stream()
                .map(c -> c.repetition() == 0 ? c : c.withInterference(new showdown.harness.results.Interference(0.3, 0, true)))
                .toList();
        Comparison cmp = Comparison.of(runs[0], runs[1].withCases(b));
        assertThat(cmp.disturbedLeftOut()).isZero();
        assertThat(cmp.rows()).allSatisfy(r -> {
            assertThat(r.disturbedB()).isEqualTo(new DisturbedRounds.Count(0, ROUNDS - 1));
            assertThat(r.b().count()).isEqualTo(ROUNDS);
            assertThat(r.verdict()).as("it rests on disturbed rounds").isEqualTo(ChangeTest.Verdict.INCONCLUSIVE);
        });
        // kept on purpose, the same rounds give verdicts again
        assertThat(Comparison.of(runs[0], runs[1].withCases(b), 5, true).count(ChangeTest.Verdict.SAME)).isPositive();
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
        assertThat(text).startsWith("A: runs/a (run 2026-11-30T010203Z, 3 repetitions)\nB: runs/b (run 2026-11-30T010203Z, 3 repetitions)\n");
        assertThat(text).contains("faster/slower: the whole CI beyond ±5 %");
        assertThat(text).containsPattern("netty +spock-scotty +GET /echo/hello-world +400 .* -\\d+\\.\\d%  -\\d+\\.\\d\\.\\.-\\d+\\.\\d%  rounds  slower");
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
        assertThat(hello.ciBasis()).isEqualTo("rounds");
        assertThat(hello.roundsA()).isEqualTo(ROUNDS);
        assertThat(json.onlyInA()).containsExactly(new CaseKey("netty", "phoenix-showdown", "GET /{title}", 100));
    }
}
