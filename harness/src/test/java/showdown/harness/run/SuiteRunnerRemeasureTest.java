package showdown.harness.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import showdown.harness.measure.CaseMeasurer;
import showdown.harness.measure.ServerMetrics;
import showdown.harness.plan.PlanTarget;
import showdown.harness.plan.Profile;
import showdown.harness.plan.RunPlan;
import showdown.harness.plan.ScenarioCatalog;
import showdown.harness.results.CaseResult;
import showdown.harness.results.CaseSample;
import showdown.harness.results.Environment;
import showdown.harness.results.Interference;
import showdown.harness.results.ResultsJournal;
import showdown.harness.results.RunConfig;
import showdown.harness.results.RunResults;
import showdown.harness.targets.Availability;
import showdown.harness.targets.ManifestFixture;
import showdown.harness.targets.Protocol;
import showdown.harness.targets.ServedTarget;
import showdown.harness.targets.StartOptions;
import showdown.harness.targets.TargetCatalog;
import showdown.harness.targets.TargetManifest;
import showdown.load.ErrorCounts;
import showdown.load.LoadResult;
import showdown.load.LoadSpec;
import showdown.load.ProgressListener;
import showdown.load.Transport;

/**
 * {@code --remeasure}: a case the run judged disturbed is measured once more at the end of the run,
 * on a target started afresh, and the new measurement replaces the old one; without the flag the
 * disturbed case stays as it was. The targets and the load are fakes: nothing is started or loaded.
 */
class SuiteRunnerRemeasureTest {

    private static final String DISTURBED_PATH = "/noisy";

    @TempDir
    Path dir;

    /** Two cases of one target; the one on {@link #DISTURBED_PATH} is disturbed the first time only. */
    private RunPlan plan() throws IOException {
        Files.writeString(Files.createDirectories(dir.resolve("scenarios")).resolve("s.yaml"), """
                name: s
                requests:
                  - {label: GET /quiet, path: /quiet}
                  - {label: GET /noisy, path: /noisy}
                """);
        Profile profile = profile();
        RunPlan plan = RunPlan.build(List.of(new PlanTarget("t", List.of("s"), List.of(Protocol.H1))),
                List.of(ScenarioCatalog.load(dir.resolve("scenarios")).require("s")), profile, 1, 1L);
        assertThat(plan.cases()).hasSize(2);
        return plan;
    }

    private Profile profile() throws IOException {
        return Profile.load(Files.writeString(dir.resolve("p.yaml"), """
                duration: 1s
                warmup: 0s
                levels:
                  - {connections: 1, threads: 1}
                """));
    }

    private TargetManifest manifest() throws IOException {
        return ManifestFixture.write(dir.resolve("targets").resolve("t"), """
                start: ["true"]
                port: env
                ready: /
                scenarios: [s]
                """);
    }

    /** Counts the targets started and the measurements taken, by path. */
    private static final class Fakes implements TargetHost, LoadSource {
        final List<String> measuredPaths = new ArrayList<>();
        int starts;

        @Override
        public Availability availability(TargetManifest m, Path showdownHome) {
            return Availability.READY;
        }

        @Override
        public void ensureBuilt(TargetManifest m, Path showdownHome, Path log) {
        }

        @Override
        public ServedTarget start(TargetManifest m, StartOptions options) {
            starts++;
            return new ProcesslessTarget(m);
        }

        @Override
        public CaseMeasurer.Engine warmupEngine() {
            return CaseMeasurer.Engine.LOAD_ENGINE; // the profile asks for no warm-up
        }

        @Override
        public CaseMeasurer.Measurement measure(LoadSpec spec, ServedTarget target, ProgressListener listener) {
            String path = spec.urls().get(0).getPath();
            boolean disturbed = path.equals(DISTURBED_PATH) && !measuredPaths.contains(path);
            measuredPaths.add(path);
            Histogram latency = new Histogram(3);
            latency.recordValueWithCount(1_000_000L, 1000);
            LoadResult load = new LoadResult(spec, Transport.NIO, 1_000_000_000L, 1000, 0, 0, ErrorCounts.NONE, 0,
                    new TreeMap<>(Map.of(200, 1000L)), latency, null, new Histogram(3), 0, -1, 0, 1);
            Interference interference = new Interference(disturbed ? 0.5 : 0.0, 0.0, disturbed, null);
            return new CaseMeasurer.Measurement(load, new ServerMetrics(0, 0, 0, 0), false,
                    List.of(new CaseSample(0, 1, 1000, 1000.0, null, 1000.0, 0.0, 0.0)), interference, null, null, null);
        }
    }


    private record Run(SuiteRunner.Summary summary, ResultsJournal journal) {
        CaseResult noisy() {
            return journal.snapshot().cases().stream().filter(c -> c.path().equals(DISTURBED_PATH)).findFirst().orElseThrow();
        }
    }

    private Run run(boolean remeasure, Fakes fakes) throws IOException {
        RunPlan plan = plan();
        Environment env = new Environment("Test CPU", 1, "6.1.0", "Linux", "Temurin 21", Map.of(), "abc123",
                List.of("showdown", "run"), "0", "0", "0.1.0-test", "0", "performance");
        RunConfig config = new RunConfig("test", 1, 0, 1, List.of(1), 1, 1, true, List.of(), List.of(), Map.of());
        Path out = Files.createDirectories(dir.resolve(remeasure ? "remeasured" : "plain"));
        ResultsJournal journal = ResultsJournal.create(out, RunResults.start("run", "2026-12-06T00:00:00Z", env, config));
        Eta eta = new Eta();
        ProgressReporter progress = new ProgressReporter(
                new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8), false, eta);
        SuiteRunner.Context ctx = new SuiteRunner.Context(dir, out, out.resolve("logs"), TargetCatalog.of(List.of(manifest())),
                new CpuSplit(List.of(), List.of(), List.of(0)), profile(),
                new SuiteRunner.StartSettings(Duration.ofSeconds(1), Map.of(), remeasure, null), 1L, journal,
                fakes, fakes, TargetVerifier.NONE, progress, eta, RunListener.NONE);
        return new Run(new SuiteRunner(ctx, plan).run(), journal);
    }

    @Test
    void aDisturbedCaseIsMeasuredAgainOnAFreshTargetAndReplaced() throws IOException {
        Fakes fakes = new Fakes();
        Run run = run(true, fakes);

        assertThat(fakes.measuredPaths).containsExactly("/quiet", DISTURBED_PATH, DISTURBED_PATH);
        assertThat(fakes.starts).as("the remeasured case's target is started afresh").isEqualTo(2);
        assertThat(run.summary().casesMeasured()).isEqualTo(2);
        assertThat(run.summary().casesRemeasured()).isEqualTo(1);
        assertThat(run.summary().casesDisturbed()).isZero();
        assertThat(run.journal().snapshot().cases()).hasSize(2);
        assertThat(run.noisy().disturbed()).isFalse();
    }

    @Test
    void withoutRemeasureTheDisturbedCaseStays() throws IOException {
        Fakes fakes = new Fakes();
        Run run = run(false, fakes);

        assertThat(fakes.measuredPaths).containsExactly("/quiet", DISTURBED_PATH);
        assertThat(fakes.starts).isEqualTo(1);
        assertThat(run.summary().casesMeasured()).isEqualTo(2);
        assertThat(run.summary().casesRemeasured()).isZero();
        assertThat(run.summary().casesDisturbed()).isEqualTo(1);
        assertThat(run.noisy().disturbed()).isTrue();
    }
}
