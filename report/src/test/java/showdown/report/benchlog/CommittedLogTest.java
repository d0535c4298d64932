package showdown.report.benchlog;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * The measurement log as committed: every record and note reads, and bench/results/README.md and the
 * table of docs/accuracy.md are what bench/report renders from them (run bench/report after adding one).
 */
class CommittedLogTest {

    /** The Showdown folder: the tests run in report/. */
    private static final Path HOME = Path.of("..").toAbsolutePath().normalize();

    @Test
    void theGeneratedFilesMatchTheRecords() throws IOException {
        Path readme = BenchLog.resultsDir(HOME).resolve("README.md");
        assumeTrue(Files.exists(readme), "no measurement log in " + HOME);
        BenchLog log = BenchLog.load(HOME);
        assertThat(Files.readString(readme)).as("bench/results/README.md is stale: run bench/report").isEqualTo(log.readme());
        Path doc = BenchLog.accuracyDoc(HOME);
        if (Files.exists(doc)) {
            String text = Files.readString(doc);
            assertThat(text).as("docs/accuracy.md's table is stale: run bench/report")
                    .isEqualTo(BenchLog.withAccuracyTable(text, log.accuracyTable(), doc));
        }
    }
}
