package showdown.cli;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import showdown.harness.results.CaseIdentity;
import showdown.harness.results.CaseResult;
import showdown.harness.results.CaseSample;
import showdown.harness.results.Environment;
import showdown.harness.results.ResultsJournal;
import showdown.harness.results.RunConfig;
import showdown.harness.results.RunResults;
import showdown.harness.results.TargetOutcome;

/** Results folders written through the real journal. */
final class ReportTestFolders {

    static final double DURATION_S = 2;

    private ReportTestFolders() {
    }

    private static final int SLICES = 8;

    /** Eight quarter-second slices holding {@code requests}, alternately 2 % above and below their mean. */
    static List<CaseSample> slices(long requests) {
        List<CaseSample> out = new java.util.ArrayList<>();
        double length = DURATION_S / SLICES;
        for (int i = 0; i < SLICES; i++) {
            long n = Math.round(requests / (double) SLICES * (i % 2 == 0 ? 1.02 : 0.98));
            out.add(new CaseSample(i * length, length, n, n / length, null, null, null, null));
        }
        return out;
    }

    /**
     * A finished run: targets alpha and beta, mist GET / and GET /user/{id} at 4 connections, each case
     * measured {@code reps} times. Requests of repetition r: {@code base + r * 100}, times {@code factor}
     * for alpha's GET / (so a second folder can make exactly one case faster).
     */
    static Path write(Path dir, int reps, double alphaRootFactor) {
        Environment env = new Environment("Test CPU", 2, "6.1", "Linux", "JDK 21", Map.of(), null,
                List.of("showdown", "run"), "0", "1", "0.1.0-test", "0-1", "unknown");
        RunConfig config = new RunConfig("quick", DURATION_S, 0, reps, List.of(4), 1, 2, false, List.of(), List.of(),
                Map.of());
        ResultsJournal journal = ResultsJournal.create(dir, RunResults.start("run-" + dir.getFileName(),
                "2026-11-30T01:00:00Z", env, config));
        for (String t : List.of("alpha", "beta")) {
            journal.recordTarget(new TargetOutcome(t, t.toUpperCase(), "java", "JDK", "21", "platform",
                    TargetOutcome.Status.OK, null, 100L, 1L << 20));
        }
        for (int r = 0; r < reps; r++) {
            for (String t : List.of("alpha", "beta")) {
                for (String request : List.of("GET /", "GET /user/{id}")) {
                    long base = t.equals("alpha") ? 20_000 : 10_000;
                    double factor = t.equals("alpha") && request.equals("GET /") ? alphaRootFactor : 1;
                    long requests = Math.round((base + r * 100) * factor);
                    journal.recordCase(CaseResult.builder()
                            .identity(new CaseIdentity(t, "mist", request, 4, r))
                            .durationSeconds(DURATION_S)
                            .requests(requests)
                            .statusCounts(Map.of(200, base))
                            .samples(slices(requests))
                            .build());
                }
            }
        }
        journal.finish();
        return dir;
    }
}
