package showdown.harness.results;

import org.HdrHistogram.Histogram;

/**
 * Latency statistics of one case, all in microseconds. The percentiles are HdrHistogram's, so each is
 * exact to the histogram's precision (3 significant digits), never interpolated.
 *
 * @param avgMicros    mean
 * @param stdevMicros  standard deviation (wrk's "Stdev"; the seeds' "Consistency")
 * @param maxMicros    the largest latency recorded
 * @param p50Micros    median
 * @param p75Micros    75th percentile
 * @param p90Micros    90th percentile
 * @param p99Micros    99th percentile
 * @param p999Micros   99.9th percentile
 * @param p9999Micros  99.99th percentile
 */
public record Latency(
        double avgMicros,
        double stdevMicros,
        double maxMicros,
        double p50Micros,
        double p75Micros,
        double p90Micros,
        double p99Micros,
        double p999Micros,
        double p9999Micros) {

    public static final Latency NONE = new Latency(0, 0, 0, 0, 0, 0, 0, 0, 0);

    private static final double NANOS_PER_MICRO = 1_000.0;

    /** Reads a histogram of nanoseconds; an empty one gives {@link #NONE}. */
    public static Latency fromNanos(Histogram nanos) {
        if (nanos == null || nanos.getTotalCount() == 0) {
            return NONE;
        }
        return new Latency(
                nanos.getMean() / NANOS_PER_MICRO,
                nanos.getStdDeviation() / NANOS_PER_MICRO,
                nanos.getMaxValue() / NANOS_PER_MICRO,
                micros(nanos, 50),
                micros(nanos, 75),
                micros(nanos, 90),
                micros(nanos, 99),
                micros(nanos, 99.9),
                micros(nanos, 99.99));
    }

    private static double micros(Histogram nanos, double percentile) {
        return nanos.getValueAtPercentile(percentile) / NANOS_PER_MICRO;
    }
}
