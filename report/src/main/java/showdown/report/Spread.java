package showdown.report;

import java.util.Arrays;
import java.util.Collection;
import java.util.Objects;
import showdown.harness.results.Interval;

/**
 * The median and the range (min–max) of one figure over a case's repetitions.
 *
 * @param median the median (the mean of the middle two for an even count)
 * @param min    the smallest value
 * @param max    the largest value
 * @param count  how many values; 0 means "not measured" and the other fields are NaN
 * @param ci     the confidence interval of the figure (over rounds, else over the slices of one
 *               window: {@link Summary#uncertainty()}); null when there was too little to draw it from
 */
public record Spread(double median, double min, double max, int count, Interval ci) {

    public static final Spread NONE = new Spread(Double.NaN, Double.NaN, Double.NaN, 0, null);

    /** This spread with a confidence interval. */
    public Spread withCi(Interval interval) {
        return new Spread(median, min, max, count, interval);
    }

    /** The interval's half-width in per cent of the median; NaN without an interval. */
    public double ciHalfWidthPercent() {
        return ci == null || !measured() ? Double.NaN : ci.halfWidthPercentOf(median);
    }

    /** The spread of the non-null values; {@link #NONE} when there are none. */
    public static Spread of(Collection<? extends Number> values) {
        double[] v = values.stream().filter(Objects::nonNull).mapToDouble(Number::doubleValue).sorted().toArray();
        if (v.length == 0) {
            return NONE;
        }
        int mid = v.length / 2;
        double median = v.length % 2 == 1 ? v[mid] : (v[mid - 1] + v[mid]) / 2;
        return new Spread(median, v[0], v[v.length - 1], v.length, null);
    }

    public static Spread of(double... values) {
        return of(Arrays.stream(values).boxed().toList());
    }

    public boolean measured() {
        return count > 0;
    }

    /** True when there is more than one value, so a range means something. */
    public boolean hasRange() {
        return count > 1;
    }

    /** True when the two ranges share at least one value. */
    public boolean overlaps(Spread other) {
        return measured() && other.measured() && min <= other.max && other.min <= max;
    }

    /** Every value multiplied by {@code factor}, for unit changes (µs to ms, bytes to MiB). */
    public Spread scaled(double factor) {
        return measured() ? new Spread(median * factor, min * factor, max * factor, count,
                ci == null ? null : new Interval(Math.min(ci.low() * factor, ci.high() * factor),
                        Math.max(ci.low() * factor, ci.high() * factor))) : this;
    }
}
