package showdown.hosts.wire;

import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;
import showdown.load.Arrival;
import showdown.load.ConnectionStats;
import showdown.load.ErrorCounts;
import showdown.load.LoadResult;
import showdown.load.LoadSpec;
import showdown.load.PacingSummary;
import showdown.load.QuicSummary;
import showdown.load.TlsSummary;
import showdown.load.Transport;
import showdown.load.stats.TimerSlackSetting;

/**
 * A {@link LoadResult} as it crosses the wire: counters as they are, histograms in their
 * compressed encoding ({@link HistogramCodec}), the TLS and QUIC summaries as they are. The spec
 * does not travel back: the controller has the one it sent.
 */
public record LoadResultJson(String transport, long durationNanos, long requests, long bytesRead, long bytesWritten,
                             ErrorCounts errors, long reconnects, Map<Integer, Long> statusCounts, String latency,
                             String uncorrectedLatency, String threadRequestsPerSecond, long generatorCpuNanos,
                             double busiestLoopCpuShare, int generatorCpus, int connectionsOpen, long socketsOpened,
                             String setupLatency, TlsSummary tls, QuicSummary quic, PacingJson pacing) {

    /**
     * The open model's pacing as it crosses the wire: its two histograms encoded, the counts and the
     * timer slack as they are (null from an agent that does not send it).
     */
    public record PacingJson(String lateness, long blocked, String waited, long unsent, TimerSlackSetting timerSlack) {
        static PacingJson of(PacingSummary p) {
            return p == null ? null : new PacingJson(HistogramCodec.encode(p.lateness()), p.blocked(),
                    HistogramCodec.encode(p.waited()), p.unsent(), p.timerSlack());
        }

        PacingSummary toSummary(Arrival arrival) {
            return new PacingSummary(arrival, HistogramCodec.decode(lateness), blocked, HistogramCodec.decode(waited), unsent,
                    timerSlack);
        }
    }

    public static LoadResultJson of(LoadResult r) {
        return new LoadResultJson(r.transport().name(), r.durationNanos(), r.requests(), r.bytesRead(), r.bytesWritten(),
                r.errors(), r.reconnects(), r.statusCounts(), HistogramCodec.encode(r.latency()),
                r.uncorrectedLatency() == null ? null : HistogramCodec.encode(r.uncorrectedLatency()),
                HistogramCodec.encode(r.threadRequestsPerSecond()), r.generatorCpuNanos(), r.busiestLoopCpuShare(),
                r.generatorCpus(), r.connectionsOpen(), r.connections().opened(),
                HistogramCodec.encode(r.connections().setupLatency()), r.connections().tls(), r.connections().quic(),
                PacingJson.of(r.pacing()));
    }

    public LoadResult toResult(LoadSpec spec) {
        SortedMap<Integer, Long> statuses = new TreeMap<>(statusCounts);
        Histogram uncorrected = uncorrectedLatency == null ? null : HistogramCodec.decode(uncorrectedLatency);
        return new LoadResult(spec, Transport.valueOf(transport), durationNanos, requests, bytesRead, bytesWritten, errors,
                reconnects, statuses, HistogramCodec.decode(latency), uncorrected,
                HistogramCodec.decode(threadRequestsPerSecond), generatorCpuNanos, busiestLoopCpuShare, generatorCpus,
                connectionsOpen, new ConnectionStats(socketsOpened, HistogramCodec.decode(setupLatency), tls, quic),
                pacing == null ? null : pacing.toSummary(spec.arrival()));
    }
}
