package showdown.harness.run;

import java.io.IOException;
import java.io.PrintStream;
import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import showdown.harness.plan.PlannedCase;
import showdown.harness.results.CaseHosts;
import showdown.load.Progress;

/**
 * Tells the user on stderr where the run is. On a terminal, one line is redrawn in place about once
 * a second (case k/N, the case, live req/s, ETA); otherwise (a log file, CI) one plain line is
 * written per event, and nothing per second.
 */
public final class ProgressReporter {

    private final PrintStream out;
    private final boolean live;
    private final Eta eta;
    private int lastLineLength;
    private PlannedCase current;
    private int currentNumber;
    private int total;

    public ProgressReporter(PrintStream out, boolean live, Eta eta) {
        this.out = out;
        this.live = live;
        this.eta = eta;
    }

    /** True when stderr is a terminal: asks {@code test -t 2} with this process's own stderr. */
    public static boolean stderrIsTerminal() {
        try {
            Process p = new ProcessBuilder("test", "-t", "2")
                    .redirectError(ProcessBuilder.Redirect.INHERIT)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            return p.waitFor(5, TimeUnit.SECONDS) && p.exitValue() == 0;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /** A line that stays: clears the live line first. */
    public synchronized void say(String line) {
        clearLive();
        out.println(line);
        out.flush();
    }

    public synchronized void caseStarted(PlannedCase c, int number, int totalCases) {
        current = c;
        currentNumber = number;
        total = totalCases;
        if (live) {
            drawLive(String.format(Locale.ROOT, "case %d/%d %s  starting  ETA %s", number, totalCases, c.describe(),
                    format(eta.remaining())));
        } else {
            say(String.format(Locale.ROOT, "case %d/%d %s", number, totalCases, c.describe()));
        }
    }

    /** Live req/s from the load engine's once-a-second callback (a timer thread). */
    public synchronized void onProgress(Progress p) {
        if (!live || current == null) {
            return;
        }
        String phase = p.warmingUp() ? "warming up" : String.format(Locale.ROOT, "%,.0f req/s", p.requestsPerSecond());
        drawLive(String.format(Locale.ROOT, "case %d/%d %s  %s%s  ETA %s", currentNumber, total, current.describe(), phase,
                p.errors() > 0 ? "  errors " + p.errors() : "", format(eta.remaining())));
    }

    /** The case's line; {@code hosts} (a multi-host case's, else null) adds lost agents and clock offsets. */
    public synchronized void caseFinished(PlannedCase c, double requestsPerSecond, long errors, boolean saturated,
                                          CaseHosts hosts) {
        String line = String.format(Locale.ROOT, "  %s: %,.0f req/s%s%s%s", c.describe(), requestsPerSecond,
                errors > 0 ? ", " + errors + " errors" : "", saturated ? ", WARNING: load generator saturated" : "",
                hosts == null ? "" : "; " + hosts.consoleSummary());
        current = null;
        if (live) {
            // On a terminal, the finished case stays as a plain line above the live one.
            say(line);
        } else {
            say(line + String.format(Locale.ROOT, " (ETA %s)", format(eta.remaining())));
        }
    }

    private void drawLive(String line) {
        String padded = line.length() < lastLineLength ? line + " ".repeat(lastLineLength - line.length()) : line;
        out.print("\r" + padded);
        out.flush();
        lastLineLength = line.length();
    }

    private void clearLive() {
        if (live && lastLineLength > 0) {
            out.print("\r" + " ".repeat(lastLineLength) + "\r");
            lastLineLength = 0;
        }
    }

    /** {@code 1h02m}, {@code 4m05s}, {@code 12s}. */
    static String format(Duration d) {
        long s = Math.max(0, d.toSeconds());
        if (s >= 3600) {
            return String.format(Locale.ROOT, "%dh%02dm", s / 3600, (s % 3600) / 60);
        }
        if (s >= 60) {
            return String.format(Locale.ROOT, "%dm%02ds", s / 60, s % 60);
        }
        return s + "s";
    }
}
