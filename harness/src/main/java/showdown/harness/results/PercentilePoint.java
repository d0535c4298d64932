package showdown.harness.results;

import java.util.ArrayList;
import java.util.List;
import org.HdrHistogram.Histogram;

/**
 * One point of a latency spectrum: the latency below which {@code percentile} per cent of requests
 * completed. A case keeps a compact list of these (not the histogram) for the HTML spectra.
 *
 * @param percentile 0 to 100
 * @param micros     latency at that percentile, in microseconds
 */
public record PercentilePoint(double percentile, double micros) {

    /**
     * Spectrum points are spaced evenly on HdrHistogram's "1/(1-p)" axis: 4 per decade, from 0 %
     * to 99.999 % (1/(1-p) = 10^5). Past that, few runs have enough samples to mean anything.
     */
    static final int POINTS_PER_DECADE = 4;
    static final int DECADES = 5;

    private static final double NANOS_PER_MICRO = 1_000.0;

    /** The compact spectrum of a histogram of nanoseconds; an empty histogram gives an empty list. */
    public static List<PercentilePoint> spectrumFromNanos(Histogram nanos) {
        if (nanos == null || nanos.getTotalCount() == 0) {
            return List.of();
        }
        List<PercentilePoint> points = new ArrayList<>();
        for (int i = 0; i <= POINTS_PER_DECADE * DECADES; i++) {
            double inverseTail = Math.pow(10, (double) i / POINTS_PER_DECADE);
            // Round so that 99.9 reads as 99.9 in JSON, not 99.90000000000001.
            double percentile = Math.round((100.0 - 100.0 / inverseTail) * 1e6) / 1e6;
            points.add(new PercentilePoint(percentile, nanos.getValueAtPercentile(percentile) / NANOS_PER_MICRO));
        }
        return List.copyOf(points);
    }
}
