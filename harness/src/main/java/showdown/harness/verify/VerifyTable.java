package showdown.harness.verify;

import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;

/** Prints verdicts as a table: one row per target × check, wire traces under the rows that need them. */
public final class VerifyTable {

    private static final int CHECK_COLUMN = 56;
    private static final int SCENARIO_COLUMN = 18;
    private static final double MIB = 1024.0 * 1024.0;

    private final PrintWriter out;
    private final int targetColumn;

    /** @param targetNames every target that will be printed, to size the first column */
    public VerifyTable(PrintWriter out, List<String> targetNames) {
        this.out = out;
        this.targetColumn = Math.max("TARGET".length(), targetNames.stream().mapToInt(String::length).max().orElse(0)) + 2;
    }

    public void header() {
        out.println(pad("TARGET", targetColumn) + pad("SCENARIO", SCENARIO_COLUMN) + pad("CHECK", CHECK_COLUMN) + "RESULT  DETAIL");
        out.flush();
    }

    /** The rows of one target, then a line with its startup time and idle RSS. */
    public void print(TargetVerdict v) {
        for (CheckResult r : v.results()) {
            out.println(pad(v.target(), targetColumn) + pad(r.scenario(), SCENARIO_COLUMN) + pad(r.check(), CHECK_COLUMN)
                    + pad(r.outcome().name(), 8) + r.detail());
            if (!r.trace().isEmpty() && r.outcome() != Outcome.PASS) {
                out.print(r.trace().indent(targetColumn - 2));
            }
        }
        if (v.timeToFirstResponse() != null) {
            out.println(pad(v.target(), targetColumn) + String.format(Locale.ROOT,
                    "first response after %.2f s, idle RSS %.1f MiB; %d pass, %d warn, %d fail, %d skip",
                    v.timeToFirstResponse().toNanos() / 1e9, v.idleRssBytes() / MIB, v.count(Outcome.PASS),
                    v.count(Outcome.WARN), v.count(Outcome.FAIL), v.count(Outcome.SKIP)));
        }
        out.flush();
    }

    /** The closing summary: how many targets passed, failed and were skipped, and which failed what. */
    public void summary(List<TargetVerdict> verdicts) {
        long failed = verdicts.stream().filter(TargetVerdict::failed).count();
        long skipped = verdicts.stream().filter(TargetVerdict::skipped).count();
        long passed = verdicts.size() - failed - skipped;
        out.println();
        out.println("verified " + verdicts.size() + " target" + (verdicts.size() == 1 ? "" : "s") + ": " + passed
                + " passed, " + failed + " failed, " + skipped + " skipped");
        for (TargetVerdict v : verdicts) {
            for (CheckResult r : v.failures()) {
                out.println("  FAIL " + v.target() + " / " + r.check());
            }
        }
        out.flush();
    }

    private static String pad(String s, int width) {
        return s.length() >= width ? s + " " : s + " ".repeat(width - s.length());
    }
}
