package showdown.report.benchlog;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The measurement log rendered from sample records and a note in a Showdown-shaped folder. */
class BenchLogTest {

    @TempDir
    Path home;
    Path records;

    static final BenchRecord.Machine MACHINE = new BenchRecord.Machine("Test CPU @ 2.9GHz", 2, "0-1", "6.1.0-test",
            "unknown", "Eclipse Adoptium 25.0.1+8-LTS", Map.of("wrk", "4.1.0", "nginx", "1.22.1"),
            Map.of("wrkAloneReqPerSec", 228000.0));

    static BenchRecord tls(String date, double ratio, double low, double high) {
        return new BenchRecord(BenchRecord.SCHEMA, "load-vs-wrk", Instant.parse(date), "2b5f095",
                "bench/load-vs-wrk --tls --rounds 5", MACHINE,
                List.of(BenchRecord.Figure.judged("h1 over TLS: req/s vs wrk", ratio, low, high, "ratio",
                                "median of per-round ratios (range)", ">= 0.95"),
                        BenchRecord.Figure.judged("h1 over TLS: nginx CPU/request, under showdown / under wrk", 1.029,
                                1.02, 1.04, "ratio", "median of per-round ratios (range)", null)),
                "Below the bar by two points.");
    }

    @BeforeEach
    void sampleLog() throws IOException {
        records = home.resolve("bench/results/records");
        BenchRecords.write(tls("2026-12-03T09:00:00Z", 0.925, 0.92, 0.95), records);
        BenchRecords.write(tls("2026-12-04T10:15:00Z", 0.959, 0.94, 0.98), records);
        BenchRecords.write(new BenchRecord(BenchRecord.SCHEMA, "trust", Instant.parse("2026-12-04T11:00:00Z"), "3c1d2e4-dirty",
                "bench/trust --check interference", MACHINE,
                List.of(BenchRecord.Figure.judged("interference: cases marked or remeasured wrongly", 0, null, null,
                        "cases of 12", null, "= 0")), "None wrongly."), records);
        Path notes = Files.createDirectories(home.resolve("bench/results/notes"));
        Files.writeString(notes.resolve("2026-12-03-tls-wakeups.md"), """
                ---
                date: 2026-12-03
                commit: unknown
                machine: 2 vCPU VM, JDK 25
                title: Where the TLS gap goes
                ---
                nginx wakes a sleeping generator.

                # Counted with perf
                ```
                # not a heading
                ```
                """);
        Files.createDirectories(home.resolve("docs"));
        Files.writeString(home.resolve("docs/accuracy.md"), "# Accuracy\n\n" + BenchLog.BEGIN + "\nold\n" + BenchLog.END
                + "\n\nAfter.\n");
    }

    @Test
    void theReadmeListsRecordsAndNotesNewestFirst() {
        String md = BenchLog.load(home).readme();
        int newestTls = md.indexOf("## 2026-12-04 10:15 UTC, bench/load-vs-wrk --tls --rounds 5");
        int trust = md.indexOf("## 2026-12-04 11:00 UTC, bench/trust --check interference");
        int olderTls = md.indexOf("## 2026-12-03 09:00 UTC, bench/load-vs-wrk --tls --rounds 5");
        int note = md.indexOf("## 2026-12-03, Where the TLS gap goes");
        assertThat(List.of(trust, newestTls, olderTls, note)).allMatch(i -> i > 0);
        assertThat(trust).isLessThan(newestTls);
        assertThat(newestTls).isLessThan(olderTls);
        assertThat(olderTls).isLessThan(note);
    }

    @Test
    void aRecordShowsItsCommandMachineAndFiguresWithTheirRange() {
        String md = BenchLog.load(home).readme();
        assertThat(md).contains("""
                ## 2026-12-04 10:15 UTC, bench/load-vs-wrk --tls --rounds 5

                Commit 2b5f095; Test CPU @ 2.9GHz (2 cores, cpuset 0-1), kernel 6.1.0-test, \
                JDK Eclipse Adoptium 25.0.1+8-LTS; nginx 1.22.1, wrk 4.1.0; host noise: wrk alone on nginx \
                228000 req/s; unknown: governor. [Record](records/20261204-101500-load-vs-wrk.json)

                | figure | value | range | spread | pass mark | met |
                |---|---|---|---|---|---|
                | h1 over TLS: req/s vs wrk | 0.959 ratio | 0.940–0.980 | median of per-round ratios (range) | >= 0.95 | yes |
                | h1 over TLS: nginx CPU/request, under showdown / under wrk | 1.029 ratio | 1.020–1.040 \
                | median of per-round ratios (range) |  |  |

                Below the bar by two points.
                """);
        assertThat(md).contains("| h1 over TLS: req/s vs wrk | 0.925 ratio | 0.920–0.950 | median of per-round ratios"
                + " (range) | >= 0.95 | **no** |");
    }

    @Test
    void aNoteIsRenderedWithItsFrontMatterAndItsHeadingsBelowTheEntrys() {
        String md = BenchLog.load(home).readme();
        assertThat(md).contains("""
                ## 2026-12-03, Where the TLS gap goes

                Commit unknown; 2 vCPU VM, JDK 25. [Note](notes/2026-12-03-tls-wakeups.md)

                nginx wakes a sleeping generator.

                ### Counted with perf
                ```
                # not a heading
                ```
                """);
    }

    @Test
    void theAccuracyTableHoldsTheNewestFigureOfEachClaimBetweenTheMarkers() throws IOException {
        List<Path> written = BenchLog.load(home).write();
        assertThat(written).containsExactly(home.resolve("bench/results/README.md"), home.resolve("docs/accuracy.md"));
        String doc = Files.readString(home.resolve("docs/accuracy.md"));
        assertThat(doc).startsWith("# Accuracy\n\n" + BenchLog.BEGIN + "\n### Newest figures of `bench/load-vs-wrk`\n\n")
                .endsWith(BenchLog.END + "\n\nAfter.\n").doesNotContain("old").doesNotContain("0.925");
        assertThat(doc).contains(
                "| h1 over TLS: nginx CPU/request, under showdown / under wrk | 1.029 ratio | 1.020–1.040 |  |  | [^run1] |\n"
                + "| h1 over TLS: req/s vs wrk | 0.959 ratio | 0.940–0.980 | >= 0.95 | yes | [^run1] |\n\n"
                + "### Newest figures of `bench/trust`\n\n",
                "| interference: cases marked or remeasured wrongly | 0 cases of 12 |  | = 0 | yes | [^run2] |\n");
        assertThat(doc).contains("[^run1]: 2026-12-04, commit 2b5f095, `bench/load-vs-wrk --tls --rounds 5`; Test CPU",
                "[Record](../bench/results/records/20261204-101500-load-vs-wrk.json)\n",
                "[^run2]: 2026-12-04, commit 3c1d2e4-dirty, `bench/trust --check interference`; ");
        // rendering again changes nothing
        BenchLog.load(home).write();
        assertThat(Files.readString(home.resolve("docs/accuracy.md"))).isEqualTo(doc);
    }

    @Test
    void aRecordWithoutACommitIsRefusedWithOneLine() throws IOException {
        Path bad = records.resolve("20261205-000000-load-vs-wrk.json");
        Files.writeString(bad, BenchRecords.toJson(tls("2026-12-05T00:00:00Z", 1, 1, 1)).replace("\"commit\" : \"2b5f095\",", ""));
        assertThatThrownBy(() -> BenchLog.load(home)).isInstanceOf(BenchLogException.class)
                .hasMessage(bad + ": missing field 'commit' (a string)");
    }

    @Test
    void aFigureWithoutAValueAndANoteWithoutATitleAreRefused() throws IOException {
        Path bad = records.resolve("20261205-000000-trust.json");
        Files.writeString(bad, BenchRecords.toJson(tls("2026-12-05T00:00:00Z", 1, 1, 1)).replace("\"value\" : 1.0,", ""));
        assertThatThrownBy(() -> BenchRecords.read(bad)).hasMessage(bad + ": missing field 'figures[0].value' (a number)");
        Path note = home.resolve("bench/results/notes/2026-12-05-x.md");
        Files.writeString(note, "---\ndate: 2026-12-05\ncommit: unknown\nmachine: m\n---\ntext\n");
        assertThatThrownBy(() -> BenchNote.read(note)).hasMessage(note + ": missing field 'title' in the front matter");
    }

    @Test
    void aScriptWithoutARecordSaysHowToMakeOne() throws IOException {
        Files.delete(records.resolve("20261204-110000-trust.json"));
        assertThat(BenchLog.load(home).accuracyTable()).contains("| h1 over TLS: req/s vs wrk | 0.959 ratio")
                .endsWith("""
                        ### Newest figures of `bench/trust`

                        No record yet: run `bench/trust` at a named commit on an idle host, then `bench/report`.

                        [^run1]: 2026-12-04, commit 2b5f095, `bench/load-vs-wrk --tls --rounds 5`; Test CPU @ 2.9GHz \
                        (2 cores, cpuset 0-1), kernel 6.1.0-test, JDK Eclipse Adoptium 25.0.1+8-LTS; nginx 1.22.1, \
                        wrk 4.1.0; host noise: wrk alone on nginx 228000 req/s; unknown: governor. \
                        [Record](../bench/results/records/20261204-101500-load-vs-wrk.json)
                        """);
    }

    @Test
    void aFigureOutsideItsOwnRangeIsRefusedOnWritingAndOnReading() throws IOException {
        BenchRecord outside = tls("2026-12-05T10:00:00Z", 1.406, 1.41, 1.46);
        Path file = records.resolve("20261205-100000-load-vs-wrk.json");
        String line = file + ": figures[0] 'h1 over TLS: req/s vs wrk': value 1.406 lies outside its own range 1.41-1.46";
        assertThatThrownBy(() -> BenchRecords.write(outside, records)).isInstanceOf(BenchLogException.class).hasMessage(line);
        assertThat(file).doesNotExist();
        Files.writeString(file, BenchRecords.toJson(outside));
        assertThatThrownBy(() -> BenchLog.load(home)).hasMessage(line);
    }

    @Test
    void aTranscriptionWithoutCommitOrMachineIsRefused() throws IOException {
        BenchRecord r = tls("2026-12-05T00:00:00Z", 1, 1, 1);
        Path file = records.resolve("20261205-000000-load-vs-wrk.json");
        Files.writeString(file, BenchRecords.toJson(r).replace("\"2b5f095\"", "\"unknown\""));
        assertThatThrownBy(() -> BenchRecords.read(file)).hasMessage(file + ": no commit: a record names the commit it"
                + " measured (a text without one is a note, bench/results/notes/)");
        BenchRecord noMachine = new BenchRecord(r.schema(), r.script(), r.date(), r.commit(), r.command(),
                new BenchRecord.Machine("unknown", 2, "unknown", "unknown", "unknown", "unknown", Map.of(), null),
                r.figures(), r.reading());
        assertThatThrownBy(() -> BenchRecords.write(noMachine, records)).hasMessage(file + ": no machine: machine.cpuModel,"
                + " machine.cpuset, machine.kernel, machine.jdk unknown (a text without them is a note, bench/results/notes/)");
    }

    @Test
    void aDocWithoutTheMarkersIsRefused() throws IOException {
        Files.writeString(home.resolve("docs/accuracy.md"), "# Accuracy\n");
        assertThatThrownBy(() -> BenchLog.load(home).write())
                .hasMessage(home.resolve("docs/accuracy.md") + ": lacks the markers " + BenchLog.BEGIN + " and "
                        + BenchLog.END + " (in that order)");
    }

    @Test
    void whatIsUnknownOfAMachineIsNamedOnceAtTheEnd() {
        BenchRecord.Machine m = new BenchRecord.Machine("unknown", 2, "unknown", "unknown", "unknown", "unknown",
                Map.of("wrk", "unknown", "h2load", "1.52.0"), null);
        assertThat(BenchLog.machine(m)).isEqualTo("2 cores; h2load 1.52.0; unknown: CPU model, cpuset, governor, kernel,"
                + " JDK, the versions of wrk, host noise");
    }

    @Test
    void aRecordWithoutATimeOfDayIsHeadedByItsDateAlone() {
        assertThat(BenchLog.when(Instant.parse("2026-12-04T00:00:00Z"))).isEqualTo("2026-12-04");
        assertThat(BenchLog.when(Instant.parse("2026-12-04T00:00:01Z"))).isEqualTo("2026-12-04 00:00 UTC");
    }

    @Test
    void aRecordReadsBackAsWritten() {
        BenchRecord r = tls("2026-12-04T10:15:00Z", 0.959, 0.94, 0.98);
        assertThat(BenchRecords.read(records.resolve("20261204-101500-load-vs-wrk.json"))).isEqualTo(r);
        assertThat(BenchRecords.write(r, records).getFileName()).hasToString("20261204-101500-load-vs-wrk-2.json");
    }

    @Test
    void figuresFromTheScriptsLinesAreJudgedAgainstTheirBar() throws IOException {
        Path lines = home.resolve("figures.tsv");
        Files.writeString(lines, """
                plaintext: req/s vs wrk\t1.069\t1.07\t1.09\tratio\tmedian of per-round ratios (range)\t>= 1.00
                plaintext: CPU/request vs wrk\t1.12\t-\t-\tratio\t-\t<= 1.05

                interference: wrong\t0\t\t\tcases\t\t= 0\tno
                """);
        assertThat(BenchRecords.parseFigures(lines)).containsExactly(
                new BenchRecord.Figure("plaintext: req/s vs wrk", 1.069, 1.07, 1.09, "ratio",
                        "median of per-round ratios (range)", ">= 1.00", true),
                new BenchRecord.Figure("plaintext: CPU/request vs wrk", 1.12, null, null, "ratio", null, "<= 1.05", false),
                new BenchRecord.Figure("interference: wrong", 0, null, null, "cases", null, "= 0", false));
        Files.writeString(lines, "x\tnan\t-\t-\tratio\t-\t-\n");
        assertThatThrownBy(() -> BenchRecords.parseFigures(lines)).hasMessage(lines + ":1: value 'nan' is not a number");
    }
}
