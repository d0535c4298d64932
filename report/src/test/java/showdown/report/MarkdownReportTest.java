package showdown.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** report.md, table by table, for a run of 2 targets, 4 scenarios and 2 repetitions. */
class MarkdownReportTest {

    static final String EVIL_MD = "&lt;script&gt;alert(1)&lt;/script&gt; &amp; \"Co\"";

    final String md = MarkdownReport.render(SampleRun.build());

    @Test
    void startsWithTheEnvironmentAndTheCpuSplit() {
        List<String> lines = md.lines().toList();
        assertThat(lines.get(0)).isEqualTo("# Showdown report: run 2026-11-30T010203Z");
        assertThat(lines.get(2)).isEqualTo("Measured on Test CPU @ 3.0GHz (2 logical CPUs), Debian GNU/Linux 12, "
                + "Temurin 21.0.5; server on CPUs 0, load generator on CPUs 1.");
        assertThat(md).contains("Each case ran 2 times: a cell shows the median and, in brackets, the spread (min–max).");
        assertThat(md).contains("""
                | Item | Value |
                | --- | --- |
                | CPU | Test CPU @ 3.0GHz (2 logical CPUs; Showdown on CPUs 0-1; governor performance) |
                | CPU split | server on CPUs 0, load generator on CPUs 1 |
                | Kernel | 6.1.0-test |
                | OS | Debian GNU/Linux 12 |
                | JDK | Temurin 21.0.5 |
                | Tools | wrk 4.2.0 |
                | Showdown | 0.1.0-test, commit 0123abcd |
                | Command | showdown run --profile quick |
                | Profile | quick |
                | Settings | 5 s per case; 2 s JIT warm-up; 2 repetitions, interleaved; connections 1, 2, 100, 256, 400; 1 load threads; timeout 2 s |
                | Started | 2026-11-30T01:02:03Z |
                | Finished | 2026-11-30T01:20:00Z |
                """);
    }

    @Test
    void listsEveryTargetWithItsOutcome() {
        assertThat(md).contains("""
                | Framework | Language | Framework version | Category | Status | Ready after (ms) | Idle RSS (MiB) | Reason |
                | --- | --- | --- | --- | --- | --- | --- | --- |
                | Netty | java | 4.2.18.Final | platform | ok | 350 | 60.0 |  |
                | %s | java | 1.0 | framework | ok | 900 | 120.0 |  |
                | Gone | go | 1.22 | platform | unavailable | — | — | go is not on PATH |
                """.formatted(EVIL_MD));
    }

    @Test
    void spockScottyIsFrameworkByRouteInTotalRequestsThenRequestsPerSecond() {
        assertThat(md).contains("""
                **Total requests in 5 s, 400 connections**

                | Framework | GET /echo/hello-world | GET /echo/plain/{param} | GET /echo/regex/{param} |
                | --- | --- | --- | --- |
                | Netty | 510000 (500000–520000) | 455000 (450000–460000) | 405000 (400000–410000) |
                | %s | 255000 (250000–260000) | 205000 (200000–210000) | — |
                """.formatted(EVIL_MD));
        assertThat(md).contains("""
                **Requests per second, 400 connections**

                | Framework | GET /echo/hello-world | GET /echo/plain/{param} | GET /echo/regex/{param} |
                | --- | --- | --- | --- |
                | Netty | 102000 (100000–104000) ±14.6 %% | 91000 (90000–92000) ±14.6 %% | 81000 (80000–82000) ±14.6 %% |
                | %s | 51000 (50000–52000) ±21.2 %% | 41000 (40000–42000) ±21.2 %% | — |
                """.formatted(EVIL_MD));
    }

    @Test
    void mistIsOneTablePerRequestFrameworkByConcurrency() {
        assertThat(md).contains("""
                **GET /**

                | Framework | Concurrency 1 | 2 |
                | --- | --- | --- |
                | Netty | 11000 req/s (10000–12000) ±14.6 %% | 21000 req/s (20000–22000) ±14.6 %% |
                | %s | 4500 req/s (4000–5000) ±21.1 %% | 8500 req/s (8000–9000) ±21.2 %% |
                """.formatted(EVIL_MD));
        assertThat(md).contains("""
                **GET /user/{id}**

                | Framework | Concurrency 1 | 2 |
                | --- | --- | --- |
                | Netty | 10000 req/s (9000–11000) ±14.6 %% | 19000 req/s (18000–20000) ±14.6 %% |
                | %s | 3500 req/s (3000–4000) ±21.0 %% | 6500 req/s (6000–7000) ±21.1 %% |
                """.formatted(EVIL_MD));
        assertThat(md).contains("""
                **POST /user**

                | Framework | Concurrency 1 | 2 |
                | --- | --- | --- |
                | Netty | 7000 req/s (6000–8000) ±14.5 %% | 13000 req/s (12000–14000) ±14.6 %% |
                | %s | 2500 req/s (2000–3000) ±20.8 %% | 4500 req/s (4000–5000) ±21.1 %% |
                """.formatted(EVIL_MD));
    }

    @Test
    void phoenixShowdownIsSortedByThroughputWithLatencyAndConsistency() {
        assertThat(md).contains("""
                **GET /{title}, 100 connections**

                | Framework | Throughput (req/s) | Latency (ms) | Consistency (σ ms) |
                | --- | --- | --- | --- |
                | %s | 30500.00 (30000.00–31000.00) ±21.2 %% | 3.28ms (3.23–3.33) | 0.33ms (0.32–0.33) |
                | Netty | 21000.00 (20000.00–22000.00) ±14.6 %% | 4.77ms (4.55–5.00) | 0.48ms (0.45–0.50) |
                """.formatted(EVIL_MD));
    }

    @Test
    void techEmpowerIsFrameworkByRequestAndNamesThePipelining() {
        assertThat(md).contains("""
                **Requests per second, 256 connections (GET /plaintext pipelined ×16)**

                | Framework | GET /plaintext | GET /json |
                | --- | --- | --- |
                | Netty | 410000 (400000–420000) ±14.6 %% | 122000 (120000–124000) ±14.6 %% |
                | %s | 210000 (200000–220000) ±21.2 %% | 62000 (60000–64000) ±21.2 %% |
                """.formatted(EVIL_MD));
    }

    @Test
    void theDetailsAddTailsCpuMemoryAndErrors() {
        String header = "| Framework | Scenario | Request | Connections | req/s | p99 (ms) | Server CPU-µs/request "
                + "| Generator CPU-µs/request | Peak RSS (MiB) | Errors | Note |";
        List<String> lines = md.lines().toList();
        int at = lines.indexOf(header);
        assertThat(at).isPositive();
        List<String> rows = lines.subList(at + 2, lines.size()).stream().takeWhile(l -> l.startsWith("| ")).toList();
        // netty: 3 + 6 + 1 + 2 cases; the hostile target: 2 + 6 + 1 + 2.
        assertThat(rows).hasSize(23);
        assertThat(rows.get(0)).isEqualTo("| Netty | spock-scotty | GET /echo/hello-world | 400 | 102000 (100000–104000) ±14.6 % "
                + "| 11.77 (11.54–12.00) ±14.6 % | 20.0 ±0.0 % | 2.0 (1.9–2.0) | 100.0 | 0 |  |");
        assertThat(rows).contains("| " + EVIL_MD + " | techempower | GET /plaintext | 256 | 210000 (200000–220000) ±21.2 % "
                + "| 3.67 (3.49–3.84) ±21.2 % | 50.0 ±0.0 % | 1.0 (0.9–1.0) | 100.0 | 3 (timeout 3) | pipelined ×16 |");
        assertThat(Arrays.stream(md.split("\n")).filter(l -> l.startsWith("| Netty | mist |"))).hasSize(6);
    }

    @Test
    void aSingleRepetitionShowsPlainCells() {
        var run = SampleRun.build();
        var once = run.withCases(run.cases().stream().filter(c -> c.repetition() == 0).toList());
        String single = MarkdownReport.render(once);
        assertThat(single).contains("Each case ran once: a cell shows that single measurement.");
        assertThat(single).contains("| Netty | 100000 | 90000 | 80000 |");
        assertThat(single).contains("| Netty | 10000 req/s | 20000 req/s |");
    }

    @Test
    void markdownCannotBeBrokenByAName() {
        assertThat(MarkdownReport.escape("a|b<i>\nc")).isEqualTo("a\\|b&lt;i&gt; c");
    }
}
