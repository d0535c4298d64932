package showdown.harness.stats;

import java.util.List;
import java.util.Locale;
import showdown.harness.results.Interval;

/**
 * Whether B differs from A by more than a practical threshold: the confidence interval of the
 * relative change (B / A − 1) against a band of ± threshold around no change.
 *
 * <ul>
 *   <li>{@code faster}: the whole interval lies above + threshold;</li>
 *   <li>{@code slower}: the whole interval lies below − threshold;</li>
 *   <li>{@code same}: the whole interval lies within ± threshold;</li>
 *   <li>{@code inconclusive}: the interval crosses a threshold (more data would tell), or the
 *       sides have too few rounds to know their spread.</li>
 * </ul>
 *
 * <p>The interval that decides is over rounds ({@link #compareRounds}, {@link RoundStatistics}): on
 * a drifting machine only fresh starts minutes apart show how far a figure moves. The bootstrap
 * over one window's slices ({@link #withinWindows}) is still computed when a side has a single
 * round, to show how steady that window was, but it never gives a verdict: on the 2-core VM it
 * called 64 % of an A/A comparison's cases different (docs/reports.md).
 *
 * <p>Asking the whole interval to clear the threshold, not only the point estimate, keeps a change
 * the data cannot vouch for from being called one: at 95 % confidence and a 5 % threshold, two runs
 * of the same thing are called different well under 2.5 % of the time each way when the interval
 * covers as it claims.
 */
public final class ChangeTest {

    /** The default practical threshold, in per cent. */
    public static final double DEFAULT_THRESHOLD_PERCENT = 5.0;

    /** A side with fewer slices than this has no within-window interval. */
    public static final int MIN_VALUES = 2;

    /** The verdict on B against A. */
    public enum Verdict {
        FASTER, SLOWER, SAME, INCONCLUSIVE;

        public String word() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /** What an interval was drawn from. */
    public enum Basis {
        /** Student's t over the rounds, the spread pooled over the target's cases: gives verdicts. */
        ROUNDS,
        /** The bootstrap over the slices of single windows: shown, never a verdict. */
        SLICES,
        /** Nothing to draw from. */
        NONE;

        public String word() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /**
     * @param verdict       the verdict
     * @param changePercent (B / A − 1) × 100 from all the data
     * @param ciPercent     its confidence interval, in per cent
     * @param basis         what the interval was drawn from
     */
    public record Change(Verdict verdict, double changePercent, Interval ciPercent, Basis basis) {

        /** The same figures without a verdict. */
        public Change inconclusive() {
            return new Change(Verdict.INCONCLUSIVE, changePercent, ciPercent, basis);
        }
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
     * The verdict on two sides' figures measured in {@code roundsA} and {@code roundsB} rounds,
     * with the spread between rounds pooled over the target's cases on both sides.
     */
    public Change compareRounds(double figureA, int roundsA, double figureB, int roundsB, PooledVariance pooled) {
        double change = (figureB / figureA - 1) * 100;
        Interval ci = RoundStatistics.changePercent(figureA, roundsA, figureB, roundsB, pooled, bootstrap.confidence());
        if (Double.isNaN(ci.low())) {
            return new Change(Verdict.INCONCLUSIVE, change, ci, Basis.NONE);
        }
        return new Change(verdict(ci), change, ci, Basis.ROUNDS);
    }

    /**
     * The bootstrap interval of the change of a ratio of sums ({@link Bootstrap#ratio}) over each
     * side's slices, rounds as blocks: how steady the windows were. Its verdict is inconclusive:
     * it cannot see the drift between windows.
     */
    public Change withinWindows(List<List<double[]>> a, List<List<double[]>> b) {
        double change = (pointRatio(b) / pointRatio(a) - 1) * 100;
        if (size(a) < MIN_VALUES || size(b) < MIN_VALUES) {
            return new Change(Verdict.INCONCLUSIVE, change, new Interval(Double.NaN, Double.NaN), Basis.NONE);
        }
        double[] ra = bootstrap.ratioReplicates(a, 1);
        double[] rb = bootstrap.ratioReplicates(b, 2); // a stream of its own: the sides are independent
        double[] changes = new double[ra.length];
        for (int i = 0; i < ra.length; i++) {
            changes[i] = (rb[i] / ra[i] - 1) * 100;
        }
        return new Change(Verdict.INCONCLUSIVE, change, bootstrap.percentiles(changes), Basis.SLICES);
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
