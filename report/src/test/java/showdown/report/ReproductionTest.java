package showdown.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import showdown.harness.plan.PublishedSeed;
import showdown.harness.plan.PublishedSeed.Figure;
import showdown.harness.plan.PublishedSeed.Framework;
import showdown.harness.results.CaseNote;
import showdown.harness.results.Interval;
import showdown.harness.results.RunResults;

/** A seed's table against a run with known answers ({@link ReproductionFixture}): normalisation, tau, flips, verdict. */
class ReproductionTest {

    private final Reproduction r = Reproduction.of(ReproductionFixture.seed(), new Summaries(ReproductionFixture.run()), null);

    @Test
    void kendallsTauCountsConcordantAndDiscordantPairs() {
        assertThat(KendallTau.of(new double[] {1, 2, 3}, new double[] {10, 20, 30}).tau()).isEqualTo(1.0);
        assertThat(KendallTau.of(new double[] {1, 2, 3}, new double[] {30, 20, 10}).tau()).isEqualTo(-1.0);
        KendallTau oneFlip = KendallTau.of(new double[] {1, 2, 3, 4}, new double[] {1, 3, 2, 4});
        assertThat(oneFlip.concordant()).isEqualTo(5);
        assertThat(oneFlip.discordant()).isEqualTo(1);
        assertThat(oneFlip.tau()).isCloseTo(4.0 / 6, within(1e-12));
        // tau-b: one pair tied in the published figures only, so (2 - 0) / sqrt(2 * 3).
        KendallTau tied = KendallTau.of(new double[] {1, 1, 2}, new double[] {1, 2, 3});
        assertThat(tied.tiedPublishedOnly()).isEqualTo(1);
        assertThat(tied.tau()).isCloseTo(2 / Math.sqrt(6), within(1e-12));
        assertThat(KendallTau.of(new double[] {1}, new double[] {1}).tau()).isNaN();
        assertThat(oneFlip.plus(KendallTau.of(new double[] {1, 2}, new double[] {2, 1})).tau())
                .isCloseTo((5 - 2) / 7.0, within(1e-12));
    }

    @Test
    void theReferenceIsTheFirstOfTheSeedsFrameworksThatTheRunMeasured() {
        assertThat(r.reference().name()).isEqualTo("A");
        assertThat(r.referenceChoice()).isEqualTo(Reproduction.ReferenceChoice.FIRST_MEASURED);
        Summaries s = new Summaries(ReproductionFixture.run());
        Reproduction asked = Reproduction.of(ReproductionFixture.seed(), s, "b");
        assertThat(asked.reference().name()).isEqualTo("B");
        assertThat(asked.referenceChoice()).isEqualTo(Reproduction.ReferenceChoice.ASKED);
        Reproduction absent = Reproduction.of(ReproductionFixture.seed(), s, "e");
        assertThat(absent.reference().name()).isEqualTo("A");
        assertThat(absent.referenceChoice()).isEqualTo(Reproduction.ReferenceChoice.ASKED_BUT_ABSENT);
        assertThat(Reproduction.referenceCandidates(List.of(r))).containsExactly("a", "b", "c");
    }

    @Test
    void everyFigureIsDividedByTheReferencesInTheSameCell() {
        assertThat(r.compared()).extracting(x -> x.framework().name() + "@" + x.connections() + " "
                        + x.publishedNormalised() + " " + x.measuredNormalised())
                .containsExactly("A@1 1.0 1.0", "B@1 2.0 2.0", "C@1 3.0 3.0",
                        "A@2 1.0 1.0", "B@2 3.0 1.5", "C@2 2.0 3.0",
                        "A@4 1.0 1.0", "B@4 1.1 0.98",
                        "A@8 1.0 1.0", "B@8 0.9 2.0");
        // Dividing by B instead: C at 2 connections is 400/600 in the seed, 3000/1500 here.
        Reproduction byB = Reproduction.of(ReproductionFixture.seed(), new Summaries(ReproductionFixture.run()), "b");
        Reproduction.Row c2 = byB.compared().stream().filter(x -> x.framework().name().equals("C") && x.connections() == 2)
                .findFirst().orElseThrow();
        assertThat(c2.publishedNormalised()).isCloseTo(400.0 / 600, within(1e-12));
        assertThat(c2.measuredNormalised()).isEqualTo(2.0);
    }

    @Test
    void tauPoolsEveryCellsPairs() {
        assertThat(r.orderings()).extracting(o -> o.comparison() + ": " + Reproduction.Item.ranking(o.publishedOrder())
                        + " / " + Reproduction.Item.ranking(o.measuredOrder()) + " tau " + o.tau().tau())
                .containsExactly("GET /, 1 connection: C > B > A / C > B > A tau 1.0",
                        "GET /, 2 connections: B > C > A / C > B > A tau " + (1 / 3.0),
                        "GET /, 4 connections: B > A / A > B tau -1.0",
                        "GET /, 8 connections: A > B / B > A tau -1.0");
        assertThat(r.tau().concordant()).isEqualTo(5);
        assertThat(r.tau().discordant()).isEqualTo(3);
        assertThat(r.tau().tau()).isEqualTo(0.25);
    }

    @Test
    void eachFlipSaysWhetherTheRunsIntervalsSeparateThePair() {
        assertThat(r.flips()).extracting(f -> f.comparison() + ": " + f.publishedAhead().name() + " then "
                        + f.publishedBehind().name() + ", separated " + f.separated())
                .containsExactly("GET /, 2 connections: B then C, separated true",
                        "GET /, 4 connections: B then A, separated false",
                        "GET /, 8 connections: A then B, separated null");
        assertThat(Reproduction.separated(new Interval(1, 2), new Interval(2.5, 3))).isTrue();
        assertThat(Reproduction.separated(new Interval(1, 2), new Interval(2, 3))).isFalse();
        assertThat(Reproduction.separated(null, new Interval(2, 3))).isNull();
    }

    @Test
    void theSeedsFrameworksNotComparedSayWhy() {
        assertThat(r.notCompared()).extracting(n -> n.framework() + ": " + n.why()).containsExactly(
                "D: Showdown has no target for it", "E: not in this run", "F: unavailable here: missing on PATH: go");
        assertThat(r.inBoth()).extracting(Framework::name).containsExactly("A", "B", "C");
    }

    @Test
    void theVerdictIsMadeFromTheNumbers() {
        String verdict = ReproductionVerdict.of(r, ReproductionFixture.run().environment());
        assertThat(verdict).isEqualTo(String.join(" ",
                "Shortened: each case ran 5 s here against the seed's 30 s, so this is a quick look rather than the"
                        + " seed's measurement.",
                "Figures are normalised to A (target a), the first of the seed's frameworks this run measured"
                        + " (--reference TARGET picks another).",
                "Kendall's tau between the seed's order and this run's is 0.25 over 8 pairs (1: the same order,"
                        + " -1: reversed): 5 hold, 3 flip.",
                "GET / at 1 connection: the seed's order C > B > A holds.",
                "GET / at 2 connections: the seed's order B > C > A does not hold: here C > B > A; C is ahead of B"
                        + " (apart by more than one window's noise, but one round cannot vouch for a flip (--repeat 3"
                        + " can)).",
                "GET / at 4 connections: the seed's order B > A does not hold: here A > B; A is ahead of B (within"
                        + " one window's noise, so not a clear flip).",
                "GET / at 8 connections: the seed's order A > B does not hold: here B > A; B is ahead of A (no"
                        + " interval to tell whether that is more than noise).",
                "The largest change in proportion: B is 0.90× A in the seed (GET /, 8 connections) and 2.00× here.",
                "Here the server had 1 of 2 logical CPUs (Test CPU, CPUs 0); the seed's hardware is listed below."));
    }

    @Test
    void levelsThatShareAnOutcomeShareASentence() {
        PublishedSeed seed = new PublishedSeed("mist", "s", List.of(), Map.of(), "l", 5, List.of(
                new Framework("A", "a", null, null), new Framework("B", "b", null, null)), List.of(
                new Figure("A", "GET /", 1, 1, PublishedSeed.REQUESTS_PER_SECOND, 100, "req/s"),
                new Figure("B", "GET /", 1, 1, PublishedSeed.REQUESTS_PER_SECOND, 200, "req/s"),
                new Figure("A", "GET /", 2, 2, PublishedSeed.REQUESTS_PER_SECOND, 100, "req/s"),
                new Figure("B", "GET /", 2, 2, PublishedSeed.REQUESTS_PER_SECOND, 300, "req/s")));
        RunResults run = ReproductionFixture.run();
        Reproduction same = Reproduction.of(seed, new Summaries(run.withCases(List.of(
                ReproductionFixture.aCase("a", 1, 1000, 5), ReproductionFixture.aCase("b", 1, 2000, 5),
                ReproductionFixture.aCase("a", 2, 1000, 5), ReproductionFixture.aCase("b", 2, 2000, 5)))), null);
        String verdict = ReproductionVerdict.of(same, null);
        assertThat(verdict).doesNotContain("Shortened").contains("GET / at 1 and 2 connections: the seed's order B > A holds.");
        assertThat(ReproductionVerdict.levels(List.of(2, 4, 16))).isEqualTo("2, 4 and 16 connections");
        assertThat(ReproductionVerdict.cpuCount("0-3,6")).isEqualTo(5);
    }

    @Test
    void withOneFrameworkInBothTheOrderOfItsRequestsIsChecked() {
        PublishedSeed seed = new PublishedSeed("spock-scotty", "s", List.of(), Map.of(), "wrk -t8 -c400", 30, List.of(
                new Framework("Spock", null, "not here", null), new Framework("scotty", "scotty", null, null)), List.of(
                new Figure("Spock", "GET /a", 400, 8, PublishedSeed.REQUESTS_PER_SECOND, 500, "req/s"),
                new Figure("scotty", "GET /a", 400, 8, PublishedSeed.REQUESTS_PER_SECOND, 300, "req/s"),
                new Figure("scotty", "GET /b", 400, 8, PublishedSeed.REQUESTS_PER_SECOND, 200, "req/s"),
                new Figure("scotty", "GET /c", 400, 8, PublishedSeed.REQUESTS_PER_SECOND, 100, "req/s")));
        RunResults run = ReproductionFixture.run();
        // A quick run: 64 connections stand for the seed's single level of 400.
        RunResults quick = run.withCases(List.of(requestCase("GET /a", 3000), requestCase("GET /b", 1000),
                requestCase("GET /c", 2000)));
        Reproduction one = Reproduction.of(seed, new Summaries(quick), null);
        assertThat(one.byRequest()).isTrue();
        assertThat(one.compared()).allSatisfy(row -> {
            assertThat(row.levelDiffers()).isTrue();
            assertThat(row.measuredConnections()).isEqualTo(64);
        });
        assertThat(one.orderings()).singleElement().satisfies(o -> {
            assertThat(Reproduction.Item.ranking(o.publishedOrder())).isEqualTo("GET /a > GET /b > GET /c");
            assertThat(Reproduction.Item.ranking(o.measuredOrder())).isEqualTo("GET /a > GET /c > GET /b");
        });
        assertThat(one.flips()).singleElement().satisfies(f -> {
            assertThat(f.publishedAhead().name()).isEqualTo("GET /b");
            assertThat(f.publishedBehind().name()).isEqualTo("GET /c");
        });
        assertThat(ReproductionVerdict.of(one, null)).contains("The run lacks the seed's concurrency, so its nearest"
                + " level stands in: the seed's 400 connections by this run's 64.", "Only scotty of the seed's"
                + " frameworks ran here, so what can be checked is the order of its requests.");
    }

    @Test
    void aSingleSeedLevelIsStoodInForByTheNearestButASweepsLevelIsNot() {
        assertThat(Reproduction.runLevel(List.of(64), 400, true)).isEqualTo(64);
        assertThat(Reproduction.runLevel(List.of(50, 150), 100, true)).isEqualTo(150);
        assertThat(Reproduction.runLevel(List.of(100, 64), 100, true)).isEqualTo(100);
        assertThat(Reproduction.runLevel(List.of(1, 16), 4, false)).isEqualTo(4);
    }

    @Test
    void aRunWithoutTheSeedsFrameworksHasNothingToCompare() {
        RunResults other = ReproductionFixture.run().withCases(List.of(ReproductionFixture.aCase("zzz", 1, 10, 5)));
        Reproduction none = Reproduction.of(ReproductionFixture.seed(), new Summaries(other), null);
        assertThat(none.reference()).isNull();
        assertThat(none.orderings()).isEmpty();
        assertThat(ReproductionVerdict.of(none, null)).endsWith("None of the seed's frameworks was measured in this run,"
                + " so there is nothing to compare; 'showdown reproduce mist' runs the targets that stand for them.");
    }

    @Test
    void sweptRequestsGetCurvesScaledToTheReferenceAtItsHighestLevel() {
        assertThat(r.sweptRequests()).containsExactly("GET /");
        assertThat(r.scaleLevel("GET /")).isEqualTo(8);
        // Seed: A is 100 at 8 connections; run: a is 100 there.
        assertThat(r.curves("GET /", true).get("B")).containsExactly(Map.entry(1, 2.0), Map.entry(2, 6.0),
                Map.entry(4, 1.1), Map.entry(8, 0.9));
        assertThat(r.curves("GET /", false).get("B")).containsExactly(Map.entry(1, 20.0), Map.entry(2, 15.0),
                Map.entry(4, 9.8), Map.entry(8, 2.0));
    }

    private static showdown.harness.results.CaseResult requestCase(String request, long rate) {
        return showdown.harness.results.CaseResult.builder().from(ReproductionFixture.aCase("scotty", 64, rate, 5))
                .scenario("spock-scotty").request(request).build();
    }

    @Test
    void theVerdictNamesTheFrameworksMeasuredBeforeTheyWereSteady() {
        assertThat(ReproductionVerdict.of(r, null)).doesNotContain("before their throughput was steady");
        RunResults run = ReproductionFixture.run();
        RunResults coldB = run.withCases(run.cases().stream().map(c -> c.target().equals("b")
                ? c.withNotes(List.of(new CaseNote(CaseNote.Kind.NOT_STEADY, "measured without a warm-up"))) : c).toList());
        String verdict = ReproductionVerdict.of(Reproduction.of(ReproductionFixture.seed(), new Summaries(coldB), null), null);
        assertThat(verdict).contains("Measured before their throughput was steady (no warm-up, as the seed ran, or one"
                + " that ran out of time): B; for a JIT-compiled framework such a figure is its start-up, not its"
                + " speed ('showdown run --scenario mist', whose quick profile warms each start, shows the difference).");
    }
}
