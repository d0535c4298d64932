package showdown.report;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import showdown.harness.results.CaseIdentity;
import showdown.harness.results.CaseNote;
import showdown.harness.results.CaseResult;
import showdown.harness.results.CaseSample;
import showdown.harness.results.Environment;
import showdown.harness.results.Errors;
import showdown.harness.results.GeneratorMetrics;
import showdown.harness.results.Interference;
import showdown.harness.results.Interval;
import showdown.harness.results.Latency;
import showdown.harness.results.PercentilePoint;
import showdown.harness.results.RunConfig;
import showdown.harness.results.RunResults;
import showdown.harness.results.ServerMetrics;
import showdown.harness.results.TargetOutcome;
import showdown.harness.results.Uncertainty;
import showdown.harness.results.WarmupOutcome;

/**
 * A run built in code: 2 targets, all four scenarios, 2 repetitions, with round numbers so that the
 * tests can state every cell. Each case lasts 5 s, so req/s = requests / 5.
 *
 * <p>The second target has a hostile display name, and lacks the regex route of S1 (a "—" cell).
 */
final class SampleRun {

    static final String HOSTILE = "<script>alert(1)</script> & \"Co\"";
    static final double DURATION_S = 5;

    private SampleRun() {
    }

    static RunResults build() {
        Environment env = new Environment("Test CPU @ 3.0GHz", 2, "6.1.0-test", "Debian GNU/Linux 12",
                "Temurin 21.0.5", Map.of("wrk", "4.2.0"), "0123abcd", List.of("showdown", "run", "--profile", "quick"),
                "0", "1", "0.1.0-test", "0-1", "performance");
        RunConfig config = new RunConfig("quick", DURATION_S, 2, 2, List.of(1, 2, 100, 256, 400), 1, 2, true,
                List.of(), List.of(), Map.of());
        List<TargetOutcome> targets = List.of(
                new TargetOutcome("netty", "Netty", "java", "Netty", "4.2.18.Final", "platform",
                        TargetOutcome.Status.OK, null, 350L, 60L * 1024 * 1024),
                new TargetOutcome("evil", HOSTILE, "java", "Evil", "1.0", "framework",
                        TargetOutcome.Status.OK, null, 900L, 120L * 1024 * 1024),
                new TargetOutcome("gone", "Gone", "go", "net/http", "1.22", "platform",
                        TargetOutcome.Status.UNAVAILABLE, "go is not on PATH", null, null));
        List<CaseResult> cases = new ArrayList<>();
        for (int rep = 0; rep < 2; rep++) {
            // S1 at 400 connections: requests in the window.
            cases.add(aCase("netty", "spock-scotty", "GET /echo/hello-world", 400, rep, 500_000 + rep * 20_000));
            cases.add(aCase("netty", "spock-scotty", "GET /echo/plain/{param}", 400, rep, 450_000 + rep * 10_000));
            cases.add(aCase("netty", "spock-scotty", "GET /echo/regex/{param}", 400, rep, 400_000 + rep * 10_000));
            cases.add(aCase("evil", "spock-scotty", "GET /echo/hello-world", 400, rep, 250_000 + rep * 10_000));
            cases.add(aCase("evil", "spock-scotty", "GET /echo/plain/{param}", 400, rep, 200_000 + rep * 10_000));
            // S2 at concurrency 1 and 2.
            for (int c : new int[] {1, 2}) {
                cases.add(aCase("netty", "mist", "GET /", c, rep, c * 50_000L + rep * 10_000));
                cases.add(aCase("netty", "mist", "GET /user/{id}", c, rep, c * 45_000L + rep * 10_000));
                cases.add(aCase("netty", "mist", "POST /user", c, rep, c * 30_000L + rep * 10_000));
                cases.add(aCase("evil", "mist", "GET /", c, rep, c * 20_000L + rep * 5_000));
                cases.add(aCase("evil", "mist", "GET /user/{id}", c, rep, c * 15_000L + rep * 5_000));
                cases.add(aCase("evil", "mist", "POST /user", c, rep, c * 10_000L + rep * 5_000));
            }
            // S3 at 100 connections: the hostile target is the faster one here, so it sorts first.
            cases.add(aCase("netty", "phoenix-showdown", "GET /{title}", 100, rep, 100_000 + rep * 10_000));
            cases.add(aCase("evil", "phoenix-showdown", "GET /{title}", 100, rep, 150_000 + rep * 5_000));
            // TechEmpower at 256 connections; plaintext pipelined ×16.
            cases.add(aCase("netty", "techempower", "GET /plaintext", 256, rep, 2_000_000 + rep * 100_000));
            cases.add(aCase("netty", "techempower", "GET /json", 256, rep, 600_000 + rep * 20_000));
            cases.add(aCase("evil", "techempower", "GET /plaintext", 256, rep, 1_000_000 + rep * 100_000));
            cases.add(aCase("evil", "techempower", "GET /json", 256, rep, 300_000 + rep * 20_000));
        }
        return new RunResults(RunResults.SCHEMA, "2026-11-30T010203Z", "2026-11-30T01:02:03Z",
                "2026-11-30T01:20:00Z", env, config, targets, cases, List.of());
    }

    /**
     * The case with {@code n} equal slices of its window whose rates scatter by {@code noise}
     * (relative) around its own rate, drawn from {@code seed}: what a run records for a steady server.
     */
    static CaseResult withSlices(CaseResult c, int n, double noise, long seed) {
        java.util.SplittableRandom random = new java.util.SplittableRandom(seed);
        List<showdown.harness.results.CaseSample> slices = new ArrayList<>();
        double length = c.durationSeconds() / n;
        long total = 0;
        for (int i = 0; i < n; i++) {
            long requests = Math.round(c.requestsPerSecond() * length * (1 + noise * random.nextGaussian()));
            total += requests;
            slices.add(new showdown.harness.results.CaseSample(i * length, length, requests, requests / length,
                    c.server().cpuMicrosPerRequest(), c.latency().p99Micros(), 0.0, 0.0));
        }
        return CaseResult.builder().from(c).samples(slices).requests(total).requestsPerSecond(total / c.durationSeconds())
                .build();
    }

    /**
     * {@link #build()} with every schema 1.1 field filled in: each case's window in 20 slices of a
     * quarter second, its confidence intervals, interference and a note, and each target start's
     * warm-up trace. The first case has no server CPU figure in its slices nor an interval for it.
     */
    static RunResults buildWithSchema11Fields() {
        RunResults run = build();
        List<CaseResult> cases = new ArrayList<>();
        for (CaseResult c : run.cases()) {
            boolean first = cases.isEmpty();
            List<CaseSample> samples = new ArrayList<>();
            int slices = 20;
            double slice = DURATION_S / slices;
            for (int i = 0; i < slices; i++) {
                long requests = c.requests() / slices;
                samples.add(new CaseSample(i * slice, slice, requests, requests / slice,
                        first ? null : c.server().cpuMicrosPerRequest(), c.latency().p99Micros(),
                        i == 0 ? null : 0.01, i == 0 ? null : 0.0));
            }
            double rps = c.requestsPerSecond();
            Double cpu = c.server().cpuMicrosPerRequest();
            Uncertainty uncertainty = new Uncertainty(0.95, Uncertainty.SLICES, 1, slices, new Interval(rps * 0.98, rps * 1.02),
                    first ? null : new Interval(cpu * 0.97, cpu * 1.03),
                    new Interval(c.latency().p99Micros() * 0.9, c.latency().p99Micros() * 1.1));
            List<CaseNote> notes = c.errors().total() > 0
                    ? List.of(new CaseNote(CaseNote.Kind.ERRORS, c.errors().timeout() + " requests timed out"))
                    : List.of(new CaseNote(CaseNote.Kind.LITTLES_LAW, "connections × pipeline agree with throughput"
                            + " × latency"));
            cases.add(CaseResult.builder()
                    .identity(c.identity()).method(c.method()).path(c.path()).threads(c.threads())
                    .pipeline(c.pipeline()).durationSeconds(c.durationSeconds()).requests(c.requests())
                    .requestsPerSecond(c.requestsPerSecond()).bytesRead(c.bytesRead()).latency(c.latency())
                    .spectrum(c.spectrum()).errors(c.errors()).statusCounts(c.statusCounts()).server(c.server())
                    .generator(c.generator()).finishedAt(Instant.parse(c.finishedAt()))
                    .samples(samples)
                    .uncertainty(uncertainty)
                    .interference(new Interference(0.01, 0.0, false))
                    .notes(notes)
                    .build());
        }
        List<WarmupOutcome> warmups = new ArrayList<>();
        for (String target : List.of("netty", "evil")) {
            for (int rep = 0; rep < 2; rep++) {
                boolean steady = !target.equals("evil");
                warmups.add(new WarmupOutcome(target, rep, 3, steady, List.of(
                        new WarmupOutcome.Slice("GET mix", 0, 1, 40_000),
                        new WarmupOutcome.Slice("GET mix", 1, 1, 48_000),
                        new WarmupOutcome.Slice("POST /user", 2, 1, 30_000))));
            }
        }
        return run.withCases(cases).withWarmups(warmups);
    }

    /**
     * One case. Latency: mean = 1e6 µs·connections / req/s (Little's law), stdev a tenth of it, p99
     * three times it. Server CPU: 20 µs per request for netty, 50 µs for the hostile one; 1 CPU-s of
     * generator time. The hostile target's second repetition has 3 timeouts.
     */
    static CaseResult aCase(String target, String scenario, String request, int connections, int rep, long requests) {
        double rps = requests / DURATION_S;
        double avgMicros = 1e6 * connections / rps;
        double cpuPerRequestMicros = target.equals("netty") ? 20 : 50;
        double cpuSeconds = cpuPerRequestMicros * requests / 1e6;
        return CaseResult.builder()
                .identity(new CaseIdentity(target, scenario, request, connections, rep))
                .method(request.substring(0, request.indexOf(' ')))
                .path(request.substring(request.indexOf(' ') + 1).replace("{param}", "hello").replace("{id}", "2048")
                        .replace("{title}", "showdown"))
                .threads(1)
                .pipeline(request.equals("GET /plaintext") ? 16 : 1)
                .durationSeconds(DURATION_S)
                .requests(requests)
                .bytesRead(requests * 120)
                .latency(new Latency(avgMicros, avgMicros / 10, avgMicros * 5, avgMicros, avgMicros * 1.2,
                        avgMicros * 1.5, avgMicros * 3, avgMicros * 4, avgMicros * 4.5))
                .spectrum(List.of(new PercentilePoint(0, avgMicros / 2), new PercentilePoint(50, avgMicros),
                        new PercentilePoint(90, avgMicros * 1.5), new PercentilePoint(99, avgMicros * 3),
                        new PercentilePoint(99.9, avgMicros * 4)))
                .errors(target.equals("evil") && rep == 1 ? new Errors(0, 0, 0, 3, 0, 0) : Errors.NONE)
                .statusCounts(Map.of(200, requests))
                .server(ServerMetrics.measured(cpuSeconds * 0.75, cpuSeconds * 0.25, 100L * 1024 * 1024,
                        90L * 1024 * 1024).perRequest(requests))
                .generator(new GeneratorMetrics(1.0, 1e6 / requests, 1, false))
                .finishedAt(Instant.parse("2026-11-30T01:10:00Z"))
                .build();
    }
}
