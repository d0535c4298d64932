package showdown.load;

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
    private final long measureStart;
    private final Histogram latency = new Histogram(3);
    private final Histogram uncorrected = new Histogram(3);
    private final Histogram interval = new Histogram(3);
    private long lastRequests;
    private long lastProgressNanos;
    private long lastSliceEnd;

    ResultCollector(List<Worker> workers, long runStart, long measureStart) {
        this.workers = workers;
        this.measureStart = measureStart;
        this.lastProgressNanos = runStart;
        this.lastSliceEnd = measureStart;
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
        for (Worker w : workers) {
            if (!w.measuringPublished()) {
                continue;
            }
            interval.add(w.stats().latencyInterval());
            uncorrected.add(w.stats().uncorrectedLatencyInterval());
        }
        latency.add(interval);
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

    /** @param tlsEngine the TLS implementation's name on https (TCP or QUIC), else null */
    LoadResult result(LoadSpec spec, Transport transport, long durationNanos, long cpuNanos, String tlsEngine) {
        long requests = 0;
        long bytesRead = 0;
        long bytesWritten = 0;
        long reconnects = 0;
        ErrorCounts errors = ErrorCounts.NONE;
        int connectionsOpen = 0;
        Histogram threadRate = new Histogram(3);
        SortedMap<Integer, Long> statuses = new TreeMap<>();
        for (Worker w : workers) {
            WorkerStats s = w.stats();
            requests += s.requests();
            bytesRead += s.bytesRead();
            bytesWritten += s.bytesWritten();
            reconnects += s.reconnects();
            connectionsOpen += s.connectionsOpenAtWindowStart();
            errors = errors.plus(s.errors());
            threadRate.add(s.threadRate());
            s.addStatusCounts(statuses);
        }
        return new LoadResult(spec, transport, durationNanos, requests, bytesRead, bytesWritten, errors,
                reconnects, statuses, latency, spec.openModel() ? uncorrected : null, threadRate, cpuNanos,
                busiestLoopShare(durationNanos), Runtime.getRuntime().availableProcessors(), connectionsOpen,
                connections(tlsEngine, spec.http3()), spec.openModel() ? pacing(spec.arrival()) : null);
    }

    /** The open model's pacing over every loop. */
    private PacingSummary pacing(Arrival arrival) {
        Histogram lateness = new Histogram(3);
        Histogram waited = new Histogram(3);
        long blocked = 0;
        long unsent = 0;
        for (Worker w : workers) {
            PacingStats p = w.stats().pacing();
            lateness.add(p.lateness());
            waited.add(p.waited());
            blocked += p.blocked();
            unsent += p.unsent();
        }
        return new PacingSummary(arrival, lateness, blocked, waited, unsent);
    }

    /** The window's sockets and, on https, its handshakes, over every loop; over QUIC its errors too. */
    private ConnectionStats connections(String tlsEngine, boolean quic) {
        long opened = 0;
        long handshakes = 0;
        long resumed = 0;
        boolean resumedKnown = true;
        long[] failures = new long[TlsFailure.values().length];
        long noAnswer = 0;
        long resets = 0;
        long earlySent = 0;
        long earlyAccepted = 0;
        long earlyRejected = 0;
        SortedMap<String, Long> closes = new TreeMap<>();
        String version = null;
        String cipher = null;
        String alpn = null;
        Histogram setup = new Histogram(3);
        for (Worker w : workers) {
            WorkerStats s = w.stats();
            opened += s.socketsOpened();
            setup.add(s.setupLatency());
            handshakes += s.handshakes();
            resumedKnown &= s.resumedHandshakes() >= 0;
            resumed += Math.max(0, s.resumedHandshakes());
            noAnswer += s.quicNoAnswers();
            resets += s.streamResets();
            QuicSummary.EarlyData early = s.earlyData();
            earlySent += early.sent();
            earlyAccepted += early.accepted();
            earlyRejected += early.rejected();
            s.addQuicCloses(closes);
            for (TlsFailure f : TlsFailure.values()) {
                failures[f.ordinal()] += s.tlsFailures(f);
            }
            if (version == null && s.tlsVersion() != null) {
                version = s.tlsVersion();
                cipher = s.tlsCipher();
                alpn = s.applicationProtocol();
            }
        }
        TlsSummary summary = tlsEngine == null ? null : new TlsSummary(tlsEngine, version, cipher, alpn, handshakes,
                resumedKnown ? resumed : -1, failures[TlsFailure.HANDSHAKE.ordinal()],
                failures[TlsFailure.CERTIFICATE.ordinal()], failures[TlsFailure.NOT_TLS.ordinal()]);
        return new ConnectionStats(opened, setup, summary, quic ? new QuicSummary(noAnswer, resets, closes,
                new QuicSummary.EarlyData(earlySent, earlyAccepted, earlyRejected)) : null);
    }
}
