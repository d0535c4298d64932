package showdown.harness.results;

/**
 * What the server's process tree used during a case's measured window, sampled from /proc. A null
 * field was not measured (for example on a system without /proc).
 *
 * @param cpuUserSeconds      user CPU time, in seconds
 * @param cpuSystemSeconds    system (kernel) CPU time, in seconds
 * @param cpuMicrosPerRequest (user + system) CPU time per completed request, in microseconds
 * @param peakRssBytes        the highest resident set size sampled, in bytes
 * @param averageRssBytes     the mean of the resident set size samples, in bytes
 * @param compileSeconds      *1.3*: CPU time its JIT compilers used while the case ran (connects and
 *                            settle included), in seconds; null for a runtime without a JIT
 */
public record ServerMetrics(
        Double cpuUserSeconds,
        Double cpuSystemSeconds,
        Double cpuMicrosPerRequest,
        Long peakRssBytes,
        Long averageRssBytes,
        Double compileSeconds) {

    public static final ServerMetrics UNMEASURED = new ServerMetrics(null, null, null, null, null, null);

    private static final double MICROS_PER_SECOND = 1e6;

    /** Raw samples as the run takes them; the per-request figure is filled in by {@link #perRequest}. */
    public static ServerMetrics measured(double cpuUserSeconds, double cpuSystemSeconds, long peakRssBytes,
                                         long averageRssBytes) {
        return new ServerMetrics(cpuUserSeconds, cpuSystemSeconds, null, peakRssBytes, averageRssBytes, null);
    }

    /** This with the JIT compilers' CPU time (null: the runtime has no JIT). */
    public ServerMetrics withCompileSeconds(Double seconds) {
        return new ServerMetrics(cpuUserSeconds, cpuSystemSeconds, cpuMicrosPerRequest, peakRssBytes, averageRssBytes,
                seconds);
    }

    /** User plus system CPU seconds, or null when not measured. */
    public Double cpuSeconds() {
        return cpuUserSeconds == null || cpuSystemSeconds == null ? null : cpuUserSeconds + cpuSystemSeconds;
    }

    /** This with {@code cpuMicrosPerRequest} computed for {@code requests} completed requests. */
    public ServerMetrics perRequest(long requests) {
        Double cpu = cpuSeconds();
        Double perRequest = cpu == null || requests <= 0 ? null : cpu * MICROS_PER_SECOND / requests;
        return new ServerMetrics(cpuUserSeconds, cpuSystemSeconds, perRequest, peakRssBytes, averageRssBytes,
                compileSeconds);
    }
}
