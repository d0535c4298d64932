package showdown.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import showdown.harness.results.CaseResult;
import showdown.harness.results.Latency;
import showdown.harness.results.RunResults;

/** The latency profile's table: capacity, then p50, p99 and p99.9 at each share of it. */
class LatencyAtCapacityTest {

    static final int CONNECTIONS = 64;

    /**
     * A latency-profile run, one repetition: netty and evil, GET /json over h1 and h2c, each with a
     * capacity case and open-model cases at 25, 50 and 75 % of it; netty's plaintext is pipelined and
     * has its capacity case only. At share s % the latencies are s/100 ms (p50), 2·s/100 (p99), 3·s/100
     * (p99.9), plus 1 ms for evil.
     */
    static RunResults latencyRun() {
        RunResults base = SampleRun.build();
        List<CaseResult> cases = new ArrayList<>();
        for (String target : List.of("netty", "evil")) {
            for (String protocol : List.of("h1", "h2c")) {
                long capacityRequests = target.equals("netty") ? 100_000 : 50_000; // 20000 and 10000 req/s
                cases.add(CaseResult.builder().from(SampleRun.aCase(target, "techempower", "GET /json", CONNECTIONS, 0,
                        capacityRequests)).protocol(protocol).build());
                double capacity = capacityRequests / SampleRun.DURATION_S;
                for (int share : new int[] {25, 50, 75}) {
                    double extraMicros = target.equals("netty") ? 0 : 1_000;
                    double p50 = share * 10 + extraMicros;
                    Latency l = new Latency(p50, 1, p50 * 10, p50, p50, p50, share * 20 + extraMicros, share * 30 + extraMicros,
                            share * 40 + extraMicros);
                    long requests = Math.round(capacity * share / 100 * SampleRun.DURATION_S);
                    cases.add(CaseResult.builder().from(SampleRun.aCase(target, "techempower", "GET /json", CONNECTIONS, 0,
                            requests)).protocol(protocol).rate(capacity * share / 100, (double) share).latency(l).build());
                }
            }
        }
        cases.add(SampleRun.aCase("netty", "techempower", "GET /plaintext", CONNECTIONS, 0, 1_000_000));
        return base.withCases(cases);
    }

    static Table table(RunResults run) {
        Section s = new ReportTables(new Summaries(run), List.of()).sections().stream()
                .filter(x -> x.id().equals(LatencyAtCapacity.ID)).findFirst().orElseThrow();
        assertThat(s.heading()).isEqualTo("Latency at fractions of capacity");
        assertThat(s.tables()).hasSize(1);
        return s.tables().get(0);
    }

    static List<String> texts(List<Table.Cell> row) {
        return row.stream().map(Table.Cell::text).toList();
    }

    @Test
    void eachTargetRequestAndProtocolHasItsCapacityAndItsPercentilesAtEachShare() {
        Table t = table(latencyRun());

        assertThat(t.headers()).containsExactly("Framework", "Request", "Protocol", "Connections", "Capacity (req/s)",
                "p50 at 25 % (ms)", "p99 at 25 % (ms)", "p99.9 at 25 % (ms)",
                "p50 at 50 % (ms)", "p99 at 50 % (ms)", "p99.9 at 50 % (ms)",
                "p50 at 75 % (ms)", "p99 at 75 % (ms)", "p99.9 at 75 % (ms)");
        assertThat(t.rows()).extracting(LatencyAtCapacityTest::texts).containsExactlyInAnyOrder(
                List.of("Netty", "GET /json", "h1", "64", "20000",
                        "0.25", "0.50", "0.75", "0.50", "1.00", "1.50", "0.75", "1.50", "2.25"),
                List.of("Netty", "GET /json", "h2c", "64", "20000",
                        "0.25", "0.50", "0.75", "0.50", "1.00", "1.50", "0.75", "1.50", "2.25"),
                List.of(SampleRun.HOSTILE, "GET /json", "h1", "64", "10000",
                        "1.25", "1.50", "1.75", "1.50", "2.00", "2.50", "1.75", "2.50", "3.25"),
                List.of(SampleRun.HOSTILE, "GET /json", "h2c", "64", "10000",
                        "1.25", "1.50", "1.75", "1.50", "2.00", "2.50", "1.75", "2.50", "3.25"),
                // pipelined: the open model does not run it, so only its capacity
                List.of("Netty", "GET /plaintext", "h1", "64", "200000",
                        "—", "—", "—", "—", "—", "—", "—", "—", "—"));
    }

    @Test
    void bothReportsShowTheTableOnlyWhenTheRunHasSuchCases() {
        String md = MarkdownReport.render(latencyRun());
        String html = HtmlReport.render(latencyRun());

        assertThat(md).contains("Latency at fractions of capacity").contains("p99.9 at 75 % (ms)");
        assertThat(html).contains("id=\"" + LatencyAtCapacity.ID + "\"").contains("p99.9 at 75 % (ms)");
        assertThat(MarkdownReport.render(SampleRun.build())).doesNotContain("Latency at fractions of capacity");
        assertThat(new ReportTables(new Summaries(SampleRun.build()), List.of()).sections())
                .noneMatch(s -> s.id().equals(LatencyAtCapacity.ID));
    }
}
