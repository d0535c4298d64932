package showdown.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import showdown.harness.results.CaseResult;
import showdown.harness.results.NotOfferedCase;
import showdown.harness.results.RunResults;

/** A protocol a target does not declare: its cells say "not offered", neither a failure nor a blank. */
class NotOfferedTest {

    /** netty measured over h1-tls, h2-tls and h3; evil declares neither TLS nor QUIC, so its three cases are not offered. */
    static RunResults secureRun() {
        RunResults base = SampleRun.build();
        List<CaseResult> cases = new ArrayList<>(base.cases());
        for (int rep = 0; rep < 2; rep++) {
            for (String protocol : List.of("h1-tls", "h2-tls", "h3")) {
                cases.add(CaseResult.builder().from(SampleRun.aCase("netty", "secure", "GET /", 64, rep, 100_000))
                        .protocol(protocol).build());
            }
        }
        return base.withCases(cases).withNotOffered(List.of(
                new NotOfferedCase("evil", "secure", "GET /", "h1-tls", "", 64),
                new NotOfferedCase("evil", "secure", "GET /", "h2-tls", "", 64),
                new NotOfferedCase("evil", "secure", "GET /", "h3", "", 64)));
    }

    @Test
    void theSecureTableShowsH1TlsH2TlsAndH3SideBySideAndSaysNotOfferedForTheTargetWithoutTls() {
        ReportTables tables = new ReportTables(new Summaries(secureRun()), List.of());
        Table t = tables.byRequest("secure").get(0);
        String md = MarkdownReport.render(secureRun());

        assertThat(t.headers()).containsExactly("Framework", "GET / over h1-tls", "GET / over h2-tls", "GET / over h3");
        assertThat(t.rows()).hasSize(2);
        assertThat(t.rows().get(0).subList(1, 4)).noneMatch(c -> c.text().equals(Summaries.NOT_OFFERED)); // netty
        assertThat(t.rows().get(1).subList(1, 4)).allMatch(c -> c.text().equals(Summaries.NOT_OFFERED)); // evil
        assertThat(md).contains("not offered").contains("GET / over h2-tls").contains("GET / over h3");
    }

    @Test
    void protocolsAreKeptApartWhenTwoRunsAreCompared() {
        RunResults run = secureRun();
        Comparison c = Comparison.of(run, run, 5.0);
        assertThat(c.rows()).extracting(r -> r.key().request()).contains("GET / over h1-tls", "GET / over h2-tls", "GET / over h3");
    }
}
