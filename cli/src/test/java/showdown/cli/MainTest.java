package showdown.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The top-level command: its help, its one-line errors, and the launcher's hidden training run. */
class MainTest {

    @Test
    void helpListsEveryCommandButTheHiddenOne() {
        CapturedCli.Outcome o = CapturedCli.run("--help");
        assertThat(o.exitCode()).isZero();
        String help = o.out();
        assertThat(help).contains("load", "verify", "serve", "doctor", "run", "report", "compare", "help");
        assertThat(help).doesNotContain("train-archive");
    }

    @Test
    void helpForOneCommandStillFindsIt() {
        CapturedCli.Outcome o = CapturedCli.run("help", "load");
        assertThat(o.exitCode()).isZero();
        assertThat(o.out()).contains("Usage: showdown load", "--pipeline");
    }

    @Test
    void anUnknownCommandIsOneLineAndExitCode2() {
        CapturedCli.Outcome o = CapturedCli.run("lod");
        assertThat(o.exitCode()).isEqualTo(Main.EXIT_USAGE);
        assertThat(o.err().strip())
                .isEqualTo("showdown: unknown command 'lod' (see 'showdown --help')");
    }

    @Test
    void trainingRunsAQuietLoadAndSucceeds() {
        CapturedCli.Outcome o = CapturedCli.run("train-archive");
        assertThat(o.exitCode()).isZero();
        assertThat(o.out()).isEmpty();
        assertThat(o.err()).isEmpty();
    }
}
