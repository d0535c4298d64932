package showdown.harness.run;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.UUID;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.AfterEach;
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
import showdown.harness.results.NotOfferedCase;
import showdown.harness.results.ResultsJournal;
import showdown.harness.results.RunConfig;
import showdown.harness.results.RunResults;
import showdown.harness.results.TargetOutcome;
import showdown.harness.targets.Availability;
import showdown.harness.targets.ManifestFixture;
import showdown.harness.targets.Protocol;
import showdown.harness.targets.SelfSignedCertificate;
import showdown.harness.targets.ServedTarget;
import showdown.harness.targets.StartOptions;
import showdown.harness.targets.TargetCatalog;
import showdown.harness.targets.TargetManifest;
import showdown.harness.targets.UnavailableProtocols;
import showdown.load.ErrorCounts;
import showdown.load.LoadResult;
import showdown.load.LoadSpec;
import showdown.load.ProgressListener;
import showdown.load.Transport;

/**
 * A target that declares h1 and h3 and whose build cannot provide h3 here: its build writes
 * {@code protocols.unavailable}, the run starts it (a real process, the verify tests' contract server, which
 * speaks no HTTP/3) without waiting for h3, measures its h1 case, records its h3 case as not run
 * with the build's line, and counts it ok. Once a build provides h3 again (the file removed), its h3
 * case is measured. The load is a fake: no case puts load on anything.
 */
class UnavailableProtocolRunTest {

    private static final String BUILDS_NO_H3 = "no-h3";
    private static final String LINE = "no QUIC library in this test build";

    @TempDir
    Path dir;

    private final String marker = "showdown.test.marker=" + UUID.randomUUID();

    @AfterEach
    void noServerOutlivesTheTest() {
        assertThat(ProcessHandle.allProcesses()
                .filter(p -> p.info().commandLine().map(c -> c.contains(marker)).orElse(false)))
                .as("no target outlives the run").isEmpty();
    }

    /** The target: a shell build that leaves {@code h3 LINE} in protocols.unavailable while {@link #BUILDS_NO_H3} exists. */
    private TargetManifest manifest() throws IOException {
        Path target = Files.createDirectories(dir.resolve("targets").resolve("t"));
        Files.writeString(target.resolve("build.sh"), """
                touch built
                if [ -e %s ]; then
                  echo "t: no HTTP/3 in this build: %s"
                  printf 'h3 %%s\\n' '%s' > %s
                else
                  rm -f %s
                fi
                """.formatted(BUILDS_NO_H3, LINE, LINE, UnavailableProtocols.FILE_NAME, UnavailableProtocols.FILE_NAME));
        List<String> start = List.of("${JAVA}", "-D" + marker, "-cp", System.getProperty("java.class.path"),
                "showdown.harness.verify.ContractServer");
        return ManifestFixture.write(target, """
                build: {command: [sh, build.sh], output: built}
                start: %s
                port: env
                ready: /plaintext
                protocols: [h1, h3]
                scenarios: [quic]
                """.formatted(new ObjectMapper().writeValueAsString(start)));
    }

    private Profile profile() throws IOException {
        return Profile.load(Files.writeString(dir.resolve("p.yaml"), """
                duration: 1s
                warmup: 0s
                levels:
                  - {connections: 1, threads: 1, protocol: h1}
                  - {connections: 1, threads: 1, protocol: h3}
                """));
    }

    private RunPlan plan(TargetManifest m) throws IOException {
        Files.writeString(Files.createDirectories(dir.resolve("scenarios")).resolve("quic.yaml"), """
                name: quic
                protocol: [h1, h3]
                requests:
                  - {label: GET /plaintext, path: /plaintext}
                """);
        RunPlan plan = RunPlan.build(List.of(new PlanTarget(m.name(), m.scenarios(), m.protocols())),
                List.of(ScenarioCatalog.load(dir.resolve("scenarios")).require("quic")), profile(), 1, 1L);
        assertThat(plan.cases()).as("both cases are planned: the plan knows the manifest only")
                .extracting(c -> c.protocol()).containsExactly(Protocol.H1, Protocol.H3);
        return plan;
    }

    /** What the fake load and verifier were asked for. */
    private static final class Fakes implements LoadSource, TargetVerifier {
        final List<Protocol> measured = new ArrayList<>();
        final Set<Protocol> verified = EnumSet.noneOf(Protocol.class);

        @Override
        public Optional<String> verify(ServedTarget target, List<String> scenarios, Set<Protocol> protocols) {
            verified.addAll(protocols);
            return Optional.empty();
        }

        @Override
        public CaseMeasurer.Engine warmupEngine() {
            return CaseMeasurer.Engine.LOAD_ENGINE; // the profile asks for no warm-up
        }

        @Override
        public CaseMeasurer.Measurement measure(LoadSpec spec, ServedTarget target, ProgressListener listener) {
            measured.add(spec.http3() ? Protocol.H3 : Protocol.H1);
            Histogram latency = new Histogram(3);
            latency.recordValueWithCount(1_000_000L, 1000);
            LoadResult load = new LoadResult(spec, Transport.NIO, 1_000_000_000L, 1000, 0, 0, ErrorCounts.NONE, 0,
                    new TreeMap<>(Map.of(200, 1000L)), latency, null, new Histogram(3), 0, -1, 0, 1);
            return new CaseMeasurer.Measurement(load, new ServerMetrics(0, 0, 0, 0), false,
                    List.of(new CaseSample(0, 1, 1000, 1000.0, null, 1000.0, 0.0, 0.0)),
                    new Interference(0.0, 0.0, false, null), null, null, null);
        }
    }

    private record Run(SuiteRunner.Summary summary, RunResults results, String progress) {
    }

    private Run run(TargetManifest m, TargetHost host, Fakes fakes, String name) throws IOException {
        Environment env = new Environment("Test CPU", 1, "6.1.0", "Linux", "Temurin 21", Map.of(), "abc123",
                List.of("showdown", "run"), "0", "0", "0.1.0-test", "0", "performance");
        RunConfig config = new RunConfig("test", 1, 0, 1, List.of(1), 1, 1, true, List.of(), List.of(), Map.of());
        Path out = Files.createDirectories(dir.resolve(name));
        ResultsJournal journal = ResultsJournal.create(out, RunResults.start(name, "2026-12-06T00:00:00Z", env, config));
        Eta eta = new Eta();
        ByteArrayOutputStream said = new ByteArrayOutputStream();
        ProgressReporter progress = new ProgressReporter(new PrintStream(said, true, StandardCharsets.UTF_8), false, eta);
        SuiteRunner.Context ctx = new SuiteRunner.Context(dir, out, out.resolve("logs"), TargetCatalog.of(List.of(m)),
                new CpuSplit(List.of(), List.of(), List.of(0)), profile(),
                new SuiteRunner.StartSettings(Duration.ofSeconds(60), Map.of(), false,
                        SelfSignedCertificate.create(out.resolve("tls"))),
                1L, journal, host, fakes, fakes, progress, eta, RunListener.NONE);
        SuiteRunner.Summary summary = new SuiteRunner(ctx, plan(m)).run();
        return new Run(summary, journal.snapshot(), said.toString(StandardCharsets.UTF_8));
    }

    @Test
    void aProtocolTheBuildCouldNotProvideIsNotWaitedForNotRunAndRecordedWithItsLine() throws IOException {
        TargetManifest m = manifest();
        Files.createFile(m.dir().resolve(BUILDS_NO_H3));
        Fakes fakes = new Fakes();

        // the real host: the build runs, and the target is a process that answers h1 only
        Run run = run(m, TargetHost.LOCAL, fakes, "no-h3");

        assertThat(m.dir().resolve(UnavailableProtocols.FILE_NAME)).as("written by the build").exists();
        assertThat(fakes.measured).containsExactly(Protocol.H1);
        assertThat(fakes.verified).as("verified over what it serves").containsExactly(Protocol.H1);
        assertThat(run.results().cases()).extracting(CaseResult::protocol).containsExactly("h1");
        assertThat(run.results().notOffered()).containsExactly(new NotOfferedCase("t", "quic", "GET /plaintext", "h3", "",
                1, "h3 unavailable here: " + LINE));
        TargetOutcome outcome = run.results().target("t");
        assertThat(outcome.status()).isEqualTo(TargetOutcome.Status.OK);
        assertThat(outcome.reason()).isNull();
        assertThat(outcome.unavailableProtocols()).isEqualTo(Map.of("h3", LINE));
        assertThat(run.summary().targetsOk()).isEqualTo(1);
        assertThat(run.summary().targetsFailed()).isZero();
        assertThat(run.summary().targetsUnavailable()).isZero();
        assertThat(run.summary().casesMeasured()).isEqualTo(1);
        assertThat(run.progress()).contains("t: h3 unavailable here: " + LINE + " (1 case not run)");
    }

    @Test
    void onceABuildProvidesTheProtocolAgainItsCasesAreMeasured() throws IOException {
        TargetManifest m = manifest();
        Files.createFile(m.dir().resolve(BUILDS_NO_H3));
        TargetHost.LOCAL.ensureBuilt(m, dir, dir.resolve("first.build.log"));
        assertThat(UnavailableProtocols.read(m).protocols()).containsExactly(Protocol.H3);

        // a machine that can now provide h3: the next build removes the file
        Files.delete(m.dir().resolve(BUILDS_NO_H3));
        Files.delete(m.dir().resolve("built"));
        Fakes fakes = new Fakes();
        // the build is real; the start is a fake that reads the folder as RunningTarget does (the
        // contract server speaks no HTTP/3, so a real start would now wait for h3 in vain)
        TargetHost host = new TargetHost() {
            @Override
            public Availability availability(TargetManifest t, Path showdownHome) {
                return TargetHost.LOCAL.availability(t, showdownHome);
            }

            @Override
            public void ensureBuilt(TargetManifest t, Path showdownHome, Path log) {
                TargetHost.LOCAL.ensureBuilt(t, showdownHome, log);
            }

            @Override
            public ServedTarget start(TargetManifest t, StartOptions options) {
                return new ProcesslessTarget(t, UnavailableProtocols.read(t));
            }
        };
        Run run = run(m, host, fakes, "h3-again");

        assertThat(m.dir().resolve(UnavailableProtocols.FILE_NAME)).as("removed by the build").doesNotExist();
        assertThat(fakes.measured).containsExactly(Protocol.H1, Protocol.H3);
        assertThat(fakes.verified).containsExactlyInAnyOrder(Protocol.H1, Protocol.H3);
        assertThat(run.results().notOffered()).isEmpty();
        assertThat(run.results().target("t").unavailableProtocols()).isNull();
        assertThat(run.summary().casesMeasured()).isEqualTo(2);
    }
}
