package showdown.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Bad input to {@code showdown reproduce}: one line on stderr, exit code 2, and nothing started. The
 * checkout is a temporary one with a seed {@code s} whose framework One stands for by target
 * {@code one} (a manifest that starts nothing), and framework Two by {@code two}, which is not there.
 */
class ReproduceCommandTest {

    @TempDir
    Path home;

    @BeforeEach
    void setUp() throws IOException {
        Files.createDirectories(home.resolve("scenarios/profiles"));
        Files.createDirectories(home.resolve("scenarios/published"));
        Files.writeString(home.resolve("scenarios/s.yaml"), "name: s\nrequests: [{label: GET /, path: /}]\n");
        Files.writeString(home.resolve("scenarios/profiles/seeds.yaml"), "duration: 30s\nlevels: [{connections: 1}]\n");
        Files.writeString(home.resolve("scenarios/published/s.yaml"), """
                seed: s
                source: a seed for tests
                hardware: [one machine]
                load: wrk -c1
                duration: 30s
                frameworks:
                  - {name: One, target: one}
                  - {name: Two, target: two}
                  - {name: Three, reason: no toolchain}
                figures:
                  - {framework: One, request: GET /, connections: 1, threads: 1, figure: requests-per-second, value: 10, unit: req/s}
                  - {framework: Two, request: GET /, connections: 1, threads: 1, figure: requests-per-second, value: 20, unit: req/s}
                """);
        RunCommandTest.writeOneTarget(home);
        System.setProperty("showdown.home", home.toString());
    }

    @AfterEach
    void tearDown() {
        System.clearProperty("showdown.home");
    }

    private static String usageError(String... args) {
        String[] full = new String[args.length + 1];
        full[0] = "reproduce";
        System.arraycopy(args, 0, full, 1, args.length);
        CapturedCli.Outcome o = CapturedCli.run(full);
        assertThat(o.exitCode()).as(String.join(" ", args)).isEqualTo(Main.EXIT_USAGE);
        assertThat(o.err().lines().filter(l -> !l.isBlank()).count()).as(o.err()).isEqualTo(1);
        assertThat(o.out()).isEmpty();
        return o.err().strip();
    }

    @Test
    void anUnknownSeedListsTheValidOnes() {
        assertThat(usageError("nope")).isEqualTo("showdown reproduce: unknown seed 'nope' (known: s)");
    }

    @Test
    void theSeedMustBeGivenOnce() {
        assertThat(usageError()).isEqualTo("showdown reproduce: missing SEED (see 'showdown reproduce --help')");
        assertThat(usageError("s", "t")).isEqualTo("showdown reproduce: unexpected argument 't' (see 'showdown reproduce --help')");
    }

    @Test
    void badOptionValuesAreOneLine() {
        assertThat(usageError("s", "--duration", "fast")).contains("--duration: 'fast' is not a duration");
        assertThat(usageError("s", "--duration", "0s")).isEqualTo("showdown reproduce: --duration must be longer than zero");
        assertThat(usageError("s", "--target", "nosuch")).isEqualTo("showdown reproduce: unknown target 'nosuch' (known: one)");
        assertThat(usageError("s", "--connections", "4")).startsWith("showdown reproduce: unknown option '--connections'");
    }

    @Test
    void theReferenceMustStandForOneOfTheSeedsFrameworksInTheRun() {
        assertThat(usageError("s", "--reference", "two")).isEqualTo("showdown reproduce: --reference two: not a target"
                + " of this run that stands for one of s's frameworks (give one of one)");
    }

    @Test
    void aRunNeverWritesIntoAnotherRunsFolder() throws IOException {
        Path out = Files.createDirectories(home.resolve("old"));
        Files.writeString(out.resolve("results.json"), "{}");
        assertThat(usageError("s", "--out", out.toString())).contains("already holds a run; use --resume");
    }

    @Test
    void aSeedWithNoneOfItsTargetsHereIsOneLine() throws IOException {
        Files.writeString(home.resolve("scenarios/published/s.yaml"), Files.readString(
                home.resolve("scenarios/published/s.yaml")).replace("target: one", "target: gone"));
        assertThat(usageError("s")).isEqualTo("showdown reproduce: none of the targets that stand for s's frameworks"
                + " (gone, two) is in this checkout; name targets with --target");
    }

    @Test
    void aBadPublishedFileIsOneLine() throws IOException {
        Files.writeString(home.resolve("scenarios/published/bad.yaml"), "seed: b\n");
        assertThat(usageError("s")).contains("bad.yaml: 'source' is missing");
    }

    @Test
    void helpNamesTheSeedAndTheOptions() {
        CapturedCli.Outcome o = CapturedCli.run("reproduce", "--help");
        assertThat(o.exitCode()).isZero();
        assertThat(o.out()).startsWith("Usage: showdown reproduce [OPTIONS] SEED\n")
                .contains("--target NAME", "--duration D", "--out DIR", "--reference TARGET");
        assertThat(o.out().lines()).allSatisfy(line -> assertThat(line.length()).isLessThanOrEqualTo(Usage.WIDTH));
        assertThat(CapturedCli.run("--help").out()).contains("reproduce");
    }
}
