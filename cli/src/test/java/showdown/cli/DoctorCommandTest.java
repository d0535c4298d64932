package showdown.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DoctorCommandTest {

    @TempDir
    Path home;

    @Test
    void printsOneLinePerTargetWithWhatItNeeds() throws Exception {
        VerifyCli.target(home, "python", "plain", VerifyCli.PYTHON_SERVER, "requires: [sh]\n");
        VerifyCli.target(home, "java", "built-later", "[./run]", "build:\n  command: [\"true\"]\n  output: out/app.jar\n");
        Path withSetup = VerifyCli.target(home, "zig", "needs-zig", "[./run]", "requires: [showdown-no-zig-here]\nsetup: ./setup\n");
        Files.writeString(withSetup.resolve("setup"), "#!/bin/sh\n");
        VerifyCli.target(home, "cobol", "no-cobol", "[./run]", "requires: [showdown-no-cobol-here]\n");
        Path noH3 = VerifyCli.target(home, "python", "no-h3", VerifyCli.PYTHON_SERVER, "protocols: [h1, h3]\n");
        Files.writeString(noH3.resolve(showdown.harness.targets.UnavailableProtocols.FILE_NAME), "h3 no QUIC library here\n");

        VerifyCli.Result r = VerifyCli.run(home, "doctor");

        assertThat(r.exitCode()).isZero();
        assertThat(r.out().lines().filter(l -> !l.startsWith("showdown home") && !l.startsWith("java for targets")))
                .containsExactly(
                        "TARGET       LANGUAGE  STATUS",
                        "built-later  java      needs build",
                        "needs-zig    zig       needs setup: targets/zig/needs-zig/setup",
                        "no-cobol     cobol     unavailable here: missing on PATH: showdown-no-cobol-here",
                        "no-h3        python    ready (h3 unavailable here: no QUIC library here)",
                        "plain        python    ready");
    }

    @Test
    void aBadManifestIsOneLineAndExitTwo() throws Exception {
        VerifyCli.target(home, "java", "broken", "java -jar x.jar", "");

        VerifyCli.Result r = VerifyCli.run(home, "doctor");

        assertThat(r.exitCode()).isEqualTo(2);
        assertThat(r.err()).startsWith("showdown doctor: ").contains("'start' must be a list").hasLineCount(1);
    }

    @Test
    void aFolderWithoutTargetsSaysWhereToRunFrom() {
        VerifyCli.Result r = VerifyCli.run(home, "doctor");

        assertThat(r.exitCode()).isEqualTo(2);
        assertThat(r.err()).contains("no targets/ folder in " + home.toAbsolutePath().normalize()).hasLineCount(1);
    }
}
