package showdown.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import showdown.harness.plan.PublishedSeeds;

/** The reproduction section in report.md and report.html, over {@link ReproductionFixture}. */
class ReproductionTablesTest {

    static final PublishedSeeds PUBLISHED = PublishedSeeds.of(List.of(ReproductionFixture.seed()));
    final String md = MarkdownReport.render(ReproductionFixture.run(), PUBLISHED, null);

    @Test
    void theSectionComesBeforeTheSeedsOwnTablesAndOpensWithTheVerdict() {
        assertThat(md).contains("## Reproduction of the mist seed\n\nShortened: each case ran 5 s here against the"
                + " seed's 30 s");
        assertThat(md.indexOf("## Reproduction of the mist seed")).isGreaterThan(md.indexOf("## How far to trust"))
                .isLessThan(md.indexOf("## S2 mist"));
        assertThat(md).contains("GET / at 1 connection: the seed's order C &gt; B &gt; A holds.");
    }

    @Test
    void publishedAndMeasuredSideBySideNormalisedToTheReference() {
        assertThat(md).containsPattern("""
                \\*\\*Published against measured: GET /\\*\\*

                \\| Connections \\| Framework \\| Target \\| Seed req/s \\| This run req/s \\| Seed ÷ A \\| This run ÷ A \\|
                \\| --- \\| --- \\| --- \\| --- \\| --- \\| --- \\| --- \\|
                \\| 1 \\| A \\| a \\| 100.00 \\| 1000 ±\\d+\\.\\d % \\| 1.00 \\| 1.00 \\|
                \\| 1 \\| B \\| b \\| 200.00 \\| 2000 ±\\d+\\.\\d % \\| 2.00 \\| 2.00 \\|
                \\| 1 \\| C \\| c \\| 300.00 \\| 3000 ±\\d+\\.\\d % \\| 3.00 \\| 3.00 \\|
                \\| 2 \\| A \\| a \\| 200.00 \\| 1000 ±\\d+\\.\\d % \\| 1.00 \\| 1.00 \\|
                \\| 2 \\| B \\| b \\| 600.00 \\| 1500 ±\\d+\\.\\d % \\| 3.00 \\| 1.50 \\|
                \\| 2 \\| C \\| c \\| 400.00 \\| 3000 ±\\d+\\.\\d % \\| 2.00 \\| 3.00 \\|
                \\| 4 \\| A \\| a \\| 100.00 \\| 1000 ±\\d+\\.\\d % \\| 1.00 \\| 1.00 \\|
                \\| 4 \\| B \\| b \\| 110.00 \\| 980 ±\\d+\\.\\d % \\| 1.10 \\| 0.98 \\|
                \\| 8 \\| A \\| a \\| 100.00 \\| 100 \\| 1.00 \\| 1.00 \\|
                \\| 8 \\| B \\| b \\| 90.00 \\| 200 \\| 0.90 \\| 2.00 \\|
                """);
    }

    @Test
    void theOrdersWithTheirTauAndThePooledTau() {
        assertThat(md).contains("""
                | Comparison | Seed's order | This run's order | Kendall's tau | Flipped pairs |
                | --- | --- | --- | --- | --- |
                | GET /, 1 connection | C &gt; B &gt; A | C &gt; B &gt; A | 1.00 | 0 of 3 |
                | GET /, 2 connections | B &gt; C &gt; A | C &gt; B &gt; A | 0.33 | 1 of 3 |
                | GET /, 4 connections | B &gt; A | A &gt; B | -1.00 | 1 of 1 |
                | GET /, 8 connections | A &gt; B | B &gt; A | -1.00 | 1 of 1 |
                | all pairs above |  |  | 0.25 | 3 of 8 |
                """);
    }

    @Test
    void eachFlippedPairWithBothRatiosAndTheIntervals() {
        assertThat(md).containsPattern("""
                \\| Comparison \\| Ahead in the seed \\| Behind in the seed \\| Seed's ratio \\| This run's ratio \\| This run's 95 % intervals \\|
                \\| --- \\| --- \\| --- \\| --- \\| --- \\| --- \\|
                \\| GET /, 2 connections \\| B \\| C \\| 1.50 \\| 0.50 \\| apart by more than one window's noise, but one round cannot vouch for a flip \\(--repeat 3 can\\): B 1\\d{3}–1\\d{3} against C [23]\\d{3}–3\\d{3} \\|
                \\| GET /, 4 connections \\| B \\| A \\| 1.10 \\| 0.98 \\| within one window's noise, so not a clear flip: B \\d+–\\d+ against A \\d+–\\d+ \\|
                \\| GET /, 8 connections \\| A \\| B \\| 1.11 \\| 0.50 \\| no interval to tell whether that is more than noise \\|
                """);
    }

    @Test
    void theSeedsFrameworksNotComparedAndTheSeedsSetting() {
        assertThat(md).contains("""
                | Framework | Target | Why |
                | --- | --- | --- |
                | D | — | Showdown has no target for it |
                | E | e | not in this run |
                | F | f | unavailable here: missing on PATH: go |
                """);
        assertThat(md).contains("""
                | Item | Value |
                | --- | --- |
                | Source | a seed built in code |
                | Load | h2load -t C -c C |
                | Per case | 30 s in the seed, 5 s here (shortened) |
                | Hardware | CPU: the seed's own |
                | Versions | Go 1.18 |
                | Note on B | B's note |
                | Reference | A (a) |
                """);
    }

    @Test
    void theReaderPicksTheReference() {
        String byB = MarkdownReport.render(ReproductionFixture.run(), PUBLISHED, "b");
        assertThat(byB).contains("Figures are normalised to B (target b), as --reference asked.");
        assertThat(byB).contains("| Connections | Framework | Target | Seed req/s | This run req/s | Seed ÷ B | This run ÷ B |");
        assertThat(byB).contains("| 2 | C | c | 400.00 | ");
        assertThat(byB).containsPattern("\\| 2 \\| C \\| c \\| 400.00 \\| 3000 ±\\d+\\.\\d % \\| 0.67 \\| 2.00 \\|");
    }

    @Test
    void aRunWithoutPublishedTablesHasNoReproductionSection() {
        assertThat(MarkdownReport.render(ReproductionFixture.run())).doesNotContain("Reproduction of");
    }

    @Test
    void theHtmlReportHasTheSectionAndTheSeedsCurvesBesideTheRuns() {
        String html = HtmlReport.render(ReproductionFixture.run(), PUBLISHED, null);
        assertThat(html).contains("<section id=\"reproduction-mist\">\n<h2>Reproduction of the mist seed</h2>");
        assertThat(html).contains("<a href=\"#reproduction-mist\">Reproduction of the mist seed</a>");
        assertThat(html).contains("aria-label=\"GET /: the seed&#39;s curves (dashed) beside this run&#39;s\"");
        assertThat(html).contains("Each side divided by A&#39;s req/s at 8 connections on its own machine");
        assertThat(html).contains("<caption>Flipped pairs: ahead in the seed, behind here</caption>");
        String section = html.substring(html.indexOf("<section id=\"reproduction-mist\">"));
        section = section.substring(0, section.indexOf("</section>"));
        assertThat(section.split("<svg ", -1)).hasSize(2);
    }
}
