package showdown.harness.plan;

import java.time.Duration;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Parses and prints the short durations users write: {@code 500ms}, {@code 2.5s}, {@code 3m}, {@code 1h}. */
public final class Durations {
    private static final Pattern FORM = Pattern.compile("(\\d+(?:\\.\\d+)?)\\s*(ms|s|m|h)?");

    private Durations() {
    }

    /** A bare number means seconds, as in wrk. Throws {@link PlanException} naming {@code what}. */
    public static Duration parse(String text, String what) {
        Matcher m = FORM.matcher(text == null ? "" : text.trim().toLowerCase(Locale.ROOT));
        if (!m.matches()) {
            throw new PlanException(what + ": '" + text + "' is not a duration (examples: 500ms, 2.5s, 3m)");
        }
        double value = Double.parseDouble(m.group(1));
        String unit = m.group(2) == null ? "s" : m.group(2);
        double millis = switch (unit) {
            case "ms" -> value;
            case "s" -> value * 1_000;
            case "m" -> value * 60_000;
            default -> value * 3_600_000;
        };
        return Duration.ofMillis(Math.round(millis));
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
