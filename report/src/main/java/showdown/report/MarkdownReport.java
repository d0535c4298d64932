package showdown.report;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import showdown.harness.plan.PublishedSeeds;
import showdown.harness.results.Environment;
import showdown.harness.results.RunResults;

/**
 * Writes {@code report.md}: the {@link Headline}, then the sections of {@link ReportTables}, as
 * GitHub-flavoured Markdown tables.
 */
public final class MarkdownReport {

    private MarkdownReport() {
    }

    /** A run on its own, without the seeds' published tables (so without reproduction sections). */
    public static String render(RunResults run) {
        return render(run, PublishedSeeds.NONE, null);
    }

    /**
     * @param published the seeds' published tables, for the reproduction sections
     * @param reference the target to normalise to ({@code --reference}), or null for each seed's default
     */
    public static String render(RunResults run, PublishedSeeds published, String reference) {
        Summaries summaries = new Summaries(run);
        StringBuilder md = new StringBuilder();
        md.append("# Showdown report: run ").append(escape(run.runId())).append("\n\n");
        md.append(escape(headline(run))).append("\n\n");
        List<Section> sections = new ArrayList<>();
        sections.add(new Headline(summaries).section());
        sections.addAll(new ReportTables(summaries, Reproduction.forRun(summaries, published, reference)).sections());
        for (Section section : sections) {
            md.append("## ").append(escape(section.heading())).append("\n\n");
            if (!section.intro().isEmpty()) {
                md.append(escape(section.intro())).append("\n\n");
            }
            for (Table table : section.tables()) {
                if (!table.caption().isEmpty()) {
                    md.append("**").append(escape(table.caption())).append("**\n\n");
                }
                md.append(table(table)).append('\n');
            }
        }
        return md.toString();
    }

    /** One sentence for the top of a report: the machine and the CPU split, before any number. */
    static String headline(RunResults run) {
        Environment e = run.environment();
        if (e == null) {
            return "Environment not recorded.";
        }
        return "Measured on " + e.cpuModel() + " (" + e.cores() + " logical CPUs), " + e.os() + ", " + e.jdk()
                + "; " + e.cpuSplit() + ".";
    }

    /** A Markdown table: a header row, a delimiter row, one row per table row. */
    static String table(Table t) {
        StringBuilder sb = new StringBuilder();
        sb.append(row(t.headers()));
        sb.append(row(t.headers().stream().map(h -> "---").toList()));
        for (List<Table.Cell> cells : t.rows()) {
            sb.append(row(cells.stream().map(Table.Cell::text).toList()));
        }
        return sb.toString();
    }

    private static String row(List<String> cells) {
        return cells.stream().map(MarkdownReport::escape).collect(Collectors.joining(" | ", "| ", " |\n"));
    }

    /**
     * Keeps text from breaking the table or being read as HTML: Markdown renderers pass raw HTML
     * through, and target names come from manifests.
     */
    static String escape(String s) {
        if (s == null) {
            return "";
        }
        return s.replace("\\", "\\\\").replace("|", "\\|").replace("&", "&amp;").replace("<", "&lt;")
                .replace(">", "&gt;").replace("\r", " ").replace("\n", " ");
    }
}
