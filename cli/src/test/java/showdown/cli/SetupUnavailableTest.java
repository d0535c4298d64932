package showdown.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.groups.Tuple.tuple;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import showdown.harness.plan.PublishedSeed;
import showdown.harness.plan.PublishedSeeds;
import showdown.harness.results.ResultsJson;
import showdown.harness.results.RunResults;
import showdown.harness.results.TargetOutcome;
import showdown.report.Reproduction;
import showdown.report.Summaries;

/**
 * A target whose setup (run as its build, as the Python targets do) exits 3 with its one line, the
 * way a python3 without venv makes it: {@code run}, {@code verify} and {@code serve} report it
 * unavailable with that line, never as a failure, and a run measures the other target and exits 0.
 * {@code reproduce} over the shipped published table decides the same way, on this machine, which
 * of a seed's registry-bound targets can run: one whose packages are fetched is compared.
 */
class SetupUnavailableTest {

    /** What the stub setup prints before it exits 3. */
    static final String SETUPS_LINE = "venvless needs Python's venv module (Debian: python3-venv), and python3 has none";

    @TempDir
    Path home;
    private String marker;

    @BeforeEach
    void makeHome() throws IOException {
        marker = UUID.randomUUID().toString();
        RunContractServer.home(home, "alpha", "Alpha", marker);
        writeTargetWhoseSetupExits3(home, "venvless", SETUPS_LINE, "");
        RunEndToEndTest.writeTinyProfile(home);
        System.setProperty("showdown.home", home.toString());
    }

    @AfterEach
    void cleanUp() {
        System.clearProperty("showdown.home");
        assertThat(ChildProcess.endMarked(marker)).as("servers left running").isEmpty();
    }

    /**
     * A target {@code name} whose build is its setup, which prints {@code setupsLine} and exits 3; it
     * starts nothing. {@code moreYaml} ends its manifest.
     */
    static void writeTargetWhoseSetupExits3(Path home, String name, String setupsLine, String moreYaml) throws IOException {
        Path dir = Files.createDirectories(home.resolve("targets/test/" + name));
        Files.writeString(dir.resolve("target.yaml"), """
                name: %s
                display: Venvless
                language: python
                framework: none
                version: "1"
                category: micro
                setup: ./setup
                requires: [sh]
                build:
                  command: ["./setup"]
                  output: .venv/requirements.installed
                start: ["false"]
                ready: /plaintext
                scenarios: [spock-scotty, mist, phoenix-showdown, techempower]
                """.formatted(name) + moreYaml);
        Path setup = dir.resolve("setup");
        Files.writeString(setup, "#!/bin/sh\necho 'making .venv'\necho \"setup: " + setupsLine + "\" >&2\nexit 3\n");
        Files.setPosixFilePermissions(setup, PosixFilePermissions.fromString("rwxr-xr-x"));
    }

    @Test
    void aRunRecordsItUnavailableWithTheSetupsLineAndExitsZero() throws IOException {
        Path out = home.resolve("results/run");
        CapturedCli.Outcome o = CapturedCli.run("run", "--profile", home.resolve("tiny.yaml").toString(),
                "--scenario", "mist", "--target", "alpha", "--target", "venvless", "--out", out.toString());

        assertThat(o.exitCode()).as(o.err()).isZero();
        assertThat(o.err()).contains("venvless: unavailable here: " + SETUPS_LINE)
                .contains("targets: 1 ok, 0 failed, 1 unavailable").doesNotContain("failed (exit 3)");
        RunResults run = ResultsJson.read(out.resolve("results.json"));
        assertThat(run.targets()).extracting(TargetOutcome::name, TargetOutcome::status, TargetOutcome::reason)
                .containsExactlyInAnyOrder(tuple("alpha", TargetOutcome.Status.OK, null),
                        tuple("venvless", TargetOutcome.Status.UNAVAILABLE, "unavailable here: " + SETUPS_LINE));
        assertThat(run.cases()).isNotEmpty().allSatisfy(c -> assertThat(c.target()).isEqualTo("alpha"));
    }

    @Test
    void reproduceComparesARegistryBoundTargetThatCanRunAndSaysWhyOfOneThatCannot() throws IOException {
        // Stand-ins for phoenix-showdown's two Hex-bound targets: phoenix with its packages fetched, plug
        // whose setup finds that Hex does not answer.
        String plugsLine = "plug needs packages from Hex, which cannot be reached from here";
        RunContractServer.writeTarget(home, "phoenix", "Phoenix", marker, "registry: Hex\nfetched: deps\n");
        Files.createDirectories(home.resolve("targets/test/phoenix/deps"));
        writeTargetWhoseSetupExits3(home, "plug", plugsLine, "registry: Hex\nfetched: deps\n");
        Files.createDirectories(home.resolve("targets/test/plug/deps"));
        Path out = home.resolve("results/reproduce");

        CapturedCli.Outcome o = CapturedCli.run("reproduce", "phoenix-showdown", "--duration", "1s", "--out", out.toString());

        assertThat(o.exitCode()).as(o.err()).isZero();
        PublishedSeed seed = PublishedSeeds.load(home.resolve("scenarios")).require("phoenix-showdown");
        Reproduction r = Reproduction.of(seed, new Summaries(ResultsJson.read(out.resolve("results.json"))), null);
        assertThat(r.inBoth()).extracting(PublishedSeed.Framework::name).containsExactly("Phoenix 0.13.1");
        assertThat(r.notCompared()).extracting(n -> n.framework() + ": " + n.why())
                .contains("Plug: unavailable here: " + plugsLine, "Gin: not in this run")
                .noneMatch(line -> line.startsWith("Phoenix 0.13.1"));
        assertThat(Files.readString(out.resolve("report.md")))
                .contains("| Plug | plug | unavailable here: " + plugsLine + " |").doesNotContain("not reachable here");
    }

    @Test
    void verifySkipsIt() {
        CapturedCli.Outcome o = CapturedCli.run("verify", "--target", "venvless", "--logs", home.resolve("logs").toString());

        assertThat(o.exitCode()).as(o.out() + o.err()).isZero();
        assertThat(o.out()).containsPattern("venvless +target +availability +SKIP +unavailable here: "
                + java.util.regex.Pattern.quote(SETUPS_LINE)).contains("0 failed, 1 skipped");
    }

    @Test
    void serveSaysWhyInOneLine() {
        CapturedCli.Outcome o = CapturedCli.run("serve", "venvless", "--logs", home.resolve("logs").toString());

        assertThat(o.exitCode()).isEqualTo(Main.EXIT_USAGE);
        assertThat(o.err()).isEqualTo("showdown serve: venvless unavailable here: " + SETUPS_LINE + "\n");
    }
}
