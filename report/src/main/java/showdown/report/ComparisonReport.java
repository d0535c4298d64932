package showdown.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import showdown.harness.results.Environment;
import showdown.harness.results.RunResults;
import showdown.harness.stats.ChangeTest;

/** Renders a {@link Comparison} as an aligned plain-text table for the terminal. */
public final class ComparisonReport {

    private static final List<String> HEADERS =
            List.of("target", "scenario", "request", "connections", "A req/s", "B req/s", "change", "95% CI", "over",
                    "verdict", "disturbed rounds");

    private ComparisonReport() {
    }

    /**
     * @param nameA how to call run A in the header (its folder)
     * @param nameB how to call run B
     */
    public static String render(String nameA, RunResults a, String nameB, RunResults b, Comparison cmp) {
        StringBuilder out = new StringBuilder();
        out.append("A: ").append(nameA).append(" (run ").append(a.runId()).append(", ").append(reps(a)).append(")\n");
        out.append("B: ").append(nameB).append(" (run ").append(b.runId()).append(", ").append(reps(b)).append(")\n");
        out.append(String.format(Locale.ROOT, "change = B / A - 1 on req/s (on sustainable throughput for a request"
                + " marked (sustainable): a search in both runs). 95%% CI over rounds: Student's t, the"
                + " spread between rounds pooled over the target's cases; faster/slower: the whole CI beyond ±%s %%;"
                + " same: within it; inconclusive: it crosses a threshold.%n"
                + "With one round on a side the CI is over that window's slices: it shows how steady the window was"
                + " and gives no verdict (run --repeat 3, and alternate the runs of A and B; docs/reports.md).%n",
                Format.oneDecimal(cmp.thresholdPercent()).replaceAll("\\.0$", "")));
        String machines = machineDifference(a.environment(), b.environment());
        if (machines != null) {
            out.append("note: ").append(machines).append('\n');
        }
        out.append('\n');

        List<List<String>> lines = new ArrayList<>();
        lines.add(HEADERS);
        for (Comparison.Row r : cmp.rows()) {
            ChangeTest.Change c = r.change();
            lines.add(List.of(r.key().target(), r.key().scenario(),
                    r.sustainable() ? r.key().request() + " (sustainable at " + r.slo() + ")" : r.key().request(),
                    String.valueOf(r.key().connections()),
                    Format.spread(r.a(), Format::whole), Format.spread(r.b(), Format::whole),
                    Double.isNaN(c.changePercent()) ? Format.MISSING
                            : String.format(Locale.ROOT, "%+.1f%%", c.changePercent()),
                    Double.isNaN(c.ciPercent().low()) ? Format.MISSING
                            : String.format(Locale.ROOT, "%+.1f..%+.1f%%", c.ciPercent().low(), c.ciPercent().high()),
                    c.basis() == ChangeTest.Basis.NONE ? Format.MISSING : c.basis().word(),
                    c.verdict().word(), disturbed(r)));
        }
        out.append(aligned(lines));
        out.append('\n').append(cmp.cases()).append(" cases in both")
                .append(cmp.rows().size() > cmp.cases() ? ", " + cmp.rows().size() + " figures compared: " : ": ")
                .append(cmp.count(ChangeTest.Verdict.FASTER)).append(" faster, ")
                .append(cmp.count(ChangeTest.Verdict.SLOWER)).append(" slower, ")
                .append(cmp.count(ChangeTest.Verdict.SAME)).append(" same, ")
                .append(cmp.count(ChangeTest.Verdict.INCONCLUSIVE)).append(" inconclusive; ")
                .append(cmp.onlyInA().size()).append(" only in A, ")
                .append(cmp.onlyInB().size()).append(" only in B.\n");
        if (cmp.disturbedLeftOut() + cmp.disturbedKept() > 0) {
            out.append(cmp.disturbedLeftOut()).append(" disturbed rounds left out, ").append(cmp.disturbedKept())
                    .append(cmp.keptDisturbed() ? " kept (--keep-disturbed)" : " kept where fewer than "
                            + DisturbedRounds.MIN_CLEAN_ROUNDS + " clean rounds remained: those cases get no verdict"
                            + " (run with --remeasure)")
                    .append(".\n");
        }
        return out.toString();
    }

    /** The case's disturbed rounds, e.g. {@code A: 1 left out; B: 2 kept}; empty when there were none. */
    static String disturbed(Comparison.Row r) {
        String a = r.disturbedA().describe();
        String b = r.disturbedB().describe();
        List<String> parts = new ArrayList<>();
        if (!a.isEmpty()) {
            parts.add("A: " + a);
        }
        if (!b.isEmpty()) {
            parts.add("B: " + b);
        }
        return String.join("; ", parts);
    }

    /**
     * One case of {@code compare --json}; {@code ciBasis} is {@code rounds}, {@code slices} or null;
     * {@code roundsA} and {@code roundsB} count the rounds compared, {@code disturbedLeftOutA/B} the
     * disturbed ones left out and {@code disturbedKeptA/B} those still in.
     */
    public record JsonCase(String target, String scenario, String request, int connections, String verdict,
                           Double changePercent, Double ciLowPercent, Double ciHighPercent, String ciBasis,
                           int roundsA, int roundsB, int disturbedLeftOutA, int disturbedLeftOutB, int disturbedKeptA,
                           int disturbedKeptB) {
    }

    /** What {@code compare --json} prints: {@code {"thresholdPercent", "cases":[...], "onlyInA", "onlyInB"}}. */
    public record JsonComparison(double thresholdPercent, List<JsonCase> cases, List<CaseKey> onlyInA,
                                 List<CaseKey> onlyInB) {
    }

    public static JsonComparison json(Comparison cmp) {
        List<JsonCase> cases = new ArrayList<>();
        for (Comparison.Row r : cmp.rows()) {
            ChangeTest.Change c = r.change();
            cases.add(new JsonCase(r.key().target(), r.key().scenario(), r.key().request(), r.key().connections(),
                    c.verdict().word(), finite(c.changePercent()), finite(c.ciPercent().low()),
                    finite(c.ciPercent().high()), c.basis() == ChangeTest.Basis.NONE ? null : c.basis().word(),
                    r.a().count(), r.b().count(), r.disturbedA().leftOut(), r.disturbedB().leftOut(),
                    r.disturbedA().kept(), r.disturbedB().kept()));
        }
        return new JsonComparison(cmp.thresholdPercent(), cases, cmp.onlyInA(), cmp.onlyInB());
    }

    private static Double finite(double v) {
        return Double.isFinite(v) ? v : null;
    }

    private static String reps(RunResults run) {
        int n = new Summaries(run).maxRepetitions();
        return n == 1 ? "1 repetition" : n + " repetitions";
    }

    /** A warning when the runs were not measured on comparable machines; null when they were. */
    static String machineDifference(Environment a, Environment b) {
        if (a == null || b == null) {
            return null;
        }
        List<String> diffs = new ArrayList<>();
        if (!Objects.equals(a.cpuModel(), b.cpuModel()) || a.cores() != b.cores()) {
            diffs.add("CPU " + a.cpuModel() + " x" + a.cores() + " vs " + b.cpuModel() + " x" + b.cores());
        }
        if (!Objects.equals(a.cpuSplit(), b.cpuSplit())) {
            diffs.add("CPU split differs");
        }
        if (!Objects.equals(a.jdk(), b.jdk())) {
            diffs.add("JDK " + a.jdk() + " vs " + b.jdk());
        }
        return diffs.isEmpty() ? null : "the runs differ in setup (" + String.join("; ", diffs) + ")";
    }

    /** Left-aligned text columns, two spaces apart, trailing blanks trimmed. */
    static String aligned(List<List<String>> lines) {
        int[] widths = new int[HEADERS.size()];
        for (List<String> l : lines) {
            for (int i = 0; i < l.size(); i++) {
                widths[i] = Math.max(widths[i], l.get(i).length());
            }
        }
        StringBuilder sb = new StringBuilder();
        for (List<String> l : lines) {
            StringBuilder line = new StringBuilder();
            for (int i = 0; i < l.size(); i++) {
                line.append(l.get(i)).append(" ".repeat(widths[i] - l.get(i).length() + 2));
            }
            sb.append(line.toString().stripTrailing()).append('\n');
        }
        return sb.toString();
    }
}
