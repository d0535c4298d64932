package showdown.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every markdown file the project ships: no relative link to a missing file or anchor and, outside the
 * measurement log, no words about how or in which working session it was written nor about what a
 * machine reaches. The sample texts below show that each check fails.
 */
class DocsLintTest {

    final Path home = AllJavaTargetsVerifyTest.home();

    @TempDir
    Path dir;

    @Test
    void theShippedDocsStateWhatIsAndTheirLinksResolve() throws IOException {
        List<Path> files = DocsLint.shippedMarkdown(home);
        List<DocsLint.Finding> findings = new ArrayList<>();
        for (Path file : files) {
            Path relative = home.relativize(file);
            if (!DocsLint.inLog(relative)) {
                String text = Files.readString(file);
                findings.addAll(DocsLint.narration(relative, text));
                findings.addAll(DocsLint.machineReach(relative, text));
            }
            DocsLint.deadLinks(file).forEach(f -> findings.add(new DocsLint.Finding(relative, f.line(), f.what())));
        }
        assertThat(files).extracting(f -> home.relativize(f).toString().replace('\\', '/'))
                .contains("README.md", "docs/accuracy.md", "bench/README.md", "bench/results/README.md",
                        "targets/java/netty/README.md");
        assertThat(findings).as("docs that narrate their own making, state what a machine reaches or link to nothing")
                .isEmpty();
    }

    @Test
    void sentencesAboutWhatAMachineReachesAreFoundWithTheirLineOutsideCode() {
        String sample = """
                # Targets

                Spock has no target here; Hex is not reachable here.
                Our machines do not reach Hackage, so its packages cannot be reached from here.
                `bandit`, `cowboy` and `mist` are written, but cannot run here.
                `showdown doctor` prints `unavailable here: Hex cannot be reached here` when it is so.
                A target that needs a registry is unavailable where `doctor` finds the registry silent.
                """;
        String said = "states what a machine reaches: ";

        assertThat(DocsLint.machineReach(Path.of("sample.md"), sample)).extracting(DocsLint.Finding::line,
                DocsLint.Finding::what).containsExactly(tuple(3, said + "\"not reachable here\""),
                tuple(3, said + "\"no target here\""), tuple(4, said + "\"cannot be reached from here\""),
                tuple(4, said + "\"our machines\""), tuple(5, said + "\"cannot run here\""));
    }

    @Test
    void theLogIsKeptAndBuildOutputIsNotShipped() throws IOException {
        for (String file : List.of("README.md", "docs/a.md", "bench/results/notes/n.md", "targets/x/README.md",
                "targets/x/target/README.md", "targets/x/node_modules/p/README.md", ".git/x.md", "results/r/report.md")) {
            Files.createDirectories(dir.resolve(file).getParent());
            Files.writeString(dir.resolve(file), "# x\n");
        }

        assertThat(DocsLint.shippedMarkdown(dir)).extracting(f -> dir.relativize(f).toString().replace('\\', '/'))
                .containsExactly("README.md", "bench/results/notes/n.md", "docs/a.md", "targets/x/README.md");
        assertThat(DocsLint.inLog(Path.of("bench/results/notes/n.md"))).isTrue();
        assertThat(DocsLint.inLog(Path.of("docs/a.md"))).isFalse();
    }

    @Test
    void wordsAboutTheirMakingAreFoundWithTheirLineOutsideCode() {
        String sample = """
                # Results, history

                The fifth session measured 0.93, a sitting later 0.95.
                Resuming a TLS session is measured in the window; a session id is reused.
                **Latest** (2026-12-04): 0.96 on the quietest host yet, the day before 0.91.
                Measured today, an hour later the same.
                ```
                today's figure in a code block is an example
                ```
                The flag `--latest` is code, and so is `the third session`.
                """;
        List<DocsLint.Finding> findings = DocsLint.narration(Path.of("sample.md"), sample);

        assertThat(findings).extracting(DocsLint.Finding::toString).containsExactly(
                "sample.md:1: narrates its own making: \"history\"",
                "sample.md:3: narrates its own making: \"fifth session\"",
                "sample.md:3: narrates its own making: \"sitting\"",
                "sample.md:5: narrates its own making: \"the day before\"",
                "sample.md:5: narrates its own making: \"quietest host\"",
                "sample.md:5: narrates its own making: \"latest\"",
                "sample.md:6: narrates its own making: \"today\"",
                "sample.md:6: narrates its own making: \"an hour later\"");
    }

    @Test
    void aLinkToAMissingFileOrAnchorIsFoundWithItsLine() throws IOException {
        Files.writeString(dir.resolve("other.md"), """
                # Other page
                ## Interval log (`--hlog`)
                ## Steps
                ## Steps
                """);
        Path page = dir.resolve("page.md");
        Files.writeString(page, """
                # Page
                See [the log](other.md#interval-log---hlog), [steps](other.md#steps-1) and [top](#page).
                A [missing file](gone.md) and [a missing anchor](other.md#nowhere), [here too](#nothing).
                `[not a link](gone.md)` and [the web](https://example.org/x#y) are not checked.
                """);

        assertThat(DocsLint.deadLinks(page)).extracting(f -> f.line() + ": " + f.what()).containsExactly(
                "3: link to a missing file: gone.md",
                "3: link to a missing anchor: other.md#nowhere",
                "3: link to a missing anchor: #nothing");
    }

    @Test
    void slugsFollowGitHub() {
        assertThat(DocsLint.slug("Interval log (`--hlog`)")).isEqualTo("interval-log---hlog");
        assertThat(DocsLint.slug("How it works (for contributors)")).isEqualTo("how-it-works-for-contributors");
        assertThat(DocsLint.slug("`showdown load`: the load generator")).isEqualTo("showdown-load-the-load-generator");
        assertThat(DocsLint.slug("Considered, not adopted")).isEqualTo("considered-not-adopted");
    }
}
