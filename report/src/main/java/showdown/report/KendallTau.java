package showdown.report;

/**
 * Kendall's rank correlation between a seed's published order and a run's measured order of the same
 * items: +1 the same order, -1 reversed, 0 unrelated. Hardware changes every figure but should keep the
 * order, so the order is what a reproduction checks; tau counts pairs, so it says how much of the order
 * held without depending on how far apart the figures are. Ties are handled as tau-b does.
 *
 * @param concordant         pairs in the same order in both
 * @param discordant         pairs whose order flipped
 * @param tiedPublishedOnly  pairs tied in the published figures but not in the measured ones
 * @param tiedMeasuredOnly   pairs tied in the measured figures but not in the published ones
 * @param pairs              every pair, ties in both included
 */
public record KendallTau(int concordant, int discordant, int tiedPublishedOnly, int tiedMeasuredOnly, int pairs) {

    public static final KendallTau NONE = new KendallTau(0, 0, 0, 0, 0);

    /** Over items {@code i}: {@code published[i]} against {@code measured[i]}. */
    public static KendallTau of(double[] published, double[] measured) {
        if (published.length != measured.length) {
            throw new IllegalArgumentException("published and measured differ in length");
        }
        int c = 0, d = 0, tp = 0, tm = 0, n = 0;
        for (int i = 0; i < published.length; i++) {
            for (int j = i + 1; j < published.length; j++) {
                n++;
                int p = Double.compare(published[i], published[j]);
                int m = Double.compare(measured[i], measured[j]);
                if (p == 0 && m != 0) {
                    tp++;
                } else if (m == 0 && p != 0) {
                    tm++;
                } else if (p != 0) {
                    if (Integer.signum(p) == Integer.signum(m)) {
                        c++;
                    } else {
                        d++;
                    }
                }
            }
        }
        return new KendallTau(c, d, tp, tm, n);
    }

    /** The pairs of both, as if they were one comparison: a seed's orders over several cells pooled. */
    public KendallTau plus(KendallTau other) {
        return new KendallTau(concordant + other.concordant, discordant + other.discordant,
                tiedPublishedOnly + other.tiedPublishedOnly, tiedMeasuredOnly + other.tiedMeasuredOnly, pairs + other.pairs);
    }

    /** Tau-b; NaN when no pair is ordered in both (fewer than two items, or everything tied). */
    public double tau() {
        double denominator = Math.sqrt((double) (concordant + discordant + tiedMeasuredOnly)
                * (concordant + discordant + tiedPublishedOnly));
        return denominator == 0 ? Double.NaN : (concordant - discordant) / denominator;
    }
}
