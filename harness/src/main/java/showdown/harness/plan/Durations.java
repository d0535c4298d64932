package showdown.harness.plan;

import java.time.Duration;
import showdown.load.LoadException;
import showdown.load.Units;

/** Parses and prints the short durations users write: {@code 500ms}, {@code 2.5s}, {@code 3m}, {@code 1h}. */
public final class Durations {

    private Durations() {
    }

    /**
     * {@link Units#parseDuration}'s grammar (a bare number means seconds, as in wrk), so that a
     * duration means the same in a profile, in {@code run} and in {@code load}. Throws
     * {@link PlanException} naming {@code what}.
     */
    public static Duration parse(String text, String what) {
        try {
            return Units.parseDuration(text);
        } catch (LoadException e) {
            throw new PlanException(what + ": " + e.getMessage());
        }
    }

    /** The shortest exact form: {@code 2500ms}, {@code 3s}, {@code 2m}. */
    public static String format(Duration d) {
        long ms = d.toMillis();
        if (ms % 60_000 == 0 && ms >= 60_000) {
            return ms / 60_000 + "m";
        }
        if (ms % 1_000 == 0) {
            return ms / 1_000 + "s";
        }
        return ms + "ms";
    }
}
