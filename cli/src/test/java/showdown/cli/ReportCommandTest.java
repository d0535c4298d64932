package showdown.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code showdown report DIR}: the three reports from results.json; one line and exit 2 for a bad folder. */
class ReportCommandTest {

    @TempDir
    Path tmp;

    @Test
    void writesTheThreeReportsFromResultsJson() throws IOException {
        Path dir = ReportTestFolders.write(tmp.resolve("run"), 2, 1);

        CapturedCli.Outcome o = CapturedCli.run("report", dir.toString());

        assertThat(o.exitCode()).isZero();
        assertThat(o.err()).isEmpty();
        assertThat(o.out().lines()).containsExactly(
                dir.resolve("report.md").toString(), dir.resolve("report.html").toString(),
                dir.resolve("results.csv").toString());
        // The seed's layout, each cell with the half-width of its 95 % interval over the slices.
        assertThat(Files.readString(dir.resolve("report.md"))).containsPattern("""
                \\| Framework \\| Concurrency 4 \\|
                \\| --- \\| --- \\|
                \\| ALPHA \\| 10025 req/s \\(10000–10050\\) ±\\d\\.\\d % \\|
                \\| BETA \\| 5025 req/s \\(5000–5050\\) ±\\d\\.\\d % \\|
                """);
        assertThat(Files.readString(dir.resolve("report.html"))).contains("<svg ");
        assertThat(Files.readAllLines(dir.resolve("results.csv"))).hasSize(1 + 8);
    }

    @Test
    void aMissingFolderIsOneLineAndExit2() {
        CapturedCli.Outcome o = CapturedCli.run("report", tmp.resolve("nope").toString());
        assertThat(o.exitCode()).isEqualTo(2);
        assertThat(o.err()).isEqualTo("showdown report: " + tmp.resolve("nope") + ": no such folder\n");
    }

    @Test
    void aFolderWithoutResultsIsOneLineAndExit2() {
        CapturedCli.Outcome o = CapturedCli.run("report", tmp.toString());
        assertThat(o.exitCode()).isEqualTo(2);
        assertThat(o.err()).isEqualTo("showdown report: " + tmp + ": no results.json here, so it is not a results folder\n");
    }

    @Test
    void anUnknownSchemaIsOneLineAndExit2() throws IOException {
        Files.writeString(tmp.resolve("results.json"), "{\"schema\":\"showdown.results/9\"}");
        CapturedCli.Outcome o = CapturedCli.run("report", tmp.toString());
        assertThat(o.exitCode()).isEqualTo(2);
        assertThat(o.err().lines()).singleElement().asString()
                .contains("schema 'showdown.results/9' is not supported");
    }

    @Test
    void theReferenceMustStandForASeedFrameworkTheRunMeasured() throws IOException {
        Path dir = ReportTestFolders.write(tmp.resolve("run"), 1, 1);
        // A home without published tables (not this checkout's, which has mist's).
        System.setProperty("showdown.home", Files.createDirectories(tmp.resolve("bare/scenarios")).getParent().toString());
        try {
            CapturedCli.Outcome none = CapturedCli.run("report", dir.toString(), "--reference", "alpha");
            assertThat(none.exitCode()).isEqualTo(2);
            assertThat(none.err()).isEqualTo("showdown report: --reference alpha: the run has no seed scenario with a"
                    + " published table to compare with\n");
        } finally {
            System.clearProperty("showdown.home");
        }

        Path home = Files.createDirectories(tmp.resolve("home/scenarios/published"));
        Files.writeString(home.resolve("mist.yaml"), """
                seed: mist
                source: a seed for tests
                hardware: [one machine]
                load: h2load -c4
                duration: 30s
                frameworks:
                  - {name: Alpha, target: alpha}
                  - {name: Beta, target: beta}
                  - {name: Gamma, reason: no toolchain}
                figures:
                  - {framework: Alpha, request: GET /, connections: 4, threads: 4, figure: requests-per-second, value: 100, unit: req/s}
                  - {framework: Beta, request: GET /, connections: 4, threads: 4, figure: requests-per-second, value: 300, unit: req/s}
                """);
        System.setProperty("showdown.home", tmp.resolve("home").toString());
        try {
            CapturedCli.Outcome bad = CapturedCli.run("report", dir.toString(), "--reference", "gamma");
            assertThat(bad.exitCode()).isEqualTo(2);
            assertThat(bad.err()).isEqualTo("showdown report: --reference gamma: not a target measured for a seed"
                    + " framework in this run (give one of alpha, beta)\n");
            CapturedCli.Outcome ok = CapturedCli.run("report", dir.toString(), "--reference", "beta");
            assertThat(ok.exitCode()).isZero();
            String md = Files.readString(dir.resolve("report.md"));
            assertThat(md).contains("## Reproduction of the mist seed", "Figures are normalised to Beta (target beta),"
                    + " as --reference asked.", "The seed's order Beta &gt; Alpha does not hold: here Alpha &gt; Beta");
        } finally {
            System.clearProperty("showdown.home");
        }
    }

    @Test
    void withoutAFolderItExplainsUsage() {
        CapturedCli.Outcome o = CapturedCli.run("report");
        assertThat(o.exitCode()).isEqualTo(2);
        assertThat(o.err()).isEqualTo("showdown report: missing DIR (see 'showdown report --help')\n");
    }
}
