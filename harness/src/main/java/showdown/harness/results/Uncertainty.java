package showdown.harness.results;

/**
 * How sure a case's figures are: confidence intervals, see {@code docs/reports.md} for what they do
 * and do not capture.
 *
 * @param confidence                the confidence level, e.g. 0.95
 * @param basis                     {@value #ROUNDS}: Student's t over the case's rounds, the spread
 *                                  between rounds pooled over the target's cases (schema 1.2);
 *                                  {@value #SLICES}: the bootstrap over the slices of its windows, which
 *                                  shows how steady a window was but not how far the next one moves;
 *                                  null in files older than 1.2 (slices)
 * @param rounds                    how many rounds the figures come from (schema 1.2; 0 in older files)
 * @param slices                    how many slices the rounds had
 * @param requestsPerSecond         the interval of the mean request rate
 * @param serverCpuMicrosPerRequest the interval of the server's CPU-µs per request; null when not measured
 * @param p99Micros                 the interval of p99 in microseconds (over slices: of the median
 *                                  slice p99); null without latency
 */
public record Uncertainty(
        double confidence,
        String basis,
        int rounds,
        int slices,
        Interval requestsPerSecond,
        Interval serverCpuMicrosPerRequest,
        Interval p99Micros) {

    /** Intervals over rounds: these are the ones verdicts and the reports' ± use. */
    public static final String ROUNDS = "rounds";

    /** Intervals over the slices of single windows. */
    public static final String SLICES = "slices";

    /** Whether the intervals are over rounds, so they hold the spread between starts. */
    public boolean overRounds() {
        return ROUNDS.equals(basis);
    }
}
