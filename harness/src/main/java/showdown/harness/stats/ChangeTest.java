package showdown.harness.stats;

import java.util.List;
import java.util.Locale;
import showdown.harness.results.Interval;

/**
 * Whether B differs from A by more than a practical threshold: the bootstrap interval of the
 * relative change of a ratio of sums (B / A − 1), each side resampled on its own, rounds as blocks
 * (see {@link Bootstrap}), against a band of ± threshold around no change.
 *
 * <ul>
 *   <li>{@code faster}: the whole interval lies above + threshold;</li>
 *   <li>{@code slower}: the whole interval lies below − threshold;</li>
 *   <li>{@code same}: the whole interval lies within ± threshold;</li>
 *   <li>{@code inconclusive}: the interval crosses a threshold (more data would tell).</li>
 * </ul>
 *
 * Asking the whole interval to clear the threshold, not only the point estimate, keeps a change
 * the data cannot vouch for from being called one: at 95 % confidence and a 5 % threshold, two runs
 * of the same thing are called different well under 2.5 % of the time each way when the slices
 * capture their noise.
 */
public final class ChangeTest {

    /** The default practical threshold, in per cent. */
    public static final double DEFAULT_THRESHOLD_PERCENT = 5.0;

    /** A side with fewer values than this has no spread to test: its verdict is inconclusive. */
    public static final int MIN_VALUES = 2;

    /** The verdict on B against A. */
    public enum Verdict {
        FASTER, SLOWER, SAME, INCONCLUSIVE;

        public String word() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /**
     * @param verdict       the verdict
     * @param changePercent (B / A − 1) × 100 from all the data
     * @param ciPercent     its confidence interval, in per cent
     */
    public record Change(Verdict verdict, double changePercent, Interval ciPercent) {
    }

    private final Bootstrap bootstrap;
    private final double thresholdPercent;

    public ChangeTest(Bootstrap bootstrap, double thresholdPercent) {
        if (!(thresholdPercent >= 0)) {
            throw new IllegalArgumentException("the threshold must be at least 0 %, not " + thresholdPercent);
        }
        this.bootstrap = bootstrap;
        this.thresholdPercent = thresholdPercent;
    }

    public double thresholdPercent() {
        return thresholdPercent;
    }

    /**
     * Compares two sides' ratio of sums ({@link Bootstrap#ratio}), each as rounds of
     * {@code {numerator, denominator}} slices. A side without data gives an inconclusive NaN change.
     */
    public Change compare(List<List<double[]>> a, List<List<double[]>> b) {
        double pointA = pointRatio(a);
        double pointB = pointRatio(b);
        double change = (pointB / pointA - 1) * 100;
        if (size(a) < MIN_VALUES || size(b) < MIN_VALUES) {
            return new Change(Verdict.INCONCLUSIVE, change, new Interval(Double.NaN, Double.NaN));
        }
        double[] ra = bootstrap.ratioReplicates(a, 1);
        double[] rb = bootstrap.ratioReplicates(b, 2); // a stream of its own: the sides are independent
        double[] changes = new double[ra.length];
        for (int i = 0; i < ra.length; i++) {
            changes[i] = (rb[i] / ra[i] - 1) * 100;
        }
        Interval ci = bootstrap.percentiles(changes);
        return new Change(verdict(ci), change, ci);
    }

    Verdict verdict(Interval ci) {
        if (Double.isNaN(ci.low()) || Double.isNaN(ci.high())) {
            return Verdict.INCONCLUSIVE;
        }
        if (ci.low() > thresholdPercent) {
            return Verdict.FASTER;
        }
        if (ci.high() < -thresholdPercent) {
            return Verdict.SLOWER;
        }
        if (ci.low() >= -thresholdPercent && ci.high() <= thresholdPercent) {
            return Verdict.SAME;
        }
        return Verdict.INCONCLUSIVE;
    }

    private static int size(List<List<double[]>> rounds) {
        return rounds.stream().mapToInt(List::size).sum();
    }

    static double pointRatio(List<List<double[]>> rounds) {
        double num = 0;
        double den = 0;
        for (List<double[]> round : rounds) {
            for (double[] s : round) {
                num += s[0];
                den += s[1];
            }
        }
        return den == 0 ? Double.NaN : num / den;
    }
}
