package showdown.harness.results;

/**
 * How sure a case's figures are: bootstrap confidence intervals over the case's slices
 * ({@link CaseSample}), see {@code docs/reports.md} for what they do and do not capture.
 *
 * @param confidence                the confidence level, e.g. 0.95
 * @param slices                    how many slices the intervals were drawn from
 * @param requestsPerSecond         the interval of the mean request rate
 * @param serverCpuMicrosPerRequest the interval of the server's CPU-µs per request; null when not measured
 * @param p99Micros                 the interval of the median slice p99, in microseconds; null without latency
 */
public record Uncertainty(
        double confidence,
        int slices,
        Interval requestsPerSecond,
        Interval serverCpuMicrosPerRequest,
        Interval p99Micros) {
}
