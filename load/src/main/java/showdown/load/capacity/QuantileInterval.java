package showdown.load.capacity;

/**
 * A confidence interval of a latency quantile, in nanoseconds: {@code low <= high}. Where it lies
 * against a target decides a step: wholly under it, wholly over it, or across it.
 */
public record QuantileInterval(long lowNanos, long highNanos) {

    /** Where an interval lies against a limit. */
    public enum Side {
        /** The upper bound is under the limit: the quantile is under it, with the interval's confidence. */
        UNDER,
        /** The lower bound is over the limit. */
        OVER,
        /** The limit lies inside the interval: this window cannot tell. */
        ACROSS
    }

    public QuantileInterval {
        if (lowNanos > highNanos) {
            throw new IllegalArgumentException("low " + lowNanos + " above high " + highNanos);
        }
    }

    public Side against(long limitNanos) {
        if (highNanos < limitNanos) {
            return Side.UNDER;
        }
        return lowNanos > limitNanos ? Side.OVER : Side.ACROSS;
    }
}
