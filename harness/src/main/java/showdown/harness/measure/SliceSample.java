package showdown.harness.measure;

import org.HdrHistogram.Histogram;
import showdown.harness.results.CaseSample;

/**
 * Builds one slice's {@link CaseSample} from what was measured in it, the same way for a local
 * run's slices and for a multi-host run's merged ones. Latencies are recorded in nanoseconds.
 */
public final class SliceSample {

    private static final double NANOS_PER_MICRO = 1_000.0;
    private static final double NANOS_PER_SECOND = 1e9;
    private static final double P99 = 99.0;

    private SliceSample() {
    }

    /**
     * @param startNanos     the slice's start, from the start of the measured window
     * @param endNanos       its end, likewise
     * @param latency        the slice's latencies; its count is the slice's requests
     * @param serverCpuNanos the server tree's CPU time in the slice; null when not measured
     * @param shares         what others used of the measured CPUs in the slice; null when unknown
     */
    public static CaseSample of(long startNanos, long endNanos, Histogram latency, Long serverCpuNanos,
                                HostShares shares) {
        long lengthNanos = Math.max(1, endNanos - startNanos);
        long requests = latency.getTotalCount();
        Double cpuPerRequest = serverCpuNanos == null || requests == 0 ? null
                : Math.max(0, serverCpuNanos) / NANOS_PER_MICRO / requests;
        Double p99 = requests == 0 ? null : latency.getValueAtPercentile(P99) / NANOS_PER_MICRO;
        return new CaseSample(startNanos / NANOS_PER_SECOND, lengthNanos / NANOS_PER_SECOND, requests,
                requests * NANOS_PER_SECOND / lengthNanos, cpuPerRequest, p99,
                shares == null ? null : shares.other(), shares == null ? null : shares.steal());
    }
}
