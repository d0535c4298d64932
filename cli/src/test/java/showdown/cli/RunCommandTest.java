package showdown.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Bad input to {@code showdown run}: one line on stderr, exit code 2, and nothing started. */
class RunCommandTest {

    @TempDir
    Path home;
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();
    private PrintStream originalErr;

    @BeforeEach
    void setUp() throws IOException {
        Files.createDirectories(home.resolve("scenarios/profiles"));
        Files.writeString(home.resolve("scenarios/s.yaml"), "name: s\nrequests: [{path: /}]\n");
        Files.writeString(home.resolve("scenarios/profiles/quick.yaml"), "duration: 1s\nlevels: [{connections: 1}]\n");
        writeOneTarget(home);
        System.setProperty("showdown.home", home.toString());
        originalErr = System.err;
        System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    /** A target named {@code one} under {@code home} that serves scenario {@code s} and never starts a server. */
    static void writeOneTarget(Path home) throws IOException {
        Path t = Files.createDirectories(home.resolve("targets/x/one"));
        Files.writeString(t.resolve("target.yaml"), """
                name: one
                display: One
                language: shell
                framework: none
                version: "1"
                category: platform
                start: ["true"]
                ready: /
                scenarios: [s]
                """);
    }

    @AfterEach
    void tearDown() {
        System.setErr(originalErr);
        System.clearProperty("showdown.home");
    }

    private String runExpectingUsageError(String... args) {
        err.reset();
        String[] full = new String[args.length + 1];
        full[0] = "run";
        System.arraycopy(args, 0, full, 1, args.length);
        assertThat(Main.execute(full)).as(String.join(" ", args)).isEqualTo(Main.EXIT_USAGE);
        String text = err.toString(StandardCharsets.UTF_8);
        assertThat(text.lines().filter(l -> !l.isBlank()).count()).as(text).isEqualTo(1);
        return text.strip();
    }

    @Test
    void unknownNamesAreOneLine() {
        assertThat(runExpectingUsageError("--profile", "nope"))
                .isEqualTo("showdown run: unknown profile 'nope': give one of quick, seeds, full, latency, capacity or a profile file");
        assertThat(runExpectingUsageError("--target", "nosuch")).isEqualTo("showdown run: unknown target 'nosuch' (known: one)");
        assertThat(runExpectingUsageError("--scenario", "nosuch")).isEqualTo("showdown run: unknown scenario 'nosuch' (known: s)");
    }

    @Test
    void badValuesAreOneLine() {
        assertThat(runExpectingUsageError("--duration", "fast")).contains("--duration: 'fast' is not a duration");
        assertThat(runExpectingUsageError("--repeat", "0")).contains("--repeat must be at least 1, not 0");
        assertThat(runExpectingUsageError("--connections", "4,0")).contains("each level must be at least 1, not 0");
        assertThat(runExpectingUsageError("--connections", "four")).contains("--connections");
        assertThat(runExpectingUsageError("--cpus", "server=0")).contains("give both server=LIST and load=LIST");
        assertThat(runExpectingUsageError("--slo", "p95=10ms"))
                .isEqualTo("showdown run: --slo: unknown quantile 'p95': use p50, p90, p99 or p99.9");
        assertThat(runExpectingUsageError("--slo", "p99")).contains("--slo takes QUANTILE=TIME, e.g. p99=10ms");
    }

    @Test
    void resumeNeedsARunFolderAndNoOtherOptions() throws IOException {
        assertThat(runExpectingUsageError("--resume", home.resolve("missing").toString())).contains("no such folder");
        Files.createDirectories(home.resolve("empty"));
        assertThat(runExpectingUsageError("--resume", home.resolve("empty").toString()))
                .contains("not a 'showdown run' results folder (no run-settings.json)");
        assertThat(runExpectingUsageError("--resume", home.resolve("empty").toString(), "--repeat", "2"))
                .isEqualTo("showdown run: --resume takes no other run options: the run keeps the settings it started with");
        assertThat(runExpectingUsageError("--resume", home.resolve("empty").toString(), "--slo", "p99=50ms"))
                .isEqualTo("showdown run: --resume takes no other run options: the run keeps the settings it started with");
    }

    @Test
    void aRunNeverWritesIntoAnotherRunsFolder() throws IOException {
        Path out = Files.createDirectories(home.resolve("old"));
        Files.writeString(out.resolve("results.json"), "{}");
        assertThat(runExpectingUsageError("--out", out.toString())).contains("already holds a run; use --resume");
    }

    @Test
    void aBadProfileFileIsOneLine() throws IOException {
        Path bad = home.resolve("bad.yaml");
        Files.writeString(bad, "duration: 1s\nlevels: [{connections: 2, threads: 9}]\n");
        assertThat(runExpectingUsageError("--profile", bad.toString()))
                .contains("bad.yaml: 'levels': threads (9) must be between 1 and the connections (2)");
    }
}
