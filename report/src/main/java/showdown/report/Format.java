package showdown.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.DoubleFunction;
import showdown.harness.results.Errors;

/**
 * How numbers read in every report: no thousands separators (like wrk and the seeds), a dot for the
 * decimal point whatever the locale, and "median (min–max)" when there are repetitions.
 */
public final class Format {

    /** Shown where a case was not measured. */
    public static final String MISSING = "—";

    public static final double BYTES_PER_MIB = 1024.0 * 1024.0;

    private Format() {
    }

    /**
     * The median, and the range in brackets when there is more than one value and they differ at the
     * shown precision: "510000 (500000–520000)".
     */
    public static String spread(Spread s, DoubleFunction<String> format) {
        return spread(s, format, "");
    }

    /**
     * As {@link #spread(Spread, DoubleFunction)}, with a unit after the median only, as the seeds write
     * their cells: "0.63ms (0.60–0.66)", "17184 req/s (16900–17300)".
     */
    public static String spread(Spread s, DoubleFunction<String> format, String unit) {
        if (!s.measured()) {
            return MISSING;
        }
        String median = format.apply(s.median()) + unit;
        String min = format.apply(s.min());
        String max = format.apply(s.max());
        // Repetitions that agree to the shown precision have no spread worth printing.
        String text = s.hasRange() && !min.equals(max) ? median + " (" + min + "–" + max + ")" : median;
        return text + ci(s);
    }

    /** " ±2.1 %": the confidence interval's half-width in per cent of the median; empty without one. */
    public static String ci(Spread s) {
        double pct = s.ciHalfWidthPercent();
        return Double.isNaN(pct) ? "" : String.format(Locale.ROOT, " ±%.1f %%", pct);
    }

    /** A whole number, rounded: requests, requests per second. */
    public static String whole(double v) {
        return String.format(Locale.ROOT, "%.0f", v);
    }

    public static String oneDecimal(double v) {
        return String.format(Locale.ROOT, "%.1f", v);
    }

    public static String twoDecimals(double v) {
        return String.format(Locale.ROOT, "%.2f", v);
    }

    /** The unit suffix of milliseconds as the phoenix-showdown seed writes them: "0.63ms". */
    public static final String MS = "ms";

    /** The unit suffix of a rate as the mist seed writes it: "17184 req/s". */
    public static final String REQ_PER_SEC = " req/s";

    public static String mib(double bytes) {
        return oneDecimal(bytes / BYTES_PER_MIB);
    }

    /** A number that may be null: its text, or {@link #MISSING}. */
    public static String orMissing(Number n, DoubleFunction<String> format) {
        return n == null ? MISSING : format.apply(n.doubleValue());
    }

    /** "0", or the total with its non-zero kinds: "3 (timeout 2, status 1)". */
    public static String errors(Errors e) {
        if (e.total() == 0) {
            return "0";
        }
        List<String> kinds = new ArrayList<>();
        add(kinds, "connect", e.connect());
        add(kinds, "read", e.read());
        add(kinds, "write", e.write());
        add(kinds, "timeout", e.timeout());
        add(kinds, "status", e.status());
        add(kinds, "protocol", e.protocol());
        return e.total() + " (" + String.join(", ", kinds) + ")";
    }

    private static void add(List<String> kinds, String name, long n) {
        if (n > 0) {
            kinds.add(name + " " + n);
        }
    }

    /** "1 connection", "400 connections". */
    public static String connections(int n) {
        return n + (n == 1 ? " connection" : " connections");
    }

    /** Seconds without a useless ".0": "5 s", "2.5 s". */
    public static String seconds(double s) {
        return (s == Math.rint(s) ? whole(s) : String.valueOf(s)) + " s";
    }
}
