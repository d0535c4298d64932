package showdown.harness.stats;

import java.util.Collection;

/**
 * The spread between rounds, pooled over several cases: the variance of the natural log of a
 * figure around each case's own mean, summed over the cases and divided by the degrees of freedom
 * (the rounds less one, added up). One case with three rounds says little about its noise; twelve
 * cases of one target with two rounds each say enough, when their noise is alike on the log scale
 * (a relative noise, as a machine's is).
 *
 * @param variance         the pooled variance of ln(figure); NaN without degrees of freedom
 * @param degreesOfFreedom Σ (rounds − 1) over the cases that had at least two rounds
 */
public record PooledVariance(double variance, int degreesOfFreedom) {

    /** No rounds to pool: nothing is known of the spread between rounds. */
    public static final PooledVariance NONE = new PooledVariance(Double.NaN, 0);

    /** Whether there is a spread to build an interval on (at least two degrees of freedom). */
    public boolean known() {
        return degreesOfFreedom >= 2 && Double.isFinite(variance);
    }

    /**
     * Pools the rounds of each case: every array is one case's figures, one per round. Cases with
     * fewer than two positive, finite figures add nothing.
     */
    public static PooledVariance of(Collection<double[]> casesRounds) {
        double sumSquares = 0;
        int df = 0;
        for (double[] rounds : casesRounds) {
            double[] logs = logs(rounds);
            if (logs.length < 2) {
                continue;
            }
            double mean = 0;
            for (double v : logs) {
                mean += v;
            }
            mean /= logs.length;
            for (double v : logs) {
                sumSquares += (v - mean) * (v - mean);
            }
            df += logs.length - 1;
        }
        return df == 0 ? NONE : new PooledVariance(sumSquares / df, df);
    }

    /** The logs of the positive, finite values (a round that measured nothing has no log). */
    static double[] logs(double[] values) {
        return java.util.Arrays.stream(values).filter(v -> v > 0 && Double.isFinite(v)).map(Math::log).toArray();
    }
}
