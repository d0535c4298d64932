package showdown.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * README.md and docs/: no words about how or in which working session they were written, and no
 * relative link to a missing file or anchor. The sample texts below show that each check fails.
 */
class DocsLintTest {

    final Path home = AllJavaTargetsVerifyTest.home();

    @TempDir
    Path dir;

    @Test
    void theUsersDocsStateWhatIsAndTheirLinksResolve() throws IOException {
        List<DocsLint.Finding> findings = new ArrayList<>();
        for (Path file : DocsLint.userDocs(home)) {
            findings.addAll(DocsLint.narration(home.relativize(file), Files.readString(file)));
            DocsLint.deadLinks(file).forEach(f -> findings.add(new DocsLint.Finding(home.relativize(f.file()), f.line(), f.what())));
        }
        assertThat(DocsLint.userDocs(home)).hasSizeGreaterThan(5);
        assertThat(findings).as("docs that narrate their own making or link to nothing").isEmpty();
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
