package showdown.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The top-level command: its help, its one-line errors, and the launcher's hidden training run. */
class MainTest {

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();
    private PrintStream savedOut;
    private PrintStream savedErr;

    @BeforeEach
    void capture() {
        savedOut = System.out;
        savedErr = System.err;
        System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
        System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    @AfterEach
    void restore() {
        System.setOut(savedOut);
        System.setErr(savedErr);
    }

    @Test
    void helpListsEveryCommandButTheHiddenOne() {
        assertThat(Main.execute("--help")).isZero();
        String help = out.toString(StandardCharsets.UTF_8);
        assertThat(help).contains("load", "verify", "serve", "doctor", "run", "report", "compare", "help");
        assertThat(help).doesNotContain("train-archive");
    }

    @Test
    void helpForOneCommandStillFindsIt() {
        assertThat(Main.execute("help", "load")).isZero();
        assertThat(out.toString(StandardCharsets.UTF_8)).contains("Usage: showdown load", "--pipeline");
    }

    @Test
    void anUnknownCommandIsOneLineAndExitCode2() {
        assertThat(Main.execute("lod")).isEqualTo(Main.EXIT_USAGE);
        assertThat(err.toString(StandardCharsets.UTF_8).strip())
                .isEqualTo("showdown: Unmatched argument at index 0: 'lod' (see 'showdown --help')");
    }

    @Test
    void trainingRunsAQuietLoadAndSucceeds() {
        assertThat(Main.execute("train-archive")).isZero();
        assertThat(out.toString(StandardCharsets.UTF_8)).isEmpty();
        assertThat(err.toString(StandardCharsets.UTF_8)).isEmpty();
    }
}
