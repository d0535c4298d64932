package showdown.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import showdown.harness.results.ResultsJson;

/** {@code showdown compare A B}: faster, slower, same or inconclusive per matching case. */
class CompareCommandTest {

    @TempDir
    Path tmp;

    @Test
    void callsACaseFiftyPerCentUpFasterAndTheRestTheSame() {
        Path a = ReportTestFolders.write(tmp.resolve("a"), 2, 1);
        Path b = ReportTestFolders.write(tmp.resolve("b"), 2, 1.5); // alpha GET / 50 % faster

        CapturedCli.Outcome o = CapturedCli.run("compare", a.toString(), b.toString());

        assertThat(o.exitCode()).isZero();
        assertThat(o.err()).isEmpty();
        assertThat(o.out()).contains("faster/slower: the whole CI beyond ±5 %; same: within it;");
        assertThat(o.out()).containsPattern("alpha +mist +GET / +4 +.*\\+50\\.0% +\\+\\d+\\.\\d\\.\\.\\+\\d+\\.\\d% +rounds +faster\n");
        assertThat(o.out()).containsPattern("beta +mist +GET /user/\\{id} +4 +.* same\n");
        assertThat(o.out()).endsWith("4 cases in both: 1 faster, 0 slower, 3 same, 0 inconclusive; 0 only in A, 0 only in B.\n");
    }

    @Test
    void foldersGivenWithCommasAreOneSidesRounds() {
        Path a1 = ReportTestFolders.write(tmp.resolve("a1"), 1, 1);
        Path a2 = ReportTestFolders.write(tmp.resolve("a2"), 1, 1.02);
        Path b1 = ReportTestFolders.write(tmp.resolve("b1"), 1, 1.5);
        Path b2 = ReportTestFolders.write(tmp.resolve("b2"), 1, 1.49);

        CapturedCli.Outcome once = CapturedCli.run("compare", a1.toString(), b1.toString());
        CapturedCli.Outcome alternated = CapturedCli.run("compare", a1 + "," + a2, b1 + "," + b2);

        // One folder a side: the slices' interval, no verdict; two a side: rounds, and a verdict.
        assertThat(once.out()).containsPattern("alpha +mist +GET / +4 +.* slices +inconclusive\n");
        assertThat(alternated.exitCode()).isZero();
        assertThat(alternated.out()).startsWith("A: " + a1 + "," + a2 + " (run run-a1, 2 repetitions)\n");
        assertThat(alternated.out()).containsPattern("alpha +mist +GET / +4 +.* rounds +faster\n");
        assertThat(CapturedCli.run("compare", a1 + ",", b1.toString()).exitCode()).isZero();
        assertThat(CapturedCli.run("compare", a1 + "," + tmp.resolve("nope"), b1.toString()).exitCode()).isEqualTo(2);
    }

    @Test
    void failOnSlowerExitsThreeOnlyWhenACaseIsSlower() {
        Path a = ReportTestFolders.write(tmp.resolve("a"), 2, 1);
        Path slower = ReportTestFolders.write(tmp.resolve("slower"), 2, 0.8);
        Path faster = ReportTestFolders.write(tmp.resolve("faster"), 2, 1.2);

        assertThat(CapturedCli.run("compare", "--fail-on-slower", a.toString(), slower.toString()).exitCode())
                .isEqualTo(CompareCommand.EXIT_SLOWER);
        assertThat(CapturedCli.run("compare", "--fail-on-slower", a.toString(), faster.toString()).exitCode()).isZero();
        assertThat(CapturedCli.run("compare", a.toString(), slower.toString()).exitCode()).isZero();
        // A 20 % drop is within a 25 % threshold: the interval lies inside the band.
        assertThat(CapturedCli.run("compare", "--fail-on-slower", "--threshold", "25", a.toString(), slower.toString())
                .exitCode()).isZero();
    }

    @Test
    void jsonHasEveryCaseWithItsVerdictAndInterval() throws Exception {
        Path a = ReportTestFolders.write(tmp.resolve("a"), 2, 1);
        Path b = ReportTestFolders.write(tmp.resolve("b"), 2, 0.8);

        CapturedCli.Outcome o = CapturedCli.run("compare", "--json", a.toString(), b.toString());

        assertThat(o.exitCode()).isZero();
        JsonNode root = ResultsJson.mapper().readTree(o.out());
        assertThat(root.get("cases")).hasSize(4);
        JsonNode alpha = root.get("cases").get(0);
        assertThat(alpha.get("target").asText()).isEqualTo("alpha");
        assertThat(alpha.get("scenario").asText()).isEqualTo("mist");
        assertThat(alpha.get("request").asText()).isEqualTo("GET /");
        assertThat(alpha.get("connections").asInt()).isEqualTo(4);
        assertThat(alpha.get("verdict").asText()).isEqualTo("slower");
        assertThat(alpha.get("changePercent").asDouble()).isCloseTo(-20.0, org.assertj.core.data.Offset.offset(0.01));
        assertThat(alpha.get("ciLowPercent").asDouble()).isLessThan(alpha.get("changePercent").asDouble());
        assertThat(alpha.get("ciHighPercent").asDouble()).isBetween(alpha.get("changePercent").asDouble(), -5.0);
        assertThat(root.get("cases").get(1).get("verdict").asText()).isEqualTo("same");
    }

    @Test
    void aBadThresholdIsOneLineAndExit2() {
        Path a = ReportTestFolders.write(tmp.resolve("a"), 1, 1);
        CapturedCli.Outcome o = CapturedCli.run("compare", "--threshold", "abc", a.toString(), a.toString());
        assertThat(o.exitCode()).isEqualTo(2);
        assertThat(o.err()).contains("--threshold: 'abc' is not a percentage");
    }

    @Test
    void aMissingFolderIsOneLineAndExit2() {
        Path a = ReportTestFolders.write(tmp.resolve("a"), 1, 1);
        CapturedCli.Outcome o = CapturedCli.run("compare", a.toString(), tmp.resolve("missing").toString());
        assertThat(o.exitCode()).isEqualTo(2);
        assertThat(o.err()).isEqualTo("showdown compare: " + tmp.resolve("missing") + ": no such folder\n");
    }
}
