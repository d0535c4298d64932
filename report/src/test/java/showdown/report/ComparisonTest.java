package showdown.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import showdown.harness.results.CaseResult;
import showdown.harness.results.RunResults;

/** compare: a tie is a difference within the runs' own spread. */
class ComparisonTest {

    static final CaseKey KEY = new CaseKey("netty", "mist", "GET /", 16);

    @Test
    void overlappingRangesTieEvenWhenTheMediansDiffer() {
        Comparison.Row r = Comparison.row(KEY, Spread.of(100, 110, 120), Spread.of(115, 125, 130));
        assertThat(r.verdict()).isEqualTo(Comparison.Verdict.TIE);
        assertThat(r.rule()).isEqualTo(Comparison.Rule.RANGES_OVERLAP);
        assertThat(r.deltaPercent()).isCloseTo(13.636, org.assertj.core.data.Offset.offset(0.001));
    }

    @Test
    void separateRangesAreFasterOrSlower() {
        assertThat(Comparison.row(KEY, Spread.of(100, 104), Spread.of(105, 107)).verdict())
                .isEqualTo(Comparison.Verdict.FASTER);
        assertThat(Comparison.row(KEY, Spread.of(105, 107), Spread.of(100, 104)).verdict())
                .isEqualTo(Comparison.Verdict.SLOWER);
    }

    @Test
    void aSingleRepetitionTiesWithinFivePerCent() {
        assertThat(Comparison.row(KEY, Spread.of(1000), Spread.of(1050)).verdict()).isEqualTo(Comparison.Verdict.TIE);
        assertThat(Comparison.row(KEY, Spread.of(1000), Spread.of(950)).verdict()).isEqualTo(Comparison.Verdict.TIE);
        assertThat(Comparison.row(KEY, Spread.of(1000), Spread.of(1051)).verdict()).isEqualTo(Comparison.Verdict.FASTER);
        assertThat(Comparison.row(KEY, Spread.of(1000), Spread.of(949)).verdict()).isEqualTo(Comparison.Verdict.SLOWER);
        // One side with repetitions is not enough for the range rule.
        assertThat(Comparison.row(KEY, Spread.of(1000, 1200), Spread.of(1000)).rule())
                .isEqualTo(Comparison.Rule.WITHIN_BAND);
    }

    @Test
    void comparesTwoRunsCaseByCaseAndSaysWhichRuleItUsed() {
        RunResults a = SampleRun.build();
        // B: netty's S1 hello-world 20 % faster in both repetitions, one S3 case gone.
        List<CaseResult> bCases = a.cases().stream()
                .filter(c -> !(c.target().equals("netty") && c.scenario().equals("phoenix-showdown")))
                .map(c -> c.target().equals("netty") && c.request().equals("GET /echo/hello-world")
                        ? SampleRun.aCase(c.target(), c.scenario(), c.request(), c.connections(), c.repetition(),
                                c.requests() * 12 / 10)
                        : c)
                .toList();
        RunResults b = a.withCases(bCases);

        Comparison cmp = Comparison.of(a, b);
        assertThat(cmp.rows()).hasSize(22);
        assertThat(cmp.onlyInA()).containsExactly(new CaseKey("netty", "phoenix-showdown", "GET /{title}", 100));
        assertThat(cmp.onlyInB()).isEmpty();
        assertThat(cmp.count(Comparison.Verdict.FASTER)).isEqualTo(1);
        assertThat(cmp.count(Comparison.Verdict.TIE)).isEqualTo(21);

        String text = ComparisonReport.render("runs/a", a, "runs/b", b, cmp);
        assertThat(text).startsWith("""
                A: runs/a (run 2026-11-30T010203Z, 2 repetitions)
                B: runs/b (run 2026-11-30T010203Z, 2 repetitions)
                delta = (B - A) / A on the median req/s; faster and slower say how B did against A.
                tie: the min-max req/s ranges of the repetitions overlap.

                target  scenario          request                  connections  A req/s                 B req/s                 delta   verdict
                netty   spock-scotty      GET /echo/hello-world    400          102000 (100000–104000)  122400 (120000–124800)  +20.0%  faster
                netty   spock-scotty      GET /echo/plain/{param}  400          91000 (90000–92000)     91000 (90000–92000)     +0.0%   tie
                """);
        assertThat(text).endsWith("\n22 cases in both: 1 faster, 0 slower, 21 tie; 1 only in A, 0 only in B.\n");
    }

    @Test
    void singleRepetitionRunsSaySoInTheHeader() {
        RunResults full = SampleRun.build();
        RunResults once = full.withCases(full.cases().stream().filter(c -> c.repetition() == 0).toList());
        String text = ComparisonReport.render("a", once, "b", once, Comparison.of(once, once));
        assertThat(text).contains("tie: the cases have a single repetition, so a tie means within ±5 %.\n");
        assertThat(text).doesNotContain("ranges of the repetitions overlap");
    }
}
