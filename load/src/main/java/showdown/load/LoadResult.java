package showdown.load;

import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;

/**
 * What one load run measured. Histograms hold nanoseconds and are owned by this result.
 *
 * @param spec                 what was asked for
 * @param transport            the transport that ran (never AUTO)
 * @param durationNanos        the measured window, warm-up excluded
 * @param requests             complete responses in the window, any status
 * @param bytesRead            bytes read from sockets in the window (headers and bodies, as wrk counts)
 * @param bytesWritten         bytes written to sockets in the window
 * @param errors               errors by kind
 * @param reconnects           connections reopened after the server closed them or after an error
 * @param statusCounts         complete responses by status code
 * @param latency              per-request latency; in the open model, from the intended send time
 * @param uncorrectedLatency   open model only: latency from the actual send time; otherwise null
 * @param threadRequestsPerSecond per-thread request rate, sampled every 100 ms (wrk's Req/Sec row)
 * @param generatorCpuNanos    CPU time (user + system) the whole generator process used in the window
 * @param busiestLoopCpuShare  the share of the window the busiest event loop's thread was on a CPU
 *                             (near 1: the generator, not the server, set the pace); -1 if unknown
 * @param generatorCpus        CPUs the generator process could run on (its affinity), 0 if unknown
 * @param connectionsOpen      connections whose socket was open when the measured window began; -1 if unknown
 * @param connections          the sockets opened in the window, their setup latency and, on https, TLS
 * @param pacing               open model only: the generator's pacing error and the requests that
 *                             waited for a connection; otherwise null
 * @param warmup               the unrecorded load before the window: how long, and what ended it
 */
public record LoadResult(
        LoadSpec spec,
        Transport transport,
        long durationNanos,
        long requests,
        long bytesRead,
        long bytesWritten,
        ErrorCounts errors,
        long reconnects,
        SortedMap<Integer, Long> statusCounts,
        Histogram latency,
        Histogram uncorrectedLatency,
        Histogram threadRequestsPerSecond,
        long generatorCpuNanos,
        double busiestLoopCpuShare,
        int generatorCpus,
        int connectionsOpen,
        ConnectionStats connections,
        PacingSummary pacing,
        WarmupSummary warmup) {

    /** A loop, or the whole process, this busy leaves the server waiting for requests. */
    public static final double SATURATED_SHARE = 0.9;

    /** A shorter window is mostly start-up and JIT work: too short to tell who set the pace. */
    public static final long MIN_SATURATION_WINDOW_NANOS = 500_000_000L;

    public LoadResult {
        statusCounts = new TreeMap<>(statusCounts);
        connections = connections == null ? ConnectionStats.none() : connections;
        warmup = warmup == null ? WarmupSummary.fixed(spec.warmup().toNanos() / 1e9) : warmup;
    }

    /** A result whose warm-up was the spec's fixed one, or none (merged parts, agents, tests). */
    public LoadResult(LoadSpec spec, Transport transport, long durationNanos, long requests, long bytesRead,
                      long bytesWritten, ErrorCounts errors, long reconnects, SortedMap<Integer, Long> statusCounts,
                      Histogram latency, Histogram uncorrectedLatency, Histogram threadRequestsPerSecond,
                      long generatorCpuNanos, double busiestLoopCpuShare, int generatorCpus, int connectionsOpen,
                      ConnectionStats connections, PacingSummary pacing) {
        this(spec, transport, durationNanos, requests, bytesRead, bytesWritten, errors, reconnects, statusCounts,
                latency, uncorrectedLatency, threadRequestsPerSecond, generatorCpuNanos, busiestLoopCpuShare,
                generatorCpus, connectionsOpen, connections, pacing, null);
    }

    /** This result with the warm-up that ran before its window. */
    public LoadResult withWarmup(WarmupSummary w) {
        return new LoadResult(spec, transport, durationNanos, requests, bytesRead, bytesWritten, errors, reconnects,
                statusCounts, latency, uncorrectedLatency, threadRequestsPerSecond, generatorCpuNanos,
                busiestLoopCpuShare, generatorCpus, connectionsOpen, connections, pacing, w);
    }

    /** A result without pacing figures (the closed model, tests). */
    public LoadResult(LoadSpec spec, Transport transport, long durationNanos, long requests, long bytesRead,
                      long bytesWritten, ErrorCounts errors, long reconnects, SortedMap<Integer, Long> statusCounts,
                      Histogram latency, Histogram uncorrectedLatency, Histogram threadRequestsPerSecond,
                      long generatorCpuNanos, double busiestLoopCpuShare, int generatorCpus, int connectionsOpen,
                      ConnectionStats connections) {
        this(spec, transport, durationNanos, requests, bytesRead, bytesWritten, errors, reconnects, statusCounts,
                latency, uncorrectedLatency, threadRequestsPerSecond, generatorCpuNanos, busiestLoopCpuShare,
                generatorCpus, connectionsOpen, connections, null);
    }

    /** A result without connection figures (tests, older callers). */
    public LoadResult(LoadSpec spec, Transport transport, long durationNanos, long requests, long bytesRead,
                      long bytesWritten, ErrorCounts errors, long reconnects, SortedMap<Integer, Long> statusCounts,
                      Histogram latency, Histogram uncorrectedLatency, Histogram threadRequestsPerSecond,
                      long generatorCpuNanos, double busiestLoopCpuShare, int generatorCpus, int connectionsOpen) {
        this(spec, transport, durationNanos, requests, bytesRead, bytesWritten, errors, reconnects, statusCounts,
                latency, uncorrectedLatency, threadRequestsPerSecond, generatorCpuNanos, busiestLoopCpuShare,
                generatorCpus, connectionsOpen, null, null);
    }

    /** A result that does not know how many connections were open (tests, older callers). */
    public LoadResult(LoadSpec spec, Transport transport, long durationNanos, long requests, long bytesRead,
                      long bytesWritten, ErrorCounts errors, long reconnects, SortedMap<Integer, Long> statusCounts,
                      Histogram latency, Histogram uncorrectedLatency, Histogram threadRequestsPerSecond,
                      long generatorCpuNanos, double busiestLoopCpuShare, int generatorCpus) {
        this(spec, transport, durationNanos, requests, bytesRead, bytesWritten, errors, reconnects, statusCounts,
                latency, uncorrectedLatency, threadRequestsPerSecond, generatorCpuNanos, busiestLoopCpuShare,
                generatorCpus, -1, null, null);
    }

    /** Sockets opened per second of the window: with {@code --no-keepalive}, the connection (and handshake) rate. */
    public double connectionsPerSecond() {
        return durationNanos == 0 ? 0 : connections.opened() / durationSeconds();
    }

    public double durationSeconds() {
        return durationNanos / 1e9;
    }

    public double requestsPerSecond() {
        return durationNanos == 0 ? 0 : requests / durationSeconds();
    }

    public double bytesReadPerSecond() {
        return durationNanos == 0 ? 0 : bytesRead / durationSeconds();
    }

    /** Responses whose status was not 2xx or 3xx, as wrk's "Non-2xx or 3xx responses". */
    public long non2xx3xx() {
        long n = 0;
        for (Map.Entry<Integer, Long> e : statusCounts.entrySet()) {
            if (e.getKey() < 200 || e.getKey() >= 400) {
                n += e.getValue();
            }
        }
        return n;
    }

    /** Complete responses with a 2xx or 3xx status: none means the target never answered as asked. */
    public long validAnswers() {
        return requests - non2xx3xx();
    }

    /** CPUs' worth of time the whole generator process used in the window (JIT and GC included). */
    public double generatorCpusUsed() {
        return durationNanos == 0 ? 0 : generatorCpuNanos / (double) durationNanos;
    }

    /**
     * Whether the generator was so busy that the numbers may measure it rather than the server:
     * an event loop on a CPU nearly all the time, or the process using nearly all the CPUs it may
     * run on (then the JIT and the loops compete for them). Never for a window under half a second.
     */
    public boolean generatorSaturated() {
        if (durationNanos < MIN_SATURATION_WINDOW_NANOS) {
            return false;
        }
        return busiestLoopCpuShare >= SATURATED_SHARE
                || (generatorCpus > 0 && generatorCpusUsed() >= SATURATED_SHARE * generatorCpus);
    }

    /** The generator's CPU time per completed request, in microseconds. */
    public double generatorCpuMicrosPerRequest() {
        return requests == 0 ? 0 : generatorCpuNanos / 1e3 / requests;
    }
}
