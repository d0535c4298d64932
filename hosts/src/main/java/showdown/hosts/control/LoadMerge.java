package showdown.hosts.control;

import java.util.List;
import java.util.SortedMap;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;
import showdown.load.ConnectionStats;
import showdown.load.ErrorCounts;
import showdown.load.LoadResult;
import showdown.load.LoadSpec;
import showdown.load.PacingSummary;
import showdown.load.QuicSummary;
import showdown.load.TlsSummary;

/**
 * The agents' results as one: counters summed (TLS and QUIC summaries included), histograms added ({@link Histogram#add}: every
 * recorded value kept, no percentile ever averaged), the window the longest of the agents'
 * (they share its start), and the generator figures as the sum of the agents' processes.
 */
public final class LoadMerge {

    private LoadMerge() {
    }

    public static LoadResult merge(LoadSpec spec, List<LoadResult> results) {
        if (results.isEmpty()) {
            throw new IllegalArgumentException("nothing to merge");
        }
        long duration = 0;
        long requests = 0;
        long bytesRead = 0;
        long bytesWritten = 0;
        long reconnects = 0;
        long cpu = 0;
        double busiestLoop = -1;
        int cpus = 0;
        int open = 0;
        long opened = 0;
        ErrorCounts errors = ErrorCounts.NONE;
        SortedMap<Integer, Long> statuses = new TreeMap<>();
        Histogram latency = new Histogram(3);
        Histogram uncorrected = spec.openModel() ? new Histogram(3) : null;
        Histogram threadRate = new Histogram(3);
        Histogram setup = new Histogram(3);
        TlsSummary tls = null;
        QuicSummary quic = null;
        for (LoadResult r : results) {
            duration = Math.max(duration, r.durationNanos());
            requests += r.requests();
            bytesRead += r.bytesRead();
            bytesWritten += r.bytesWritten();
            reconnects += r.reconnects();
            cpu += r.generatorCpuNanos();
            busiestLoop = Math.max(busiestLoop, r.busiestLoopCpuShare());
            cpus += r.generatorCpus();
            open = open < 0 || r.connectionsOpen() < 0 ? -1 : open + r.connectionsOpen();
            errors = errors.plus(r.errors());
            r.statusCounts().forEach((status, n) -> statuses.merge(status, n, Long::sum));
            latency.add(r.latency());
            if (uncorrected != null && r.uncorrectedLatency() != null) {
                uncorrected.add(r.uncorrectedLatency());
            }
            threadRate.add(r.threadRequestsPerSecond());
            opened += r.connections().opened();
            setup.add(r.connections().setupLatency());
            tls = plus(tls, r.connections().tls());
            quic = plus(quic, r.connections().quic());
        }
        return new LoadResult(spec, results.get(0).transport(), duration, requests, bytesRead, bytesWritten, errors,
                reconnects, statuses, latency, uncorrected, threadRate, cpu, busiestLoop, cpus, open,
                new ConnectionStats(opened, setup, tls, quic), spec.openModel() ? pacing(spec, results) : null);
    }

    /** The agents' pacing as one: their pacing errors and waits added, their counts summed. */
    private static PacingSummary pacing(LoadSpec spec, List<LoadResult> results) {
        Histogram lateness = new Histogram(3);
        Histogram waited = new Histogram(3);
        long blocked = 0;
        long unsent = 0;
        for (LoadResult r : results) {
            PacingSummary p = r.pacing();
            if (p != null) {
                lateness.add(p.lateness());
                waited.add(p.waited());
                blocked += p.blocked();
                unsent += p.unsent();
            }
        }
        return new PacingSummary(spec.arrival(), lateness, blocked, waited, unsent);
    }

    /** Two agents' QUIC summaries as one: counts summed, closes added code by code. */
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

    private static TlsSummary plus(TlsSummary a, TlsSummary b) {
        if (a == null) {
            return b;
        }
        if (b == null) {
            return a;
        }
        return new TlsSummary(a.engine(), a.version() != null ? a.version() : b.version(),
                a.cipher() != null ? a.cipher() : b.cipher(),
                a.applicationProtocol() != null ? a.applicationProtocol() : b.applicationProtocol(),
                a.handshakes() + b.handshakes(), a.resumed() < 0 || b.resumed() < 0 ? -1 : a.resumed() + b.resumed(),
                a.handshakeFailures() + b.handshakeFailures(), a.certificateFailures() + b.certificateFailures(),
                a.notTlsFailures() + b.notTlsFailures());
    }
}
