package showdown.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import showdown.harness.results.CaseResult;
import showdown.harness.results.Interval;
import showdown.harness.results.RunResults;
import showdown.harness.results.SustainableThroughput;

/**
 * The reports of a capacity run of three targets whose order by sustainable throughput (third,
 * netty, evil) differs from their order by the req/s of the same cases (evil, third, netty), each
 * searched at p99 <= 10 ms and at p99 <= 100 ms (where netty comes first).
 */
class SustainableReportTest {

    static RunResults capacityRun() {
        return capacityRun(HeadlineTest.threeTargets());
    }

    /** The main cases of {@code run} at 64 connections, as search cases. */
    static RunResults capacityRun(RunResults run) {
        List<CaseResult> cases = new ArrayList<>();
        for (CaseResult c : run.cases()) {
            if (c.connections() == 64 && c.request().equals(HeadlineTest.MAIN)) {
                // As a run records a search case: its steps hold the latencies; no histogram, slices or CPU.
                cases.add(CaseResult.builder().from(c).latency(showdown.harness.results.Latency.NONE).spectrum(List.of())
                        .samples(List.of()).server(showdown.harness.results.ServerMetrics.UNMEASURED)
                        .sustainable(switch (c.target()) {
                    case "netty" -> List.of(found(10_000, 5_000, 5_200, "latency", false),
                            found(100_000, 9_000, 9_300, "latency", false));
                    case "evil" -> List.of(found(10_000, 4_000, 4_100, "errors", false),
                            found(100_000, 4_000, 4_100, "errors", false));
                    default -> List.of(found(10_000, 6_000, 6_000, "generator", true),
                            found(100_000, 6_000, 6_000, "generator", true));
                }).build());
            }
        }
        return SampleRun.build().withCases(cases);
    }

    private static SustainableThroughput found(double limitMicros, double rate, double failed, String limit,
                                               boolean generatorBound) {
        return new SustainableThroughput("p99", limitMicros, rate, new Interval(rate, failed), limit, generatorBound, List.of(
                new SustainableThroughput.SearchStep(rate / 2, rate / 2, 800, 2_000, "pass"),
                new SustainableThroughput.SearchStep(rate, rate * 0.999, 1_500, 9_000, "pass"),
                new SustainableThroughput.SearchStep(failed * 1.5, failed, 5_000, 40_000, "latency")));
    }

    @Test
    void theHeadlineRanksBySustainableThroughputWithTheKneesBracket() {
        Headline.Ranking r = new Headline(new Summaries(capacityRun())).rankings().get(0);
        assertThat(r.figure()).isEqualTo("sustainable req/s");
        assertThat(r.entries()).extracting(Headline.Entry::target).containsExactly("third", "netty", "evil");
        assertThat(r.entries().get(1).figure().median()).isEqualTo(5_000.0);
        assertThat(r.entries().get(1).figure().ci()).isEqualTo(new Interval(5_000, 5_200));
        String md = MarkdownReport.render(capacityRun());
        assertThat(md).contains("| Rank | Framework | sustainable req/s | Knee between | Notes |",
                "| 2 | Netty | 5000 | 5000–5200 |  |");
    }

    @Test
    void reportMdHasTheSustainableThroughputTableRankedWithItsLimits() {
        String md = MarkdownReport.render(capacityRun());
        assertThat(md).contains("## Sustainable throughput");
        assertThat(md.indexOf("**Scenario custom: p99 under 10 ms**")).isPositive()
                .isLessThan(md.indexOf("**Scenario custom: p99 under 100 ms**"));
        assertThat(md).contains("""
                | Request | Rank | Framework | Connections | Sustainable (req/s) | Over rounds (req/s) | Knee between (req/s) | Limited by | Steps |
                | --- | --- | --- | --- | --- | --- | --- | --- | --- |
                | GET / | 1 | third | 64 | 6000 | — | 6000–6000 | the load generator (not the server's limit) | 3 |
                | GET / | 2 | Netty | 64 | 5000 | — | 5000–5200 | the server's latency | 3 |
                | GET / | 3 | %s | 64 | 4000 | — | 4000–4100 | errors | 3 |
                """.formatted(MarkdownReportTest.EVIL_MD));
        assertThat(md).contains("""
                | GET / | 1 | Netty | 64 | 9000 | — | 9000–9300 | the server's latency | 3 |
                | GET / | 2 | third | 64 | 6000 | — | 6000–6000 | the load generator (not the server's limit) | 3 |
                | GET / | 3 | %s | 64 | 4000 | — | 4000–4100 | errors | 3 |
                """.formatted(MarkdownReportTest.EVIL_MD));
        assertThat(MarkdownReport.render(HeadlineTest.threeTargets())).doesNotContain("## Sustainable throughput");
        // A search case has no latency histogram of its own: its steps hold the latencies.
        String details = md.lines().filter(l -> l.startsWith("| Netty | custom | GET / | 64 | ")).findFirst().orElseThrow();
        assertThat(details.split(" \\| ")[5]).isEqualTo("—");
    }

    @Test
    void theLatencyAgainstRateChartHasBothQuantilesPerTargetItsKneesAndALinePerLatencyTarget() {
        Charts.RatePoint knee = new Charts.RatePoint(5_000, 1.5, 9);
        Charts.RatePoint kneeAt100 = new Charts.RatePoint(5_200, 5, 40);
        java.util.Map<String, Double> limits = new java.util.LinkedHashMap<>();
        limits.put("p99 <= 10 ms", 10.0);
        limits.put("p99 <= 100 ms", 100.0);
        var chart = Charts.latencyVsRate("t", "p99", limits, java.util.Map.of("netty", List.of(
                new Charts.RatePoint(2_500, 0.8, 2), knee, kneeAt100)), java.util.Map.of("netty", List.of(knee, kneeAt100)));
        assertThat(chart.getSeriesMap().keySet()).containsExactlyInAnyOrder("netty p99", "netty p50", "netty knee",
                "p99 <= 10 ms", "p99 <= 100 ms");
        assertThat(chart.getSeriesMap().get("p99 <= 10 ms").getYData()).containsExactly(10.0, 10.0);
        assertThat(chart.getSeriesMap().get("p99 <= 100 ms").getYData()).containsExactly(100.0, 100.0);
        assertThat(chart.getSeriesMap().get("p99 <= 10 ms").getXData()).containsExactly(0.0, 5_200.0);
        assertThat(chart.getSeriesMap().get("netty knee").getXData()).containsExactly(5_000.0, 5_200.0);
    }

    @Test
    void withTwoRoundsTheTableGivesEachSustainableThroughputItsIntervalOverRounds() {
        RunResults once = capacityRun();
        List<CaseResult> twice = new ArrayList<>(once.cases());
        for (CaseResult c : once.cases()) {
            // A second round 10 % higher at p99 <= 10 ms and the same at 100 ms.
            List<SustainableThroughput> second = c.sustainable().stream().map(f -> f.limitMicros() == 10_000
                    ? new SustainableThroughput(f.quantile(), f.limitMicros(), f.requestsPerSecond() * 1.1,
                    f.interval(), f.limit(), f.generatorBound(), f.steps()) : f).toList();
            twice.add(CaseResult.builder().from(c).repetition(1).sustainable(second).build());
        }
        RunResults run = once.withCases(twice);
        Summaries summaries = new Summaries(run);
        Summary netty = summaries.get("netty", "custom", "GET /", 64).orElseThrow();
        var pooled = showdown.harness.stats.SustainableRounds.pooledByTarget(List.of(netty.repetitions())).get("netty");
        Interval expected = showdown.harness.stats.SustainableRounds.interval(netty.repetitions(), "p99 <= 10 ms", pooled,
                0.95);
        assertThat(expected).isNotNull();
        assertThat(expected.contains(Math.sqrt(5_000 * 5_500.0))).isTrue();
        String md = MarkdownReport.render(run);
        String row = md.lines().filter(l -> l.startsWith("| GET / | ") && l.contains("| Netty | 64 | 5250"))
                .findFirst().orElseThrow();
        assertThat(row.split(" \\| ")[5]).isEqualTo(Format.whole(expected.low()) + "–" + Format.whole(expected.high()));
    }

    @Test
    void reportHtmlOpensWithTheLatencyAgainstRateChart() {
        String html = HtmlReport.render(capacityRun());
        int first = html.indexOf("<svg ");
        assertThat(html.indexOf("aria-label=\"custom: GET /, latency against rate\"")).isGreaterThan(first)
                .isLessThan(html.indexOf("<svg ", first + 1));
        assertThat(html.indexOf("<section id=\"headline\">")).isLessThan(first);
        assertThat(HtmlReport.render(HeadlineTest.threeTargets())).doesNotContain("latency against rate");
    }
}
