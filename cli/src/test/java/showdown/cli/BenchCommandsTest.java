package showdown.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import showdown.harness.run.MachineInfo;
import showdown.report.benchlog.BenchRecord;
import showdown.report.benchlog.BenchRecords;

/** The hidden commands behind the bench scripts' records and bench/report. */
class BenchCommandsTest {

    @TempDir
    Path home;

    @Test
    void benchRecordStampsTheMachineAndWritesTheFigures() throws IOException {
        Path figures = home.resolve("figures.tsv");
        Files.writeString(figures, "h2c: req/s vs h2load\t1.672\t1.65\t1.72\tratio\tmedian of per-round ratios (range)\t>= 1.00\n");
        Path records = home.resolve("records");
        CapturedCli.Outcome o = CapturedCli.run("bench-record", "--script", "load-vs-wrk", "--command",
                "bench/load-vs-wrk --h2", "--started", "2026-12-03T10:00:00Z", "--tool", "showdown-no-such-tool",
                "--tool", "hey=v0.1.5", "--noise", "wrkAloneReqPerSec=228000", "--figures", figures.toString(), "--reading", "Ahead.",
                "--out", records.toString());
        assertThat(o.err()).isEmpty();
        assertThat(o.exitCode()).isZero();
        Path file = records.resolve("20261203-100000-load-vs-wrk.json");
        assertThat(o.out().strip()).isEqualTo(file.toString());
        BenchRecord r = BenchRecords.read(file);
        MachineInfo m = MachineInfo.ofThisMachine();
        assertThat(r.machine().cpuset()).isEqualTo(m.cpuset());
        assertThat(r.machine().cores()).isEqualTo(m.cores());
        assertThat(r.machine().tools()).containsEntry("showdown-no-such-tool", "unknown");
        assertThat(r.machine().tools()).containsEntry("hey", "v0.1.5");
        assertThat(r.machine().noise()).containsEntry("wrkAloneReqPerSec", 228000.0);
        assertThat(r.figures()).singleElement().extracting(BenchRecord.Figure::met).isEqualTo(true);
        assertThat(r.commit()).matches("[0-9a-f]{7}(-dirty)?");
    }

    @Test
    void aMalformedRecordStopsBenchReportWithOneLine() throws IOException {
        Path records = Files.createDirectories(home.resolve("bench/results/records"));
        Path bad = records.resolve("20261204-000000-trust.json");
        Files.writeString(bad, "{\"schema\": \"showdown-bench-record/1\", \"script\": \"trust\"}");
        CapturedCli.Outcome o = CapturedCli.run("bench-report", "--home", home.toString());
        assertThat(o.exitCode()).isEqualTo(Main.EXIT_USAGE);
        assertThat(o.err()).isEqualTo("showdown bench-report: " + bad + ": missing field 'machine' (an object)\n");
        assertThat(home.resolve("bench/results/README.md")).doesNotExist();
    }

    @Test
    void benchReportWritesTheLog() {
        CapturedCli.Outcome o = CapturedCli.run("bench-report", "--home", home.toString());
        assertThat(o.exitCode()).isZero();
        assertThat(o.out()).isEqualTo("wrote " + home.resolve("bench/results/README.md") + "\n");
        assertThat(home.resolve("bench/results/README.md")).content().startsWith("# Measurement log\n");
    }
}
