package showdown.harness.stats;

import org.apache.commons.math3.distribution.TDistribution;
import showdown.harness.results.Interval;

/**
 * Intervals with the rounds as the replicates: each round is a fresh start of the target, measured
 * minutes apart from the others, so the rounds' spread holds what the slices within one window
 * cannot see — the start-to-start difference (JIT, code layout, heap) and the machine's own drift.
 * On a shared 2-core VM that spread was ±14 % per case between rounds while the slices of each
 * window suggested ±5 % (docs/reports.md, "How far to trust these figures").
 *
 * <p>On the log scale, with the variance pooled over the cases of one target ({@link PooledVariance})
 * and Student's t for its degrees of freedom: the interval of a figure measured in R rounds is
 * figure × exp(± t · s / √R), and of a change between sides with R_A and R_B rounds, the ratio of the
 * figures times exp(± t · s · √(1/R_A + 1/R_B)).
 */
public final class RoundStatistics {

    private RoundStatistics() {
    }

    /**
     * A figure over rounds: the geometric mean of the rounds' positive, finite values (a round that
     * measured nothing has none); NaN when there is none.
     */
    public static double geometricMean(double[] values) {
        double[] logs = PooledVariance.logs(values);
        if (logs.length == 0) {
            return Double.NaN;
        }
        double sum = 0;
        for (double v : logs) {
            sum += v;
        }
        return Math.exp(sum / logs.length);
    }

    /** The interval of {@code figure}, measured in {@code rounds} rounds; null when the spread is unknown. */
    public static Interval interval(double figure, int rounds, PooledVariance pooled, double confidence) {
        if (!pooled.known() || rounds < 1 || !(figure > 0)) {
            return null;
        }
        double half = t(pooled.degreesOfFreedom(), confidence) * Math.sqrt(pooled.variance() / rounds);
        return new Interval(figure * Math.exp(-half), figure * Math.exp(half));
    }

    /**
     * The interval of B / A − 1 in per cent, for figures from {@code roundsA} and {@code roundsB}
     * rounds; NaN bounds when the spread is unknown or a side has no round.
     */
    public static Interval changePercent(double figureA, int roundsA, double figureB, int roundsB,
                                         PooledVariance pooled, double confidence) {
        if (!pooled.known() || roundsA < 1 || roundsB < 1 || !(figureA > 0) || !(figureB > 0)) {
            return new Interval(Double.NaN, Double.NaN);
        }
        double half = t(pooled.degreesOfFreedom(), confidence)
                * Math.sqrt(pooled.variance() * (1.0 / roundsA + 1.0 / roundsB));
        double ratio = figureB / figureA;
        return new Interval((ratio * Math.exp(-half) - 1) * 100, (ratio * Math.exp(half) - 1) * 100);
    }

    /** The two-sided quantile of Student's t: 12.71 for 1 degree of freedom at 95 %, 2.06 for 24. */
    static double t(int degreesOfFreedom, double confidence) {
        return new TDistribution(null, degreesOfFreedom).inverseCumulativeProbability(1 - (1 - confidence) / 2);
    }
}
