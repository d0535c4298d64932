package showdown.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import showdown.harness.results.ResultsException;
import showdown.harness.results.ResultsJournal;
import showdown.harness.results.RunResults;

/** Regenerating the three reports of a results folder from its results.json. */
class ReportsTest {

    @TempDir
    Path dir;

    @Test
    void regeneratesTheThreeReportsFromTheJournalAlone() throws IOException {
        RunResults run = SampleRun.build();
        ResultsJournal journal = ResultsJournal.create(dir, run.withTargets(java.util.List.of())
                .withCases(java.util.List.of()));
        run.targets().forEach(journal::recordTarget);
        run.cases().forEach(journal::recordCase);
        journal.finish();

        var written = Reports.regenerate(dir);

        assertThat(written).containsExactly(dir.resolve("report.md"), dir.resolve("report.html"),
                dir.resolve("results.csv"));
        assertThat(Files.readString(dir.resolve("report.md")))
                .isEqualTo(MarkdownReport.render(journal.snapshot()));
        assertThat(Files.readString(dir.resolve("results.csv"))).isEqualTo(CsvReport.render(journal.snapshot()));
        try (Stream<Path> files = Files.list(dir)) {
            assertThat(files.map(p -> p.getFileName().toString()))
                    .containsExactlyInAnyOrder("results.json", "report.md", "report.html", "results.csv");
        }
    }

    @Test
    void aFolderWithoutResultsIsRefusedInOneLine() {
        assertThatThrownBy(() -> Reports.regenerate(dir))
                .isInstanceOf(ResultsException.class).hasMessageEndingWith("results.json: no such file");
    }
}
