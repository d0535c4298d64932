package showdown.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Opens report.html in headless Chromium: a screenshot (kept in target/browser-test as a build
 * artifact), the DOM after scripts ran, and the console log. Runs only where {@code chromium} is on
 * PATH; CI installs it.
 */
class ReportHtmlBrowserTest {

    /** Chromium starts in a second or two; a minute means it hangs, and the test must not. */
    private static final long CHROMIUM_TIMEOUT_SECONDS = 90;

    private static final Path OUT = Path.of("target", "browser-test").toAbsolutePath();

    private static Path chromium;
    private static Path html;

    @BeforeAll
    static void writeReport() throws IOException {
        Optional<Path> found = onPath("chromium");
        assumeTrue(found.isPresent(), "chromium is not on PATH");
        chromium = found.get();
        Files.createDirectories(OUT);
        html = Reports.write(SampleRun.build(), OUT, showdown.harness.plan.PublishedSeeds.NONE, null).get(1);
    }

    @Test
    void rendersAScreenshot() throws Exception {
        Path png = OUT.resolve("report.png");
        Files.deleteIfExists(png);
        run(List.of("--screenshot=" + png, "--window-size=1280,2000", html.toUri().toString()), "screenshot");
        assertThat(png).exists();
        byte[] head = Files.readAllBytes(png);
        assertThat(head.length).as("a 1280×2000 page with charts is not a blank image").isGreaterThan(20_000);
        assertThat(new String(head, 1, 3, StandardCharsets.US_ASCII)).isEqualTo("PNG");
    }

    @Test
    void chartsAreInTheDomAndTheScriptRanWithoutErrors() throws Exception {
        Result r = run(List.of("--dump-dom", "--enable-logging=stderr", "--v=0", html.toUri().toString()), "dom");
        assertThat(HtmlReportTest.count(r.stdout(), "<svg ")).isEqualTo(23);
        assertThat(r.stdout()).contains("data-tables=\"sortable\"");
        assertThat(r.stderr()).doesNotContain("Uncaught").doesNotContain("Content Security Policy");
    }

    @Test
    void clickingAHeaderSortsTheTable() throws Exception {
        // A copy with a second script that clicks "req/s" in the all-cases table. The copy drops the CSP,
        // which (rightly) would block the extra script.
        String page = Files.readString(html);
        page = page.replaceFirst("<meta http-equiv=\"Content-Security-Policy\"[^>]*>", "");
        page = page.replace("</body>", "<script>document.querySelectorAll('#details th')[4].click();</script>\n</body>");
        Path copy = Files.writeString(OUT.resolve("report-sorted.html"), page);

        Result r = run(List.of("--dump-dom", "--enable-logging=stderr", "--v=0", copy.toUri().toString()), "sorted");

        String details = r.stdout().substring(r.stdout().indexOf("<section id=\"details\">"));
        List<Double> rates = new ArrayList<>();
        Matcher row = Pattern.compile("<tr>(?:<td[^>]*>[^<]*</td>){4}<td class=\"num\" data-v=\"([0-9.E]+)\"").matcher(details);
        while (row.find()) {
            rates.add(Double.parseDouble(row.group(1)));
        }
        assertThat(rates).hasSize(23).isSorted();
        assertThat(rates.get(0)).isEqualTo(2500.0);
        assertThat(r.stdout()).contains("aria-sort=\"ascending\"");
        assertThat(r.stderr()).doesNotContain("Uncaught");
    }

    private record Result(String stdout, String stderr) {
    }

    /** Runs Chromium with a hard timeout; it and every process it started are gone when this returns. */
    private static Result run(List<String> args, String name) throws Exception {
        Path profile = Files.createTempDirectory("showdown-chromium-");
        List<String> cmd = new ArrayList<>(List.of(chromium.toString(), "--headless", "--no-sandbox", "--disable-gpu",
                "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update",
                "--disable-sync", "--disable-dev-shm-usage", "--user-data-dir=" + profile));
        cmd.addAll(args);
        File out = OUT.resolve(name + ".stdout").toFile();
        File err = OUT.resolve(name + ".stderr").toFile();
        Process p = new ProcessBuilder(cmd).redirectOutput(out).redirectError(err).start();
        try {
            boolean done = p.waitFor(CHROMIUM_TIMEOUT_SECONDS, TimeUnit.SECONDS);
            assertThat(done).as("chromium finished within %d s", CHROMIUM_TIMEOUT_SECONDS).isTrue();
            return new Result(Files.readString(out.toPath()), Files.readString(err.toPath()));
        } finally {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
            p.waitFor(10, TimeUnit.SECONDS);
            deleteTree(profile);
        }
    }

    private static Optional<Path> onPath(String command) {
        String path = System.getenv("PATH");
        if (path == null) {
            return Optional.empty();
        }
        for (String dir : path.split(File.pathSeparator)) {
            Path candidate = Path.of(dir, command);
            if (Files.isExecutable(candidate)) {
                return Optional.of(candidate);
            }
        }
        return Optional.empty();
    }

    private static void deleteTree(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (var walk = Files.walk(dir)) {
            for (Path p : walk.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }
}
