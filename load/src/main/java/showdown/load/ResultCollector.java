package showdown.load;

import java.util.ArrayList;
import java.util.List;
import java.util.SortedMap;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;
import showdown.load.engine.Worker;
import showdown.load.stats.PacingStats;
import showdown.load.stats.WorkerStats;
import showdown.load.tls.TlsFailure;

/** Merges the workers' recorders: slice by slice for the sink, once a second for progress, and at the end. */
final class ResultCollector {

    private final List<Worker> workers;
    private long measureStart;
    /** Each loop's latencies over the measured window so far, by the loop's index. */
    private final List<Histogram> latency;
    private final List<Histogram> uncorrected;
    private final Histogram interval = new Histogram(3);
    private long lastRequests;
    private long lastProgressNanos;
    private long lastSliceEnd;

    ResultCollector(List<Worker> workers, long runStart, long measureStart) {
        this.workers = workers;
        this.latency = histograms(workers.size());
        this.uncorrected = histograms(workers.size());
        this.measureStart = measureStart;
        this.lastProgressNanos = runStart;
        this.lastSliceEnd = measureStart;
    }

    private static List<Histogram> histograms(int n) {
        List<Histogram> h = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            h.add(new Histogram(3));
        }
        return h;
    }

    /** The measured window starts at {@code start}, not where it was first thought to (a warm-up judged as it runs). */
    void windowStarts(long start) {
        measureStart = start;
        lastSliceEnd = start;
    }

    /** Requests that ended so far on every loop, answered or lost. */
    long settled() {
        long n = 0;
        for (Worker w : workers) {
            n += w.stats().publishedSettled();
        }
        return n;
    }

    boolean allFinished() {
        for (Worker w : workers) {
            if (!w.finishedPublished()) {
                return false;
            }
        }
        return true;
    }

    long lastSliceEnd() {
        return lastSliceEnd;
    }

    void progress(ProgressListener listener, long now) {
        long requests = 0;
        long errors = 0;
        boolean warming = false;
        for (Worker w : workers) {
            requests += w.stats().publishedRequests();
            errors += w.stats().publishedErrors();
            warming |= !w.measuringPublished();
        }
        double seconds = Math.max(1, now - lastProgressNanos) / 1e9;
        double rate = warming ? 0 : Math.max(0, requests - lastRequests) / seconds;
        listener.onProgress(new Progress(now - measureStart, warming, requests, rate, errors));
        lastRequests = warming ? 0 : requests;
        lastProgressNanos = now;
    }

    /**
     * Moves every measuring worker's latencies since the last slice into the totals, and hands
     * them to the sink as the slice that ends at {@code end}.
     */
    void slice(LoadEngine.IntervalSink sink, long end) {
        interval.reset();
        for (int i = 0; i < workers.size(); i++) {
            Worker w = workers.get(i);
            if (!w.measuringPublished()) {
                continue;
            }
            Histogram loop = w.stats().latencyInterval();
            interval.add(loop);
            latency.get(i).add(loop);
            uncorrected.get(i).add(w.stats().uncorrectedLatencyInterval());
        }
        sink.onInterval(lastSliceEnd - measureStart, end - measureStart, interval);
        lastSliceEnd = end;
    }

    /** The largest share of the window any loop thread spent on a CPU, or -1 when unknown. */
    private double busiestLoopShare(long durationNanos) {
        double busiest = -1;
        for (Worker w : workers) {
            long cpu = w.loopCpuNanos();
            if (cpu < 0 || durationNanos <= 0) {
                return -1;
            }
            busiest = Math.max(busiest, cpu / (double) durationNanos);
        }
        return busiest;
    }

    /**
     * Every loop's figures as one result, merged as a multi-host run merges its agents'
     * ({@link LoadResultMerge}); the generator's CPU is the process's.
     *
     * @param tlsEngine the TLS implementation's name on https (TCP or QUIC), else null
     */
    LoadResult result(LoadSpec spec, Transport transport, long durationNanos, long cpuNanos, String tlsEngine) {
        List<LoadResult> parts = new ArrayList<>(workers.size());
        for (int i = 0; i < workers.size(); i++) {
            parts.add(part(spec, transport, durationNanos, i, tlsEngine));
        }
        return LoadResultMerge.merge(spec, transport, durationNanos, new LoadResultMerge.Generator(cpuNanos,
                busiestLoopShare(durationNanos), Runtime.getRuntime().availableProcessors()), parts);
    }

    /** One loop's figures as a result of its own, without generator figures (the process has them). */
    private LoadResult part(LoadSpec spec, Transport transport, long durationNanos, int index, String tlsEngine) {
        WorkerStats s = workers.get(index).stats();
        SortedMap<Integer, Long> statuses = new TreeMap<>();
        s.addStatusCounts(statuses);
        return new LoadResult(spec, transport, durationNanos, s.requests(), s.bytesRead(), s.bytesWritten(), s.errors(),
                s.reconnects(), statuses, latency.get(index), spec.openModel() ? uncorrected.get(index) : null,
                s.threadRate(), 0, -1, 0, s.connectionsOpenAtWindowStart(), connections(s, tlsEngine, spec.http3()),
                spec.openModel() ? pacing(s.pacing(), spec.arrival()) : null);
    }

    private static PacingSummary pacing(PacingStats p, Arrival arrival) {
        return new PacingSummary(arrival, p.lateness(), p.blocked(), p.waited(), p.unsent(), p.timerSlack());
    }

    /** One loop's sockets and, on https, its handshakes; over QUIC its errors too. */
    private static ConnectionStats connections(WorkerStats s, String tlsEngine, boolean quic) {
        TlsSummary tls = tlsEngine == null ? null : new TlsSummary(tlsEngine, s.tlsVersion(),
                s.tlsVersion() == null ? null : s.tlsCipher(), s.tlsVersion() == null ? null : s.applicationProtocol(),
                s.handshakes(), s.resumedHandshakes() < 0 ? -1 : s.resumedHandshakes(),
                s.tlsFailures(TlsFailure.HANDSHAKE), s.tlsFailures(TlsFailure.CERTIFICATE), s.tlsFailures(TlsFailure.NOT_TLS));
        QuicSummary q = null;
        if (quic) {
            SortedMap<String, Long> closes = new TreeMap<>();
            s.addQuicCloses(closes);
            QuicSummary.EarlyData early = s.earlyData();
            q = new QuicSummary(s.quicNoAnswers(), s.streamResets(), closes,
                    new QuicSummary.EarlyData(early.sent(), early.accepted(), early.rejected()));
        }
        return new ConnectionStats(s.socketsOpened(), s.setupLatency(), tls, q);
    }
}
