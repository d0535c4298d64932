package showdown.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** report.html: self-contained, charts inlined as SVG, every foreign string escaped. */
class HtmlReportTest {

    static final String EVIL_HTML = "&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;Co&quot;";

    /** Rendered once: charts take a moment to draw, and every test reads the same page. */
    static final String html = HtmlReport.render(SampleRun.build());

    @Test
    void isOneDocumentWithChartsInlinedAsSvg() {
        assertThat(html).startsWith("<!DOCTYPE html>\n<html lang=\"en\">");
        assertThat(html).endsWith("</html>\n");
        // The headline: 1 per scenario; mist: 3 line charts; S1, S3, TechEmpower: 1 bar chart each;
        // 9 spectra (one per request); CPU: 1 per scenario.
        assertThat(count(html, "<svg ")).isEqualTo(4 + 3 + 3 + 9 + 4);
        assertThat(html).doesNotContain("<?xml", "<!DOCTYPE svg");
        assertThat(count(html, "role=\"img\" aria-label=\"")).isEqualTo(23);
        assertThat(html).contains("aria-label=\"GET /user/{id}: requests per second by concurrency\"");
        assertThat(html).contains("aria-label=\"mist POST /user, 2 connections: latency by percentile\"");
    }

    @Test
    void loadsNothingFromOutside() {
        assertThat(html).doesNotContainPattern("(?i)<script[^>]+src=");
        assertThat(html).doesNotContainPattern("(?i)<link\\b");
        assertThat(html).doesNotContainPattern("(?i)<img\\b");
        assertThat(html).doesNotContainPattern("(?i)@import|url\\((?!#)");
        assertThat(html).doesNotContainPattern("(?i)<(script|link|img|iframe)[^>]*https?://");
        // The only http(s) text is SVG's own XML namespace names, which are never fetched.
        Matcher urls = Pattern.compile("https?://[^\"\\s]+").matcher(html);
        while (urls.find()) {
            assertThat(urls.group()).isIn("http://www.w3.org/2000/svg", "http://www.w3.org/1999/xlink");
        }
        assertThat(count(html, "<script")).isEqualTo(1);
        assertThat(html).contains("<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; "
                + "style-src 'unsafe-inline'; script-src '" + HtmlReport.scriptHash() + "'\">");
    }

    @Test
    void escapesEveryStringFromAManifest() {
        assertThat(html).doesNotContain("<script>alert");
        assertThat(html).contains("<td>" + EVIL_HTML + "</td>");
        // Chart labels carry the name only in escaped form (XChart draws text as outlines).
        assertThat(html).doesNotContain("alert(1)</script>");
    }

    @Test
    void chartIdsAreUniqueAcrossTheDocument() {
        Matcher ids = Pattern.compile(" id=\"([^\"]+)\"").matcher(html);
        java.util.Set<String> seen = new java.util.HashSet<>();
        while (ids.find()) {
            assertThat(seen.add(ids.group(1))).as("duplicate id %s", ids.group(1)).isTrue();
        }
        assertThat(seen).isNotEmpty();
    }

    @Test
    void tablesAreSortableAndCarryTheirNumbers() {
        assertThat(count(html, "<table class=\"sortable\">")).isEqualTo(4 + 2 + 2 + 2 + 3 + 1 + 1 + 1); // headline: 1 per scenario; trust: warm-ups, notes
        assertThat(html).contains("<caption>Total requests in 5 s, 400 connections</caption>");
        assertThat(html).contains("<th scope=\"col\">Throughput (req/s)</th>");
        assertThat(html).contains("<td class=\"num\" data-v=\"510000.0\">510000 (500000–520000)</td>");
        assertThat(html).contains("<td class=\"num\" data-v=\"30500.0\">30500.00 (30000.00–31000.00) ±21.2 %</td>");
        assertThat(html).contains("document.querySelectorAll('table.sortable th')");
    }

    @Test
    void statesTheEnvironmentAndCpuSplitAtTheTop() {
        int header = html.indexOf("<header>");
        assertThat(html.indexOf("server on CPUs 0, load generator on CPUs 1")).isGreaterThan(header)
                .isLessThan(html.indexOf("<section"));
        assertThat(html).contains("<section id=\"headline\">", "<section id=\"environment\">", "<section id=\"spectra\">", "<section id=\"cpu\">",
                "<section id=\"scenario-mist\">", "<section id=\"details\">");
    }

    @Test
    void aRunWithoutCpuFiguresSaysSo() {
        var run = SampleRun.build();
        var noCpu = run.withCases(run.cases().stream().map(c -> showdown.harness.results.CaseResult.builder().from(c)
                .server(showdown.harness.results.ServerMetrics.UNMEASURED).build()).toList());
        String page = HtmlReport.render(noCpu);
        assertThat(page).contains("The server&#39;s CPU time was not measured in this run.");
        assertThat(count(page, "<svg ")).isEqualTo(4 + 3 + 3 + 9);
    }

    @Test
    void spectraStopWhereTheSampleCountStopsSupportingThem() {
        var fifty = SampleRun.aCase("netty", "mist", "GET /", 1, 0, 50);
        // 1/(1-p) may not exceed 50 requests: 0 %, 50 % and 90 % stay; 99 % and 99.9 % go.
        assertThat(HtmlReport.supported(fifty)).extracting(showdown.harness.results.PercentilePoint::percentile)
                .containsExactly(0.0, 50.0, 90.0);
    }

    @Test
    void escapeCoversTextAndAttributes() {
        assertThat(Html.escape("<a href=\"x\">'&'</a>")).isEqualTo("&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;");
    }

    static int count(String s, String part) {
        int n = 0;
        for (int i = s.indexOf(part); i >= 0; i = s.indexOf(part, i + part.length())) {
            n++;
        }
        return n;
    }
}
