package showdown.load.capacity;

import java.time.Duration;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.HdrHistogram.Histogram;
import showdown.load.LoadException;
import showdown.load.Units;

/**
 * A service level objective on latency: a quantile (p50, p90, p99 or p99.9 of the latencies timed
 * from each request's due time) and the value it must stay under.
 *
 * @param label      the quantile as the user wrote it, "p99"
 * @param percentile the quantile as a percentile, 99.0
 * @param limitNanos the value the quantile must stay under, positive
 */
public record LatencyTarget(String label, double percentile, long limitNanos) {

    /** The quantiles a target may name: the ones a latency report prints. */
    private static final Map<String, Double> QUANTILES = Map.of("p50", 50.0, "p90", 90.0, "p99", 99.0, "p99.9", 99.9);

    private static final Pattern SYNTAX = Pattern.compile("(p[0-9.]+)\\s*=\\s*(.+)");

    public LatencyTarget {
        if (limitNanos <= 0) {
            throw new LoadException("--slo: the latency target must be positive");
        }
    }

    /** Reads {@code p99=10ms}; a {@link LoadException} naming what is wrong otherwise. */
    public static LatencyTarget parse(String text) {
        Matcher m = SYNTAX.matcher(text.trim().toLowerCase(Locale.ROOT));
        if (!m.matches()) {
            throw new LoadException("--slo takes QUANTILE=TIME, e.g. p99=10ms, not '" + text + "'");
        }
        Double percentile = QUANTILES.get(m.group(1));
        if (percentile == null) {
            throw new LoadException("--slo: unknown quantile '" + m.group(1) + "': use p50, p90, p99 or p99.9");
        }
        Duration limit;
        try {
            limit = Units.parseDuration(m.group(2));
        } catch (LoadException e) {
            throw new LoadException("--slo: " + e.getMessage());
        }
        if (limit.isZero()) {
            throw new LoadException("--slo: the latency target must be positive, not '" + m.group(2) + "'");
        }
        return new LatencyTarget(m.group(1), percentile, limit.toNanos());
    }

    /**
     * Reads one target or several, comma-separated ({@code p99=10ms, p99=100ms}), in the order
     * written; a {@link LoadException} naming what is wrong, or a target written twice, otherwise.
     */
    public static java.util.List<LatencyTarget> parseAll(String text) {
        java.util.List<LatencyTarget> all = new java.util.ArrayList<>();
        for (String one : text.split(",", -1)) {
            LatencyTarget t = parse(one);
            if (all.contains(t)) {
                throw new LoadException("--slo: " + t.describe() + " is given twice");
            }
            all.add(t);
        }
        return java.util.List.copyOf(all);
    }

    /** This target's quantile of a histogram of nanoseconds. */
    public long quantileOf(Histogram latency) {
        return latency.getValueAtPercentile(percentile);
    }

    /** "p99 <= 10 ms". */
    public String describe() {
        return label + " <= " + CapacityFormat.millis(limitNanos);
    }
}
