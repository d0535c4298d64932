package showdown.cli;

import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import showdown.load.LoadSpec;
import showdown.load.Progress;
import showdown.load.ProgressListener;

/** The live one-line progress of {@code showdown load} on stderr: elapsed time, req/s of the last second, errors. */
final class ProgressLine implements ProgressListener {

    private final PrintStream err;
    private final boolean enabled;
    private final boolean terminal;
    private final String total;
    private final String warming;
    private boolean printed;

    ProgressLine(PrintStream err, LoadSpec spec, boolean enabled) {
        this(err, spec, enabled, false);
    }

    /** @param untilQuiet the warm-up ends when the generator's compiler is quiet: its time left is a bound */
    ProgressLine(PrintStream err, LoadSpec spec, boolean enabled, boolean untilQuiet) {
        this.warming = untilQuiet ? "  warming up until the generator's compiler is quiet (at most %ds left)"
                : "  warming up (%ds left)";
        this.err = err;
        this.enabled = enabled;
        this.terminal = stderrIsTerminal();
        this.total = spec.duration() == null ? "" : "/" + spec.duration().toSeconds() + "s";
    }

    @Override
    public void onProgress(Progress p) {
        if (!enabled) {
            return;
        }
        String line = p.warmingUp()
                ? String.format(Locale.ROOT, warming, Math.max(0, -p.elapsedNanos() / 1_000_000_000L))
                : String.format(Locale.ROOT, "  %3ds%s  %,12.0f req/s  %,d requests  %,d errors",
                        p.elapsedNanos() / 1_000_000_000L, total, p.requestsPerSecond(), p.requests(), p.errors());
        if (terminal) {
            err.print("\r\033[K" + line);
        } else {
            err.println(line);
        }
        err.flush();
        printed = true;
    }

    /** Clears the live line so the report starts on a clean line. */
    void finish() {
        if (printed && terminal) {
            err.print("\r\033[K");
            err.flush();
        }
    }

    static boolean stderrIsTerminal() {
        try {
            String target = Files.readSymbolicLink(Path.of("/proc/self/fd/2")).toString();
            return target.startsWith("/dev/pts/") || target.startsWith("/dev/tty");
        } catch (Exception e) {
            return false;
        }
    }
}
