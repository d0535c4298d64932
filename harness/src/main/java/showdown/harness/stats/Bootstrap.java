package showdown.harness.stats;

import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import showdown.harness.results.Interval;

/**
 * Percentile bootstrap confidence intervals over a case's slices, with the rounds of a case
 * (its repetitions, each a fresh start of the target) as blocks: a resample first draws rounds
 * with replacement, then slices with replacement within each drawn round. With one round it is
 * the plain bootstrap over slices; with several, the spread between starts enters the interval.
 *
 * <p>Slices are drawn independently of each other, so a slow drift within a round (the JIT still
 * compiling, a heap filling up) is taken as noise, and the interval is too narrow then. Seeded, so
 * the same input gives the same interval every time.
 */
public final class Bootstrap {

    /** Resamples per interval: enough for a stable 95 % percentile interval. */
    public static final int DEFAULT_RESAMPLES = 2_000;

    /** The confidence level of the intervals Showdown prints. */
    public static final double DEFAULT_CONFIDENCE = 0.95;

    private static final long SEED = 0x5ee0_b007L;

    private final int resamples;
    private final double confidence;
    private final long seed;

    public Bootstrap(int resamples, double confidence, long seed) {
        if (resamples < 100) {
            throw new IllegalArgumentException("at least 100 resamples, not " + resamples);
        }
        if (!(confidence > 0 && confidence < 1)) {
            throw new IllegalArgumentException("confidence must be between 0 and 1, not " + confidence);
        }
        this.resamples = resamples;
        this.confidence = confidence;
        this.seed = seed;
    }

    public static Bootstrap standard() {
        return new Bootstrap(DEFAULT_RESAMPLES, DEFAULT_CONFIDENCE, SEED);
    }

    public double confidence() {
        return confidence;
    }

    /**
     * The interval of a ratio of sums, Σ numerator / Σ denominator over the slices: a mean rate
     * (requests over seconds) or a cost per unit (CPU over requests). Each slice is
     * {@code {numerator, denominator}}; rounds without slices are ignored. NaN bounds when there
     * is nothing to draw from.
     */
    public Interval ratio(List<List<double[]>> rounds) {
        return percentiles(ratioReplicates(rounds, 0));
    }

    /** The interval of the median of the slice values (e.g. the slices' p99s). */
    public Interval median(List<List<Double>> rounds) {
        List<double[][]> r = nonEmpty(rounds.stream()
                .map(round -> round.stream().map(v -> new double[] {v}).toArray(double[][]::new)).toList());
        if (r.isEmpty()) {
            return new Interval(Double.NaN, Double.NaN);
        }
        SplittableRandom random = new SplittableRandom(seed);
        double[] replicates = new double[resamples];
        for (int b = 0; b < resamples; b++) {
            double[] drawn = new double[totalSize(r)];
            int n = 0;
            for (int k = 0; k < r.size(); k++) {
                double[][] round = r.get(random.nextInt(r.size()));
                for (int i = 0; i < round.length && n < drawn.length; i++) {
                    drawn[n++] = round[random.nextInt(round.length)][0];
                }
            }
            replicates[b] = medianOf(Arrays.copyOf(drawn, n));
        }
        return percentiles(replicates);
    }

    /**
     * The resampled values of a ratio of sums, one per resample: two of these from independent
     * data, drawn with different {@code stream}s, make the interval of their relative difference
     * ({@link ChangeTest}).
     */
    double[] ratioReplicates(List<List<double[]>> rounds, int stream) {
        List<double[][]> r = nonEmpty(rounds.stream().map(round -> round.toArray(double[][]::new)).toList());
        double[] replicates = new double[resamples];
        if (r.isEmpty()) {
            Arrays.fill(replicates, Double.NaN);
            return replicates;
        }
        SplittableRandom random = new SplittableRandom(seed + 0x9E37_79B9_7F4A_7C15L * stream);
        for (int b = 0; b < resamples; b++) {
            double num = 0;
            double den = 0;
            for (int k = 0; k < r.size(); k++) {
                double[][] round = r.get(random.nextInt(r.size()));
                for (int i = 0; i < round.length; i++) {
                    double[] slice = round[random.nextInt(round.length)];
                    num += slice[0];
                    den += slice[1];
                }
            }
            replicates[b] = den == 0 ? Double.NaN : num / den;
        }
        return replicates;
    }

    /** The two-sided percentile interval of the replicates at this bootstrap's confidence. */
    Interval percentiles(double[] replicates) {
        double[] v = Arrays.stream(replicates).filter(d -> !Double.isNaN(d)).sorted().toArray();
        if (v.length == 0) {
            return new Interval(Double.NaN, Double.NaN);
        }
        double tail = (1 - confidence) / 2;
        return new Interval(quantile(v, tail), quantile(v, 1 - tail));
    }

    /** Linear interpolation between the order statistics of sorted {@code v}. */
    static double quantile(double[] v, double p) {
        double pos = p * (v.length - 1);
        int lo = (int) Math.floor(pos);
        int hi = Math.min(v.length - 1, lo + 1);
        return v[lo] + (v[hi] - v[lo]) * (pos - lo);
    }

    /** The median of the values (the mean of the middle two for an even count); NaN for none. */
    public static double medianOf(double[] values) {
        double[] v = values.clone();
        Arrays.sort(v);
        if (v.length == 0) {
            return Double.NaN;
        }
        int mid = v.length / 2;
        return v.length % 2 == 1 ? v[mid] : (v[mid - 1] + v[mid]) / 2;
    }

    private static List<double[][]> nonEmpty(List<double[][]> rounds) {
        return rounds.stream().filter(r -> r.length > 0).toList();
    }

    private static int totalSize(List<double[][]> rounds) {
        return rounds.stream().mapToInt(r -> r.length).sum();
    }
}
