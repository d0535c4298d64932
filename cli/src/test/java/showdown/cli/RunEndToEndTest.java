package showdown.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.UUID;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import showdown.harness.results.CaseResult;
import showdown.harness.results.ResultsJson;
import showdown.harness.results.RunResults;
import showdown.harness.results.TargetOutcome;
import showdown.harness.run.RunListener;

/**
 * Runs {@code showdown run} for real over two small targets of our own ({@link RunContractServer},
 * started as child JVMs from a temporary Showdown home), then checks the journal and the reports.
 * A second test stops a run after a few cases and finishes it with {@code --resume}.
 */
class RunEndToEndTest {

    /** S1 has 3 requests and S2 has 3; one load level; two targets. */
    private static final int CASES = 12;

    @TempDir
    Path home;
    private String marker;

    @BeforeEach
    void makeHome() throws IOException {
        Path repo = Path.of("..").toAbsolutePath().normalize();
        copyTree(repo.resolve("scenarios"), home.resolve("scenarios"));
        marker = UUID.randomUUID().toString();
        for (String name : List.of("alpha", "beta")) {
            RunContractServer.writeTarget(home, name, name + " <JDK>", marker);
        }
        writeTinyProfile(home);
        System.setProperty("showdown.home", home.toString());
    }

    /** {@code home/tiny.yaml}: one second per case at one load level, a short warm-up. */
    static Path writeTinyProfile(Path home) throws IOException {
        return Files.writeString(home.resolve("tiny.yaml"), """
                name: tiny
                description: one second per case, for tests
                duration: 1s
                warmup: 1s
                warmup-max: 3s
                settle: 200ms
                levels:
                  - {connections: 2, threads: 1}
                """);
    }

    @AfterEach
    void cleanUp() {
        System.clearProperty("showdown.home");
        RunCommand.listenerForTests = RunListener.NONE;
        assertThat(serversAlive()).as("servers left running").isEmpty();
    }

    private List<String> args(Path out, String... more) {
        List<String> a = new java.util.ArrayList<>(List.of("run", "--profile", home.resolve("tiny.yaml").toString(),
                "--scenario", "spock-scotty", "--scenario", "mist", "--out", out.toString(), "--seed", "5"));
        a.addAll(List.of(more));
        return a;
    }

    @Test
    void runsEverySelectedCaseAndWritesTheJournalAndReports() throws IOException {
        Path out = home.resolve("results/e2e");
        int exit = Main.execute(args(out).toArray(String[]::new));
        assertThat(exit).isZero();

        RunResults run = ResultsJson.read(out.resolve("results.json"));
        assertThat(run.finishedAt()).isNotNull();
        assertThat(run.config().profile()).isEqualTo("tiny");
        assertThat(run.environment().commandLine()).contains("run", "--seed", "5");
        assertThat(run.targets()).extracting(TargetOutcome::name, TargetOutcome::status)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("alpha", TargetOutcome.Status.OK),
                        org.assertj.core.groups.Tuple.tuple("beta", TargetOutcome.Status.OK));
        assertThat(run.targets()).allSatisfy(t -> {
            assertThat(t.timeToFirstResponseMs()).isPositive();
            assertThat(t.idleRssBytes()).isPositive();
        });
        assertThat(run.cases()).hasSize(CASES);
        // Targets by name; scenarios in the order of the --scenario flags; requests in their file's order.
        assertThat(run.cases()).extracting(c -> c.target() + " " + c.scenario() + " " + c.request()).containsExactly(
                "alpha spock-scotty GET /echo/hello-world", "alpha spock-scotty GET /echo/plain/hello",
                "alpha spock-scotty GET /echo/regex/42",
                "alpha mist GET /", "alpha mist GET /user/:id", "alpha mist POST /user",
                "beta spock-scotty GET /echo/hello-world", "beta spock-scotty GET /echo/plain/hello",
                "beta spock-scotty GET /echo/regex/42",
                "beta mist GET /", "beta mist GET /user/:id", "beta mist POST /user");
        for (CaseResult c : run.cases()) {
            assertThat(c.requests()).as(c.request()).isPositive();
            assertThat(c.statusCounts()).as(c.request()).containsOnlyKeys(200);
            assertThat(c.errors().total()).as(c.request()).isZero();
            assertThat(c.connections()).isEqualTo(2);
            assertThat(c.threads()).isEqualTo(1);
            assertThat(c.server().cpuMicrosPerRequest()).as(c.request()).isPositive();
            assertThat(c.server().peakRssBytes()).as(c.request()).isPositive();
            assertThat(c.generator().cpuSeconds()).as(c.request()).isPositive();
        }
        // Every case's window in quarter-second slices that tile it and hold all its requests.
        for (CaseResult c : run.cases()) {
            List<showdown.harness.results.CaseSample> slices = c.samples();
            assertThat(slices).as(c.request()).hasSizeGreaterThanOrEqualTo(4);
            assertThat(slices.get(0).startSeconds()).isZero();
            for (int i = 1; i < slices.size(); i++) {
                assertThat(slices.get(i).startSeconds()).isCloseTo(slices.get(i - 1).startSeconds()
                        + slices.get(i - 1).durationSeconds(), org.assertj.core.data.Offset.offset(1e-6));
            }
            var last = slices.get(slices.size() - 1);
            assertThat(last.startSeconds() + last.durationSeconds()).isCloseTo(c.durationSeconds(),
                    org.assertj.core.data.Offset.offset(1e-6));
            assertThat(slices.stream().mapToLong(showdown.harness.results.CaseSample::requests).sum())
                    .as(c.request()).isEqualTo(c.requests());
            assertThat(c.uncertainty()).as(c.request()).isNotNull();
            assertThat(c.uncertainty().requestsPerSecond().low()).isLessThanOrEqualTo(c.requestsPerSecond());
            assertThat(c.uncertainty().requestsPerSecond().high()).isGreaterThanOrEqualTo(c.requestsPerSecond());
            assertThat(c.interference()).as(c.request()).isNotNull();
        }
        // One warm-up per start, with its trace; at most the limit (3 s) plus the pass that crossed it.
        assertThat(run.warmups()).extracting(showdown.harness.results.WarmupOutcome::target).containsExactly("alpha", "beta");
        assertThat(run.warmups()).allSatisfy(w -> {
            assertThat(w.seconds()).isGreaterThanOrEqualTo(1.0);
            assertThat(w.slices()).extracting(showdown.harness.results.WarmupOutcome.Slice::request)
                    .contains("GET mix", "POST /user");
        });
        CaseResult user = run.cases().get(4);
        assertThat(Integer.parseInt(user.path().substring("/user/".length()))).isBetween(1024, 3071);
        assertThat(run.cases().get(5).method()).isEqualTo("POST");

        assertThat(out.resolve("logs/round-1/alpha.out.log")).exists();
        assertThat(out.resolve("logs/round-1/beta.err.log")).exists();
        assertThat(out.resolve("run-settings.json")).exists();
        assertThat(out.resolve("profile.yaml")).hasSameTextualContentAs(home.resolve("tiny.yaml"));

        List<String> csv = Files.readAllLines(out.resolve("results.csv"));
        assertThat(csv).hasSize(1 + CASES);
        assertThat(csv.get(0)).contains("target").contains("scenario");
        assertThat(csv.subList(1, csv.size())).filteredOn(r -> r.contains("alpha")).hasSize(CASES / 2);
        assertThat(csv.subList(1, csv.size())).filteredOn(r -> r.contains("beta")).hasSize(CASES / 2);

        String md = Files.readString(out.resolve("report.md"));
        assertThat(md).contains("spock-scotty").contains("mist");
        // The S1 tables (total requests, req/s) and the three S2 tables each have a row per target;
        // the report escapes the manifest's display name.
        assertThat(md).doesNotContain("alpha <JDK>");
        assertThat(tableRows(md, "| alpha &lt;JDK&gt; |")).isGreaterThanOrEqualTo(5);
        assertThat(tableRows(md, "| beta &lt;JDK&gt; |")).isGreaterThanOrEqualTo(5);

        String html = Files.readString(out.resolve("report.html"));
        assertThat(html).contains("<svg").contains("alpha &lt;JDK&gt;").doesNotContain("alpha <JDK>");
    }

    @Test
    void anInterruptedRunKeepsItsCasesAndResumeFinishesIt() throws IOException {
        Path out = home.resolve("results/crash");
        int stopAfter = 5; // alpha's GET /user/:id is the 5th case: before the crash; beta's comes after it
        RunCommand.listenerForTests = new RunListener() {
            private int seen;

            @Override
            public void caseRecorded(showdown.harness.plan.PlannedCase planned, CaseResult result) {
                if (++seen == stopAfter) {
                    throw new IllegalStateException("simulated crash after " + stopAfter + " cases");
                }
            }
        };
        int exit = Main.execute(args(out, "--no-verify").toArray(String[]::new));
        assertThat(exit).isNotZero();
        assertThat(serversAlive()).as("servers left running after the crash").isEmpty();
        RunResults partial = ResultsJson.read(out.resolve("results.json"));
        assertThat(partial.finishedAt()).isNull();
        assertThat(partial.cases()).hasSize(stopAfter);
        assertThat(out.resolve("report.md")).doesNotExist();

        RunCommand.listenerForTests = RunListener.NONE;
        assertThat(Main.execute("run", "--resume", out.toString(), "--repeat", "2")).isEqualTo(2);
        assertThat(Main.execute("run", "--resume", out.toString())).isZero();

        RunResults done = ResultsJson.read(out.resolve("results.json"));
        assertThat(done.finishedAt()).isNotNull();
        assertThat(done.cases()).hasSize(CASES);
        assertThat(done.cases().subList(0, stopAfter)).isEqualTo(partial.cases());
        assertThat(done.cases()).extracting(CaseResult::identity).doesNotHaveDuplicates();
        assertThat(done.cases().get(10).path()).as("the run's drawn user id survives the resume")
                .isEqualTo(partial.cases().get(4).path()).startsWith("/user/");
        assertThat(out.resolve("logs-resumed-1/round-1/alpha.out.log")).exists();
        assertThat(Files.readAllLines(out.resolve("results.csv"))).hasSize(1 + CASES);
    }

    @Test
    void aRunStoppedBySigtermKeepsOnlyWholeCasesAndLeavesNoServer() throws Exception {
        Path out = home.resolve("results/sigterm");
        List<String> command = new java.util.ArrayList<>(List.of(
                ProcessHandle.current().info().command().orElse("java"),
                "-cp", System.getProperty("java.class.path"),
                "-Dshowdown.home=" + home, "showdown.cli.Main"));
        command.addAll(args(out, "--no-verify"));
        Process child = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(home.resolve("child.log").toFile()).start();
        try {
            long deadline = System.nanoTime() + java.util.concurrent.TimeUnit.SECONDS.toNanos(120);
            while (recordedCases(out) < 2 && System.nanoTime() < deadline && child.isAlive()) {
                Thread.sleep(200);
            }
            assertThat(recordedCases(out)).as(Files.readString(home.resolve("child.log"))).isGreaterThanOrEqualTo(2);
            child.destroy(); // SIGTERM: what Ctrl-C and a shutdown do, through the JVM's shutdown hooks
            assertThat(child.waitFor(30, java.util.concurrent.TimeUnit.SECONDS)).isTrue();
        } finally {
            child.destroyForcibly();
        }
        assertThat(serversAlive()).as("servers left running after SIGTERM").isEmpty();
        RunResults partial = ResultsJson.read(out.resolve("results.json"));
        assertThat(partial.finishedAt()).isNull();
        assertThat(partial.cases().size()).isBetween(2, CASES - 1);
        // A case cut short by the shutdown is not journaled, so every recorded one is whole.
        assertThat(partial.cases()).allSatisfy(c -> assertThat(c.errors().total()).as(c.request()).isZero());

        assertThat(Main.execute("run", "--resume", out.toString())).isZero();
        RunResults done = ResultsJson.read(out.resolve("results.json"));
        assertThat(done.cases()).hasSize(CASES);
        assertThat(done.cases().subList(0, partial.cases().size())).isEqualTo(partial.cases());
    }

    private static int recordedCases(Path out) {
        try {
            return ResultsJson.read(out.resolve("results.json")).cases().size();
        } catch (RuntimeException e) {
            return 0; // not written yet
        }
    }

    /** Markdown table rows that start with the given first cell. */
    private static long tableRows(String md, String display) {
        return md.lines().filter(l -> l.startsWith(display)).count();
    }

    private List<ProcessHandle> serversAlive() {
        return ProcessHandle.allProcesses()
                .filter(p -> p.info().commandLine().map(c -> c.contains(marker)).orElse(false))
                .filter(ProcessHandle::isAlive)
                .toList();
    }

    static void copyTree(Path from, Path to) throws IOException {
        try (Stream<Path> files = Files.walk(from)) {
            for (Path f : files.toList()) {
                Path dest = to.resolve(from.relativize(f).toString());
                if (Files.isDirectory(f)) {
                    Files.createDirectories(dest);
                } else {
                    Files.copy(f, dest, StandardCopyOption.REPLACE_EXISTING);
                }
            }
        }
    }
}
