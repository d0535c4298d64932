package showdown.harness.measure;

/**
 * What the server's process tree used during one case.
 *
 * @param cpuUserNanos     user CPU time of the whole tree between the samples taken just before and
 *                         just after the load run
 * @param cpuSystemNanos   system CPU time, likewise
 * @param peakRssBytes     the largest resident set seen while the case ran (sampled every 250 ms)
 * @param averageRssBytes  the mean of those samples
 */
public record ServerMetrics(long cpuUserNanos, long cpuSystemNanos, long peakRssBytes, long averageRssBytes) {

    public long cpuNanos() {
        return cpuUserNanos + cpuSystemNanos;
    }

    /** CPU time per completed request in microseconds; 0 when no request completed. */
    public double cpuMicrosPerRequest(long requests) {
        return requests == 0 ? 0 : cpuNanos() / 1e3 / requests;
    }
}
