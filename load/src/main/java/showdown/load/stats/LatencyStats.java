package showdown.load.stats;

import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;

/**
 * The summary wrk prints for a distribution: mean, standard deviation, max, and the share of values
 * within one standard deviation of the mean. Values are in the histogram's own unit.
 */
public record LatencyStats(double mean, double stdev, long max, double withinStdevPercent, long count) {

    public static LatencyStats of(Histogram h) {
        if (h == null || h.getTotalCount() == 0) {
            return new LatencyStats(0, 0, 0, 0, 0);
        }
        double mean = h.getMean();
        double stdev = h.getStdDeviation();
        long within = 0;
        for (HistogramIterationValue v : h.recordedValues()) {
            double value = h.medianEquivalentValue(v.getValueIteratedTo());
            if (value >= mean - stdev && value <= mean + stdev) {
                within += v.getCountAddedInThisIterationStep();
            }
        }
        return new LatencyStats(mean, stdev, h.getMaxValue(), 100.0 * within / h.getTotalCount(), h.getTotalCount());
    }
}
