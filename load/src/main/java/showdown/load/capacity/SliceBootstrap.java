package showdown.load.capacity;

import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;

/**
 * The percentile bootstrap of a window's latency quantile over its slices: a resample draws as
 * many slices as the window has, with replacement, and takes the quantile of their latencies
 * together (the slices' histograms added, never their quantiles averaged). The interval is then
 * the middle {@link #CONFIDENCE} of those resampled quantiles. A slice counts by its requests, as
 * it does in the window's own quantile. Seeded: the same slices give the same interval.
 *
 * <p>As in the harness's bootstrap over slices, slices are drawn independently, so a drift within
 * the window is taken as noise. Resampling works on each slice's cumulative counts over the values
 * any slice recorded, so a resample costs a binary search, not a histogram merge.
 */
public final class SliceBootstrap {

    public static final int RESAMPLES = 1_000;
    public static final double CONFIDENCE = 0.95;
    private static final long SEED = 0x5ee0_ca9aL;

    private SliceBootstrap() {
    }

    /**
     * The interval of the {@code percentile} of the slices' latencies together, or null when no
     * slice has a request. One slice gives a point (low = high): there is nothing to resample.
     */
    public static QuantileInterval interval(List<Histogram> slices, double percentile) {
        List<Histogram> recorded = slices.stream().filter(h -> h.getTotalCount() > 0).toList();
        if (recorded.isEmpty()) {
            return null;
        }
        long[] values = distinctValues(recorded);
        long[][] cumulative = new long[recorded.size()][];
        for (int i = 0; i < recorded.size(); i++) {
            cumulative[i] = cumulativeCounts(recorded.get(i), values);
        }
        SplittableRandom random = new SplittableRandom(SEED);
        long[] replicates = new long[RESAMPLES];
        int[] drawn = new int[recorded.size()];
        for (int b = 0; b < RESAMPLES; b++) {
            Arrays.fill(drawn, 0);
            for (int k = 0; k < recorded.size(); k++) {
                drawn[random.nextInt(recorded.size())]++;
            }
            replicates[b] = values[indexOfQuantile(cumulative, drawn, percentile)];
        }
        Arrays.sort(replicates);
        double tail = (1 - CONFIDENCE) / 2;
        return new QuantileInterval(replicates[(int) Math.floor(tail * (RESAMPLES - 1))],
                replicates[(int) Math.ceil((1 - tail) * (RESAMPLES - 1))]);
    }

    /** Every value any slice recorded (its bucket's highest equivalent value), ascending. */
    private static long[] distinctValues(List<Histogram> slices) {
        return slices.stream().flatMapToLong(h -> {
            java.util.stream.LongStream.Builder b = java.util.stream.LongStream.builder();
            for (HistogramIterationValue v : h.recordedValues()) {
                b.add(h.highestEquivalentValue(v.getValueIteratedTo()));
            }
            return b.build();
        }).distinct().sorted().toArray();
    }

    /** counts[g]: how many of the slice's latencies are at most values[g]. */
    private static long[] cumulativeCounts(Histogram slice, long[] values) {
        long[] counts = new long[values.length];
        for (HistogramIterationValue v : slice.recordedValues()) {
            int g = Arrays.binarySearch(values, slice.highestEquivalentValue(v.getValueIteratedTo()));
            counts[g] += v.getCountAtValueIteratedTo();
        }
        for (int g = 1; g < counts.length; g++) {
            counts[g] += counts[g - 1];
        }
        return counts;
    }

    /** The first value index at which the drawn slices together hold {@code percentile} of their latencies. */
    private static int indexOfQuantile(long[][] cumulative, int[] drawn, double percentile) {
        int last = cumulative[0].length - 1;
        long total = countAtMost(cumulative, drawn, last);
        long rank = Math.max(1, (long) Math.ceil(percentile / 100.0 * total));
        int lo = 0;
        int hi = last;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (countAtMost(cumulative, drawn, mid) >= rank) {
                hi = mid;
            } else {
                lo = mid + 1;
            }
        }
        return lo;
    }

    private static long countAtMost(long[][] cumulative, int[] drawn, int g) {
        long n = 0;
        for (int i = 0; i < drawn.length; i++) {
            n += drawn[i] * cumulative[i][g];
        }
        return n;
    }
}
