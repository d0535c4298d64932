package showdown.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import showdown.harness.results.CaseNote;
import showdown.harness.results.CaseResult;
import showdown.harness.results.RunResults;

/**
 * The headline both reports open with, for a run of three targets in one scenario whose order differs
 * from case to case: only the main case (the first request at its highest connection level) ranks them.
 */
class HeadlineTest {

    static final String SCENARIO = "custom";
    static final String MAIN = "GET /";
    static final String NOTE = "the load generator, not the server, probably set the pace";

    /** At 64 connections on GET /: evil 30,000 req/s, third 25,000, netty 20,000 (requests / 5 s). */
    static RunResults threeTargets() {
        List<CaseResult> cases = new ArrayList<>();
        // The lower level and the second request rank them the other way round: neither is the main case.
        cases.add(main("netty", 100_000, List.of()));
        cases.add(SampleRun.aCase("netty", SCENARIO, MAIN, 8, 0, 900_000));
        cases.add(main("evil", 150_000, List.of()));
        cases.add(SampleRun.aCase("evil", SCENARIO, MAIN, 8, 0, 10_000));
        cases.add(main("third", 125_000, List.of(new CaseNote(CaseNote.Kind.GENERATOR_SATURATED, NOTE))));
        cases.add(SampleRun.aCase("netty", SCENARIO, "GET /json", 64, 0, 900_000));
        cases.add(SampleRun.aCase("evil", SCENARIO, "GET /json", 64, 0, 10_000));
        return SampleRun.build().withCases(cases);
    }

    private static CaseResult main(String target, long requests, List<CaseNote> notes) {
        CaseResult c = SampleRun.withSlices(SampleRun.aCase(target, SCENARIO, MAIN, 64, 0, requests), 20, 0.01,
                requests);
        return CaseResult.builder().from(c).notes(notes).build();
    }

    final List<Headline.Ranking> rankings = new Headline(new Summaries(threeTargets())).rankings();

    @Test
    void ranksTheTargetsByTheMainCasesRequestsPerSecond() {
        assertThat(rankings).hasSize(1);
        Headline.Ranking r = rankings.get(0);
        assertThat(r.request()).isEqualTo(MAIN);
        assertThat(r.connections()).isEqualTo(64);
        assertThat(r.entries()).extracting(Headline.Entry::target).containsExactly("evil", "third", "netty");
        assertThat(r.entries().get(0).figure().median()).isCloseTo(30_000, org.assertj.core.data.Offset.offset(600.0));
    }

    @Test
    void eachFigureHasItsIntervalAndItsNotes() {
        for (Headline.Entry e : rankings.get(0).entries()) {
            assertThat(e.figure().ci()).as(e.target()).isNotNull();
            assertThat(e.figure().ci().contains(e.figure().median())).as(e.target()).isTrue();
        }
        assertThat(rankings.get(0).entries().get(1).notes()).extracting(CaseNote::message).containsExactly(NOTE);
        assertThat(rankings.get(0).entries().get(0).notes()).isEmpty();
    }

    @Test
    void reportMdOpensWithTheRankedTable() {
        String md = MarkdownReport.render(threeTargets());
        int headline = md.indexOf("## Headline");
        assertThat(headline).isPositive().isLessThan(md.indexOf("## Environment"));
        List<String> rows = md.substring(headline).lines().filter(l -> l.startsWith("| ") && !l.startsWith("| ---")).limit(4).toList();
        assertThat(rows.get(0)).isEqualTo("| Rank | Framework | req/s | 95 % interval | Notes |");
        assertThat(rows.get(1)).startsWith("| 1 | " + MarkdownReportTest.EVIL_MD + " | ");
        assertThat(rows.get(2)).startsWith("| 2 | third | ").endsWith(" | " + NOTE + " |");
        assertThat(rows.get(3)).startsWith("| 3 | Netty | ").endsWith(" |  |");
        assertThat(md).contains("**custom: GET /, 64 connections, req/s**");
    }

    @Test
    void reportHtmlOpensWithTheChartAndTheTable() {
        String html = HtmlReport.render(threeTargets());
        int section = html.indexOf("<section id=\"headline\">");
        assertThat(section).isPositive().isLessThan(html.indexOf("<section id=\"environment\">"));
        assertThat(html.indexOf("<section")).isEqualTo(section);
        assertThat(html.indexOf("<svg ")).isGreaterThan(section);
        assertThat(html).contains("aria-label=\"custom: GET /, 64 connections, req/s\"");
        String table = html.substring(section, html.indexOf("</section>", section));
        assertThat(table.indexOf(HtmlReportTest.EVIL_HTML)).isLessThan(table.indexOf(">third<"));
        assertThat(table.indexOf(">third<")).isLessThan(table.indexOf(">Netty<"));
        assertThat(table).contains(NOTE);
    }
}
