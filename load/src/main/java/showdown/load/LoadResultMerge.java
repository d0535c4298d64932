package showdown.load;

import java.util.List;
import java.util.SortedMap;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;
import showdown.load.stats.TimerSlackSetting;

/**
 * Load results of parts of one load as one result: the engine's loops ({@code ResultCollector})
 * and the load agents of a multi-host run ({@code LoadMerge} in hosts) both merge here, so a
 * figure is added up the same way wherever the load ran. Counters are summed (errors, statuses,
 * TLS and QUIC summaries included), histograms added ({@link Histogram#add}: every recorded value
 * kept, no percentile ever averaged), the open model's pacing merged. What depends on where the
 * parts ran is the caller's: the window's length and the generator's processes.
 */
public final class LoadResultMerge {

    /**
     * The generator's figures for the merged result.
     *
     * @param cpuNanos            CPU time of the generator's processes in the window
     * @param busiestLoopCpuShare the busiest loop's share of the window on a CPU, -1 if unknown
     * @param cpus                CPUs the generator's processes could run on, 0 if unknown
     */
    public record Generator(long cpuNanos, double busiestLoopCpuShare, int cpus) {
    }

    private LoadResultMerge() {
    }

    /**
     * @param durationNanos the merged window's length
     * @param parts         at least one; their own window lengths and generator figures are not read
     */
    public static LoadResult merge(LoadSpec spec, Transport transport, long durationNanos, Generator generator,
                                   List<LoadResult> parts) {
        if (parts.isEmpty()) {
            throw new IllegalArgumentException("nothing to merge");
        }
        long requests = 0;
        long bytesRead = 0;
        long bytesWritten = 0;
        long reconnects = 0;
        int open = 0;
        ErrorCounts errors = ErrorCounts.NONE;
        SortedMap<Integer, Long> statuses = new TreeMap<>();
        Histogram latency = new Histogram(3);
        Histogram uncorrected = spec.openModel() ? new Histogram(3) : null;
        Histogram threadRate = new Histogram(3);
        for (LoadResult r : parts) {
            requests += r.requests();
            bytesRead += r.bytesRead();
            bytesWritten += r.bytesWritten();
            reconnects += r.reconnects();
            open = open < 0 || r.connectionsOpen() < 0 ? -1 : open + r.connectionsOpen();
            errors = errors.plus(r.errors());
            r.statusCounts().forEach((status, n) -> statuses.merge(status, n, Long::sum));
            latency.add(r.latency());
            if (uncorrected != null && r.uncorrectedLatency() != null) {
                uncorrected.add(r.uncorrectedLatency());
            }
            threadRate.add(r.threadRequestsPerSecond());
        }
        return new LoadResult(spec, transport, durationNanos, requests, bytesRead, bytesWritten, errors, reconnects,
                statuses, latency, uncorrected, threadRate, generator.cpuNanos(), generator.busiestLoopCpuShare(),
                generator.cpus(), open, connections(parts), spec.openModel() ? pacing(spec.arrival(), parts) : null);
    }

    /** The parts' sockets, setup latencies and, where they have them, TLS and QUIC summaries. */
    private static ConnectionStats connections(List<LoadResult> parts) {
        long opened = 0;
        Histogram setup = new Histogram(3);
        TlsSummary tls = null;
        QuicSummary quic = null;
        for (LoadResult r : parts) {
            opened += r.connections().opened();
            setup.add(r.connections().setupLatency());
            tls = plus(tls, r.connections().tls());
            quic = plus(quic, r.connections().quic());
        }
        return new ConnectionStats(opened, setup, tls, quic);
    }

    /** The parts' pacing: their pacing errors and waits added, their counts summed, the worst loop's timer slack. */
    private static PacingSummary pacing(Arrival arrival, List<LoadResult> parts) {
        Histogram lateness = new Histogram(3);
        Histogram waited = new Histogram(3);
        long blocked = 0;
        long unsent = 0;
        TimerSlackSetting timerSlack = null;
        for (LoadResult r : parts) {
            PacingSummary p = r.pacing();
            if (p != null) {
                if (p.timerSlack() != null) {
                    timerSlack = p.timerSlack().worse(timerSlack);
                }
                lateness.add(p.lateness());
                waited.add(p.waited());
                blocked += p.blocked();
                unsent += p.unsent();
            }
        }
        return new PacingSummary(arrival, lateness, blocked, waited, unsent, timerSlack);
    }

    /** Two QUIC summaries as one: counts summed, closes added code by code; null when neither has one. */
    static QuicSummary plus(QuicSummary a, QuicSummary b) {
        if (a == null || b == null) {
            return a == null ? b : a;
        }
        SortedMap<String, Long> closes = new TreeMap<>(a.closes());
        b.closes().forEach((code, n) -> closes.merge(code, n, Long::sum));
        QuicSummary.EarlyData x = a.earlyData() == null ? QuicSummary.EarlyData.NONE : a.earlyData();
        QuicSummary.EarlyData y = b.earlyData() == null ? QuicSummary.EarlyData.NONE : b.earlyData();
        return new QuicSummary(a.noAnswer() + b.noAnswer(), a.streamResets() + b.streamResets(), closes,
                new QuicSummary.EarlyData(x.sent() + y.sent(), x.accepted() + y.accepted(), x.rejected() + y.rejected()));
    }

    /**
     * Two TLS summaries as one: counts summed, resumptions unknown if either does not know them;
     * the version, cipher and protocol those of the first part that negotiated any.
     */
    static TlsSummary plus(TlsSummary a, TlsSummary b) {
        if (a == null || b == null) {
            return a == null ? b : a;
        }
        TlsSummary named = a.version() != null || b.version() == null ? a : b;
        return new TlsSummary(a.engine(), named.version(), named.cipher(), named.applicationProtocol(),
                a.handshakes() + b.handshakes(), a.resumed() < 0 || b.resumed() < 0 ? -1 : a.resumed() + b.resumed(),
                a.handshakeFailures() + b.handshakeFailures(), a.certificateFailures() + b.certificateFailures(),
                a.notTlsFailures() + b.notTlsFailures());
    }
}
