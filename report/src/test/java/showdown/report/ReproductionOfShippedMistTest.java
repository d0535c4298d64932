package showdown.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import showdown.harness.plan.PublishedSeeds;
import showdown.harness.results.CaseResult;
import showdown.harness.results.RunResults;
import showdown.harness.results.TargetOutcome;

/**
 * The shipped mist table (scenarios/published/mist.yaml) against a run with known answers: Express at
 * 10000 req/s everywhere, Express Cluster at 10500 (it does not scale on one CPU), Go at 40000. So the
 * seed's order Go > Express Cluster > Express holds wherever the seed had it, and flips at one
 * connection, where the seed had Express just ahead of its cluster.
 */
class ReproductionOfShippedMistTest {

    static final PublishedSeeds SHIPPED = PublishedSeeds.load(Path.of("..", "scenarios"));

    static RunResults run() {
        List<CaseResult> cases = new ArrayList<>();
        Map<String, Long> rates = Map.of("express", 10_000L, "express-cluster", 10_500L, "go-nethttp", 40_000L);
        for (String request : List.of("GET /", "GET /user/:id", "POST /user")) {
            for (int c : List.of(1, 2, 4, 6, 8, 12, 16)) {
                for (String target : List.of("express", "express-cluster", "go-nethttp")) {
                    cases.add(CaseResult.builder().from(ReproductionFixture.aCase(target, c, rates.get(target), 5))
                            .request(request).build());
                }
            }
        }
        RunResults base = ReproductionFixture.run();
        List<TargetOutcome> targets = List.of("express", "express-cluster", "go-nethttp").stream()
                .map(t -> new TargetOutcome(t, t, "x", t, "1", "framework", TargetOutcome.Status.OK, null, 1L, 1L))
                .toList();
        return base.withTargets(targets).withCases(cases);
    }

    @Test
    void theSeedsOrderHoldsButForOneConnectionAndTheClustersScalingIsGone() {
        Reproduction r = Reproduction.forRun(new Summaries(run()), SHIPPED, null).get(0);
        assertThat(r.reference().target()).isEqualTo("express");
        assertThat(r.orderings()).hasSize(21);
        assertThat(r.tau().pairs()).isEqualTo(63);
        assertThat(r.tau().discordant()).isEqualTo(3);
        assertThat(r.flips()).extracting(f -> f.comparison() + ": " + f.publishedAhead().name() + " over "
                + f.publishedBehind().name()).containsExactly(
                "GET /, 1 connection: Express over Express Cluster",
                "GET /user/:id, 1 connection: Express over Express Cluster",
                "POST /user, 1 connection: Express over Express Cluster");
        assertThat(r.notCompared()).extracting(Reproduction.NotCompared::framework)
                .containsExactly("Bandit", "Cowboy", "Mist");
        String verdict = ReproductionVerdict.of(r, null);
        assertThat(verdict).contains("Kendall's tau between the seed's order and this run's is 0.90 over 63 pairs",
                "GET / at 2, 4, 6, 8, 12 and 16 connections: the seed's order Go > Express Cluster > Express holds.",
                "GET / at 1 connection: the seed's order Go > Express > Express Cluster does not hold: here Go >"
                        + " Express Cluster > Express; Express Cluster is ahead of Express (apart by more than one"
                        + " window's noise, but one round cannot vouch for a flip (--repeat 3 can)).",
                "The largest change in proportion: Express Cluster is 4.89× Express in the seed (GET /, 16"
                        + " connections) and 1.05× here.");
    }

    @Test
    void theHtmlReportDrawsTheSeedsCurvesForEachRequest() {
        String html = HtmlReport.render(run(), SHIPPED, null);
        for (String request : List.of("GET /", "GET /user/:id", "POST /user")) {
            assertThat(html).contains("aria-label=\"" + Html.escape(request) + ": the seed&#39;s curves (dashed) beside"
                    + " this run&#39;s\"");
        }
    }
}
