package showdown.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code showdown compare A B}: faster, slower or tie per matching case; exit 0. */
class CompareCommandTest {

    @TempDir
    Path tmp;

    @Test
    void marksACaseOutsideTheSpreadFasterAndTheRestTies() {
        Path a = ReportTestFolders.write(tmp.resolve("a"), 2, 1);
        Path b = ReportTestFolders.write(tmp.resolve("b"), 2, 1.5); // alpha GET / 50 % faster

        CapturedCli.Outcome o = CapturedCli.run("compare", a.toString(), b.toString());

        assertThat(o.exitCode()).isZero();
        assertThat(o.err()).isEmpty();
        assertThat(o.out()).contains("tie: the min-max req/s ranges of the repetitions overlap.");
        assertThat(o.out()).contains("""
                target  scenario  request         connections  A req/s              B req/s              delta   verdict
                alpha   mist      GET /           4            10025 (10000–10050)  15038 (15000–15075)  +50.0%  faster
                alpha   mist      GET /user/{id}  4            10025 (10000–10050)  10025 (10000–10050)  +0.0%   tie
                beta    mist      GET /           4            5025 (5000–5050)     5025 (5000–5050)     +0.0%   tie
                beta    mist      GET /user/{id}  4            5025 (5000–5050)     5025 (5000–5050)     +0.0%   tie
                """);
        assertThat(o.out()).endsWith("4 cases in both: 1 faster, 0 slower, 3 tie; 0 only in A, 0 only in B.\n");
    }

    @Test
    void singleRepetitionsUseTheFivePerCentBandAndSaySo() {
        Path a = ReportTestFolders.write(tmp.resolve("a"), 1, 1);
        Path b = ReportTestFolders.write(tmp.resolve("b"), 1, 0.96); // 4 % slower: still a tie

        CapturedCli.Outcome o = CapturedCli.run("compare", a.toString(), b.toString());

        assertThat(o.exitCode()).isZero();
        assertThat(o.out()).contains("tie: the cases have a single repetition, so a tie means within ±5 %.");
        assertThat(o.out()).contains("alpha   mist      GET /           4            10000    9600     -4.0%  tie");
    }

    @Test
    void aMissingFolderIsOneLineAndExit2() {
        Path a = ReportTestFolders.write(tmp.resolve("a"), 1, 1);
        CapturedCli.Outcome o = CapturedCli.run("compare", a.toString(), tmp.resolve("missing").toString());
        assertThat(o.exitCode()).isEqualTo(2);
        assertThat(o.err()).isEqualTo("showdown compare: " + tmp.resolve("missing") + ": no such folder\n");
    }
}
