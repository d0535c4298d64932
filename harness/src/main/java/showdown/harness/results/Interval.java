package showdown.harness.results;

/**
 * A confidence interval of one figure, in the figure's own unit.
 *
 * @param low  the lower bound
 * @param high the upper bound, at least {@code low}
 */
public record Interval(double low, double high) {

    public Interval {
        if (!(low <= high) && !(Double.isNaN(low) && Double.isNaN(high))) {
            throw new IllegalArgumentException("an interval's low (" + low + ") is above its high (" + high + ")");
        }
    }

    /** Half the width, in per cent of {@code estimate}; NaN when the estimate is 0. */
    public double halfWidthPercentOf(double estimate) {
        return estimate == 0 ? Double.NaN : (high - low) / 2 / Math.abs(estimate) * 100;
    }

    public boolean contains(double value) {
        return low <= value && value <= high;
    }
}
