package showdown.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import showdown.harness.plan.PublishedSeed;
import showdown.harness.plan.PublishedSeeds;
import showdown.harness.results.ResultsJson;
import showdown.harness.results.RunResults;
import showdown.report.Reproduction;
import showdown.report.Summaries;

/**
 * {@code showdown reproduce phoenix-showdown} over the shipped published table, in a temporary home
 * whose only targets are two registry-bound stand-ins: {@code phoenix}, whose packages are fetched
 * (a {@link RunContractServer}), so it runs and is compared; and {@code plug}, whose setup exits 3
 * with its line, as where its registry does not answer. Which of them runs is found when the run
 * begins, on this machine, never read from the published file.
 */
class ReproduceEndToEndTest {

    static final String PLUGS_LINE = "plug needs packages from Hex, which cannot be reached from here";

    @TempDir
    Path home;
    private String marker;

    @BeforeEach
    void makeHome() throws IOException {
        RunEndToEndTest.copyTree(Path.of("..").toAbsolutePath().normalize().resolve("scenarios"), home.resolve("scenarios"));
        marker = UUID.randomUUID().toString();
        RunContractServer.writeTarget(home, "phoenix", "Phoenix", marker, "registry: Hex\nfetched: deps\n");
        Files.createDirectories(home.resolve("targets/test/phoenix/deps"));
        SetupUnavailableTest.writeTargetWhoseSetupExits3(home, "plug", PLUGS_LINE, "registry: Hex\nfetched: deps\n");
        Files.createDirectories(home.resolve("targets/test/plug/deps"));
        System.setProperty("showdown.home", home.toString());
    }

    @AfterEach
    void cleanUp() {
        System.clearProperty("showdown.home");
        assertThat(ChildProcess.endMarked(marker)).as("servers left running").isEmpty();
    }

    @Test
    void aRegistryBoundTargetThatCanRunHereIsComparedAndOneThatCannotSaysWhy() throws IOException {
        Path out = home.resolve("results/reproduce");
        CapturedCli.Outcome o = CapturedCli.run("reproduce", "phoenix-showdown", "--duration", "1s", "--out", out.toString());

        assertThat(o.exitCode()).as(o.err()).isZero();
        RunResults run = ResultsJson.read(out.resolve("results.json"));
        PublishedSeed seed = PublishedSeeds.load(home.resolve("scenarios")).require("phoenix-showdown");
        Reproduction r = Reproduction.of(seed, new Summaries(run), null);
        assertThat(r.inBoth()).extracting(PublishedSeed.Framework::name).containsExactly("Phoenix 0.13.1");
        assertThat(r.notCompared()).extracting(n -> n.framework() + ": " + n.why())
                .contains("Plug: unavailable here: " + PLUGS_LINE, "Gin: not in this run")
                .noneMatch(line -> line.startsWith("Phoenix 0.13.1"));
        String md = Files.readString(out.resolve("report.md"));
        assertThat(md).contains("| Plug | plug | unavailable here: " + PLUGS_LINE + " |")
                .doesNotContain("not reachable here");
    }
}
