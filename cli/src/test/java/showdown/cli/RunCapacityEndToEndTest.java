package showdown.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import showdown.harness.results.CaseResult;
import showdown.harness.results.ResultsJson;
import showdown.harness.results.RunResults;
import showdown.harness.results.SustainableThroughput;

/**
 * {@code showdown run} with a profile that has an {@code slo}, for real over one small target of our
 * own on 127.0.0.1: each closed-model level becomes one bounded search per latency target, each
 * journaled with its steps in the case's {@code sustainable} list, and the level at 50 % takes its
 * rate from the first target's answer. Windows are tiny and the target loose
 * (p99 under 1 s), so that the searches are short.
 */
class RunCapacityEndToEndTest {

    /** The harness's bound on a run's search. */
    private static final int MAX_STEPS = 12;

    @TempDir
    Path home;
    /** On the target's command line, so that cleanUp finds whatever the run left. */
    private final String marker = UUID.randomUUID().toString();

    /** A Showdown home with one target and {@code slo.yaml}: tiny windows, a loose p99. */
    private void writeHome() throws IOException {
        RunContractServer.home(home, "alpha", "alpha", marker);
        Files.writeString(home.resolve("slo.yaml"), """
                name: slo
                description: a tiny capacity run, for tests
                duration: 200ms
                warmup: 1s
                warmup-max: 3s
                settle: 200ms
                slo: p99=1s
                levels:
                  - {connections: 16, threads: 1}
                  - {connections: 16, threads: 1, rate: 50%}
                """);
        System.setProperty("showdown.home", home.toString());
    }

    @AfterEach
    void cleanUp() {
        System.clearProperty("showdown.home");
        assertThat(ProcessHandle.allProcesses()
                .filter(p -> p.info().commandLine().map(c -> c.contains(marker)).orElse(false))
                .filter(ProcessHandle::isAlive).toList()).as("servers left running").isEmpty();
    }

    @Test
    void eachClosedLevelIsASearchAndTheShareAfterItUsesItsAnswer() throws IOException {
        writeHome();
        Path out = home.resolve("results/slo");
        assertThat(Main.execute("run", "--profile", home.resolve("slo.yaml").toString(), "--scenario", "phoenix-showdown",
                "--target", "alpha", "--out", out.toString(), "--seed", "5", "--slo", "p99=900ms,p99=2s")).isZero();

        RunResults run = ResultsJson.read(out.resolve("results.json"));
        List<CaseResult> searches = run.cases().stream().filter(CaseResult::searched).toList();
        assertThat(run.cases()).hasSize(2);
        assertThat(searches).hasSize(1); // phoenix-showdown has one request: one search case, one case at 50 % of it
        CaseResult s = searches.get(0);
        assertThat(s.sustainable()).extracting(SustainableThroughput::slo).containsExactly("p99 <= 900 ms", "p99 <= 2000 ms");
        assertThat(s.rate()).isNull();
        for (SustainableThroughput found : s.sustainable()) {
            assertThat(found.quantile()).isEqualTo("p99");
            assertThat(found.steps()).isNotEmpty().hasSizeLessThanOrEqualTo(MAX_STEPS);
            if (found.requestsPerSecond() > 0) {
                assertThat(found.interval().contains(found.requestsPerSecond())).isTrue();
            }
        }
        double answer = s.sustainable().get(0).requestsPerSecond();
        if (answer > 0) {
            CaseResult half = run.cases().stream().filter(c -> c.request().equals(s.request()) && c.rate() != null)
                    .findFirst().orElseThrow();
            assertThat(half.rate()).isEqualTo((double) Math.max(1, Math.round(answer * 0.5)));
            assertThat(half.rateOfCapacityPercent()).isEqualTo(50.0);
            assertThat(half.searched()).isFalse();
        }
        String md = Files.readString(out.resolve("report.md"));
        assertThat(md).startsWith("# Showdown report").contains(": p99 under 900 ms**", ": p99 under 2000 ms**");
    }
}
