package showdown.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class VerifyCommandTest {

    @TempDir
    Path home;

    @BeforeEach
    void targets() throws Exception {
        VerifyCli.target(home, "python", "pyserver", VerifyCli.PYTHON_SERVER, "");
        VerifyCli.target(home, "cobol", "no-cobol", "[./run]", "requires: [showdown-no-cobol-here]\n");
    }

    @Test
    void anUnknownTargetIsABadInput() {
        VerifyCli.Result r = VerifyCli.run(home, "verify", "--target", "nope");

        assertThat(r.exitCode()).isEqualTo(2);
        assertThat(r.err()).isEqualTo("showdown verify: unknown target 'nope' (known: no-cobol, pyserver)\n");
    }

    @Test
    void anUnknownScenarioIsABadInput() {
        VerifyCli.Result r = VerifyCli.run(home, "verify", "--scenario", "mist,bogus");

        assertThat(r.exitCode()).isEqualTo(2);
        assertThat(r.err()).startsWith("showdown verify: unknown scenario 'bogus' (known: spock-scotty, mist,");
    }

    @Test
    void zeroJobsIsABadInput() {
        assertThat(VerifyCli.run(home, "verify", "--jobs", "0").exitCode()).isEqualTo(2);
    }

    @Test
    void anUnavailableTargetIsSkippedAndDoesNotFailTheRun() {
        VerifyCli.Result r = VerifyCli.run(home, "verify", "--target", "no-cobol", "--logs", home.resolve("logs").toString());

        assertThat(r.exitCode()).isZero();
        assertThat(r.out()).containsPattern("no-cobol +target +availability +SKIP +unavailable here: missing on PATH")
                .contains("verified 1 target: 0 passed, 0 failed, 1 skipped");
    }

    @Test
    void aFailingCheckExitsOneAndShowsTheWire() {
        // Python's http.server speaks HTTP/1.0 and closes every connection: the keep-alive check fails.
        VerifyCli.Result r = VerifyCli.run(home, "verify", "--target", "pyserver,no-cobol", "--scenario", "http",
                "--seed", "5", "--logs", home.resolve("logs").toString());

        assertThat(r.exitCode()).as(r.out()).isEqualTo(1);
        assertThat(r.out())
                .contains("verifying 2 targets (jobs 2, seed 5, logs in " + home.resolve("logs") + ")")
                .containsPattern("pyserver +http +GET unknown route -> 404 +PASS")
                .containsPattern("pyserver +http +keep-alive: 100 requests on one connection +FAIL +the server closed the connection after request 1")
                .contains("> GET / HTTP/1.1\\r\\n")
                .contains("< HTTP/1.0 200 OK\\r\\n")
                .containsPattern("pyserver +first response after [0-9.]+ s, idle RSS [0-9.]+ MiB")
                .contains("verified 2 targets: 0 passed, 1 failed, 1 skipped")
                .contains("  FAIL pyserver / keep-alive: 100 requests on one connection");
    }
}
