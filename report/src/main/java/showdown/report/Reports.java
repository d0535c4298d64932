package showdown.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.List;
import showdown.harness.plan.PublishedSeeds;
import showdown.harness.results.ResultsException;
import showdown.harness.results.ResultsJson;
import showdown.harness.results.RunResults;

/** Writes all of a run's reports into its results folder. */
public final class Reports {

    public static final String MARKDOWN = "report.md";
    public static final String HTML = "report.html";
    public static final String CSV = "results.csv";

    private Reports() {
    }

    /** Reads {@code dir/results.json} and writes the three reports beside it, without published tables. */
    public static List<Path> regenerate(Path dir) {
        return write(ResultsJson.read(ResultsJson.fileIn(dir)), dir, PublishedSeeds.NONE, null);
    }

    /**
     * Writes report.md, report.html and results.csv into {@code dir}; returns their paths.
     *
     * @param published the seeds' published tables, for the reproduction sections
     * @param reference the target to normalise to ({@code --reference}), or null for each seed's default
     */
    public static List<Path> write(RunResults run, Path dir, PublishedSeeds published, String reference) {
        Path md = dir.resolve(MARKDOWN);
        Path html = dir.resolve(HTML);
        Path csv = dir.resolve(CSV);
        replace(md, MarkdownReport.render(run, published, reference));
        replace(html, HtmlReport.render(run, published, reference));
        replace(csv, CsvReport.render(run));
        return List.of(md, html, csv);
    }

    /** Writes next to the target and renames over it, so a reader never sees half a report. */
    private static void replace(Path file, String text) {
        try {
            Path tmp = ResultsJson.temporarySibling(file);
            try {
                Files.writeString(tmp, text, StandardCharsets.UTF_8, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
                Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } finally {
                Files.deleteIfExists(tmp);
            }
        } catch (IOException e) {
            throw new ResultsException(file + ": cannot write: " + e.getMessage(), e);
        }
    }
}
