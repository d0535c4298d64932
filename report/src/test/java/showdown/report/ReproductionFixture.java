package showdown.report;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import showdown.harness.plan.PublishedSeed;
import showdown.harness.plan.PublishedSeed.Figure;
import showdown.harness.plan.PublishedSeed.Framework;
import showdown.harness.results.CaseIdentity;
import showdown.harness.results.CaseResult;
import showdown.harness.results.CaseSample;
import showdown.harness.results.Environment;
import showdown.harness.results.Latency;
import showdown.harness.results.RunConfig;
import showdown.harness.results.RunResults;
import showdown.harness.results.TargetOutcome;

/**
 * A seed's published table and a run against it, built in code with round numbers so that every
 * normalised figure, tau and flip has a known answer. The seed is called {@code mist} (one request,
 * {@code GET /}, at 1, 2, 4 and 8 connections) and its run lasted 5 s per case against the seed's 30 s.
 *
 * <pre>
 *              seed (req/s)          run (req/s)             outcome
 *   c1   A 100  B 200  C 300     a 1000  b 2000  c 3000     holds
 *   c2   A 200  B 600  C 400     a 1000  b 1500  c 3000     B and C flip; intervals separate them
 *   c4   A 100  B 110            a 1000  b  980             A and B flip; intervals overlap
 *   c8   A 100  B  90            a  100  b  200             A and B flip; no slices, so no interval
 * </pre>
 * D has no target; E's target is not in the run; F's was unavailable.
 */
final class ReproductionFixture {

    static final double DURATION_S = 5;
    static final String REQUEST = "GET /";

    private ReproductionFixture() {
    }

    static PublishedSeed seed() {
        List<Framework> frameworks = List.of(new Framework("A", "a", null, null), new Framework("B", "b", null, "B's note"),
                new Framework("C", "c", null, null), new Framework("D", null, "Showdown has no target for it", null),
                new Framework("E", "e", null, null), new Framework("F", "f", null, null));
        List<Figure> figures = new ArrayList<>();
        rates(figures, 1, Map.of("A", 100.0, "B", 200.0, "C", 300.0, "D", 50.0));
        rates(figures, 2, Map.of("A", 200.0, "B", 600.0, "C", 400.0, "D", 80.0));
        rates(figures, 4, Map.of("A", 100.0, "B", 110.0, "E", 120.0));
        rates(figures, 8, Map.of("A", 100.0, "B", 90.0, "F", 70.0));
        return new PublishedSeed("mist", "a seed built in code", List.of("CPU: the seed's own"), Map.of("Go", "1.18"),
                "h2load -t C -c C", 30, frameworks, figures);
    }

    private static void rates(List<Figure> figures, int c, Map<String, Double> byFramework) {
        for (String f : List.of("A", "B", "C", "D", "E", "F")) {
            if (byFramework.containsKey(f)) {
                figures.add(new Figure(f, REQUEST, c, c, PublishedSeed.REQUESTS_PER_SECOND, byFramework.get(f), "req/s"));
            }
        }
    }

    static RunResults run() {
        Environment env = new Environment("Test CPU", 2, "6.1", "Linux", "JDK 21", Map.of(), null,
                List.of("showdown", "reproduce", "mist"), "0", "1", "0.1.0-test", "0-1", "unknown");
        RunConfig config = new RunConfig("seeds", DURATION_S, 0, 1, List.of(1, 2, 4, 8), 0, 2, true, List.of(),
                List.of("mist"), Map.of());
        List<TargetOutcome> targets = new ArrayList<>();
        for (String t : List.of("a", "b", "c")) {
            targets.add(new TargetOutcome(t, t.toUpperCase(), "go", t, "1", "framework", TargetOutcome.Status.OK, null,
                    10L, 1L << 20));
        }
        targets.add(new TargetOutcome("f", "F", "go", "f", "1", "framework", TargetOutcome.Status.UNAVAILABLE,
                "unavailable here: missing on PATH: go", null, null));
        List<CaseResult> cases = new ArrayList<>();
        // Quarter-second slices alternately 5 requests above and below the mean: narrow intervals.
        cases.add(aCase("a", 1, 1000, 5));
        cases.add(aCase("b", 1, 2000, 5));
        cases.add(aCase("c", 1, 3000, 5));
        cases.add(aCase("a", 2, 1000, 5));
        cases.add(aCase("b", 2, 1500, 5));
        cases.add(aCase("c", 2, 3000, 5));
        // 25 requests, 10 %: intervals of about ±4 %, so 1000 and 980 overlap.
        cases.add(aCase("a", 4, 1000, 25));
        cases.add(aCase("b", 4, 980, 25));
        // No slices at all: no interval.
        cases.add(aCase("a", 8, 100, -1));
        cases.add(aCase("b", 8, 200, -1));
        return new RunResults(RunResults.SCHEMA, "repro-1", "2026-12-01T00:00:00Z", "2026-12-01T00:10:00Z", env, config,
                targets, cases, List.of());
    }

    /**
     * A case at {@code rate} req/s over {@link #DURATION_S}: 20 slices alternately {@code swing} requests
     * above and below a quarter second's share (none when {@code swing} is negative). Latency: 1 ms mean,
     * 0.5 ms stdev.
     */
    static CaseResult aCase(String target, int connections, long rate, int swing) {
        long requests = Math.round(rate * DURATION_S);
        List<CaseSample> slices = new ArrayList<>();
        if (swing >= 0) {
            int n = 20;
            double length = DURATION_S / n;
            long share = requests / n;
            for (int i = 0; i < n; i++) {
                long r = share + (i % 2 == 0 ? swing : -swing);
                slices.add(new CaseSample(i * length, length, r, r / length, null, null, null, null));
            }
        }
        return CaseResult.builder()
                .identity(new CaseIdentity(target, "mist", REQUEST, connections, 0))
                .threads(connections)
                .durationSeconds(DURATION_S)
                .requests(requests)
                .latency(new Latency(1000, 500, 9000, 900, 1100, 1500, 3000, 4000, 5000))
                .statusCounts(Map.of(200, requests))
                .samples(slices)
                .finishedAt(Instant.parse("2026-12-01T00:05:00Z"))
                .build();
    }
}
