package showdown.load.stats;

import java.util.Arrays;
import java.util.SortedMap;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.SingleWriterRecorder;
import showdown.load.ErrorCounts;
import showdown.load.QuicSummary;
import showdown.load.tls.TlsFailure;

/**
 * One event loop's counters. Written only by that loop's thread (no sharing on the hot path);
 * read by the collector through {@link #publish()}ed volatile copies and the recorders' interval
 * swaps, and in full after the loop has stopped.
 *
 * <p>Latencies are recorded in nanoseconds. Every request sent ends in exactly one of: a completed
 * response ({@link #answered}), an error of kind read, write, timeout or protocol ({@link #lost}),
 * or still in flight when the run stops.
 *
 * <p>Public because three layers use it: the worker (connect errors, rate samples), the protocols
 * (answers, bytes, losses) and the engine's collector, which reads it once the loop is done.
 */
public final class WorkerStats {

    private static final int SIGNIFICANT_DIGITS = 3;
    private static final int MAX_STATUS = 999;

    private final SingleWriterRecorder latency = new SingleWriterRecorder(SIGNIFICANT_DIGITS);
    private final SingleWriterRecorder uncorrectedLatency = new SingleWriterRecorder(SIGNIFICANT_DIGITS);
    /** Requests per second of this thread, sampled every 100 ms like wrk's Req/Sec. */
    private final Histogram threadRate = new Histogram(SIGNIFICANT_DIGITS);
    private final long[] statusCounts = new long[MAX_STATUS + 1];
    private final PacingStats pacing = new PacingStats();

    private long requests;
    private long bytesRead;
    private long bytesWritten;
    private long reconnects;
    private long connectErrors;
    private long readErrors;
    private long writeErrors;
    private long timeoutErrors;
    private long statusErrors;
    private long protocolErrors;
    /** nanoTime of the last completed response (the end of a count-bounded run). */
    private long lastCompletionNanos;
    /** Connections of this loop whose socket was open when the measured window began. */
    private int connectionsOpenAtWindowStart;

    // Sockets made ready to send in the window, and (https) their handshakes.
    private long socketsOpened;
    private final Histogram setupLatency = new Histogram(SIGNIFICANT_DIGITS);
    private long handshakes;
    private long resumedHandshakes;
    private boolean resumptionUnknown;
    private final long[] tlsFailures = new long[TlsFailure.values().length];
    /** The first handshake's version, cipher and ALPN choice (h2load prints them): kept across the window's start. */
    private String tlsVersion;
    private String tlsCipher;
    private String applicationProtocol;
    // QUIC (HTTP/3): attempts nothing answered, streams the server reset, connections it closed by code.
    private long quicNoAnswer;
    private long streamResets;
    private long earlyDataSent;
    private long earlyDataAccepted;
    private long earlyDataRejected;
    private final java.util.SortedMap<String, Long> quicCloses = new java.util.TreeMap<>();

    // Owned by the collector: each recorder recycles only histograms it handed out itself.
    private Histogram latencyRecycled;
    private Histogram uncorrectedRecycled;

    private volatile long publishedRequests;
    private volatile long publishedErrors;
    private volatile long publishedSettled;

    /** Why requests in flight were lost. */
    public enum Loss { READ, WRITE, TIMEOUT, PROTOCOL }

    /**
     * A complete response with {@code status} arrived at {@code now}. {@code latencyNanos} runs
     * from the intended send time; {@code uncorrectedNanos} from the actual one (open model only,
     * else negative: not recorded).
     */
    public void answered(int status, long latencyNanos, long uncorrectedNanos, long now) {
        requests++;
        lastCompletionNanos = now;
        statusCounts[Math.min(status, MAX_STATUS)]++;
        if (status >= 400) {
            statusErrors++;
        }
        latency.recordValue(latencyNanos);
        if (uncorrectedNanos >= 0) {
            uncorrectedLatency.recordValue(uncorrectedNanos);
        }
    }

    /** Counts {@code n} requests lost to {@code kind}. */
    public void lost(Loss kind, long n) {
        switch (kind) {
            case READ -> readErrors += n;
            case WRITE -> writeErrors += n;
            case TIMEOUT -> timeoutErrors += n;
            case PROTOCOL -> protocolErrors += n;
        }
    }

    public void connectFailed() {
        connectErrors++;
    }

    /** A socket is ready to send, {@code setupNanos} after its connect call (TCP, and TLS on https). */
    public void socketReady(long setupNanos) {
        socketsOpened++;
        setupLatency.recordValue(Math.max(0, setupNanos));
    }

    /** A TLS handshake succeeded; {@code resumed} null when the engine cannot tell. */
    public void handshook(Boolean resumed) {
        handshakes++;
        if (resumed == null) {
            resumptionUnknown = true;
        } else if (resumed) {
            resumedHandshakes++;
        }
    }

    /** What the first successful handshake negotiated (later ones are the same server's choice). */
    public void negotiated(String version, String cipher, String alpn) {
        if (tlsVersion == null) {
            tlsVersion = version;
            tlsCipher = cipher;
            applicationProtocol = alpn;
        }
    }

    /** A TLS handshake failed: counted by kind, and as a connect error. */
    public void tlsFailed(TlsFailure kind) {
        tlsFailures[kind.ordinal()]++;
        connectErrors++;
    }

    /** A QUIC connection attempt got no datagram back within the timeout: counted, and as a connect error. */
    public void quicNoAnswer() {
        quicNoAnswer++;
        connectErrors++;
    }

    /** The server reset a request stream (its request is counted lost separately). */
    public void streamReset() {
        streamResets++;
    }

    /** The server closed a QUIC connection with {@code label}'s code ({@link showdown.load.QuicSummary#closeLabel}). */
    public void quicClosed(String label) {
        quicCloses.merge(label, 1L, Long::sum);
    }

    /** A request went as 0-RTT early data, before its connection's handshake ended. */
    public void earlyDataSent() {
        earlyDataSent++;
    }

    /** The handshake of a connection that sent early data ended: resumed (accepted) or full (rejected). */
    public void earlyDataEnded(boolean accepted) {
        if (accepted) {
            earlyDataAccepted++;
        } else {
            earlyDataRejected++;
        }
    }

    public QuicSummary.EarlyData earlyData() {
        return new QuicSummary.EarlyData(earlyDataSent, earlyDataAccepted, earlyDataRejected);
    }

    public long quicNoAnswers() {
        return quicNoAnswer;
    }

    public long streamResets() {
        return streamResets;
    }

    /** Adds this loop's QUIC closes by code into {@code into}. */
    public void addQuicCloses(java.util.Map<String, Long> into) {
        quicCloses.forEach((k, v) -> into.merge(k, v, Long::sum));
    }

    public long socketsOpened() {
        return socketsOpened;
    }

    public Histogram setupLatency() {
        return setupLatency;
    }

    public long handshakes() {
        return handshakes;
    }

    /** Resumed handshakes, or -1 when the engine could not tell for some. */
    public long resumedHandshakes() {
        return resumptionUnknown ? -1 : resumedHandshakes;
    }

    public long tlsFailures(TlsFailure kind) {
        return tlsFailures[kind.ordinal()];
    }

    public String tlsVersion() {
        return tlsVersion;
    }

    public String tlsCipher() {
        return tlsCipher;
    }

    public String applicationProtocol() {
        return applicationProtocol;
    }

    public void reconnected() {
        reconnects++;
    }

    public void read(long bytes) {
        bytesRead += bytes;
    }

    public void wrote(long bytes) {
        bytesWritten += bytes;
    }

    /** One Req/Sec sample of this thread (wrk's 100 ms samples). */
    public void sampleRate(long requestsPerSecond) {
        threadRate.recordValue(requestsPerSecond);
    }

    /** Drops everything counted so far: the warm-up ends with {@code openConnections} open. Called on the loop thread. */
    public void beginWindow(int openConnections) {
        requests = 0;
        bytesRead = 0;
        bytesWritten = 0;
        reconnects = 0;
        connectErrors = 0;
        readErrors = 0;
        writeErrors = 0;
        timeoutErrors = 0;
        statusErrors = 0;
        protocolErrors = 0;
        socketsOpened = 0;
        setupLatency.reset();
        handshakes = 0;
        resumedHandshakes = 0;
        resumptionUnknown = false;
        Arrays.fill(tlsFailures, 0);
        quicNoAnswer = 0;
        streamResets = 0;
        earlyDataSent = 0;
        earlyDataAccepted = 0;
        earlyDataRejected = 0;
        quicCloses.clear();
        Arrays.fill(statusCounts, 0);
        threadRate.reset();
        latency.reset();
        uncorrectedLatency.reset();
        pacing.reset();
        connectionsOpenAtWindowStart = openConnections;
        publish();
    }

    /** Called on the loop thread: makes the counters visible to the progress collector. */
    public void publish() {
        publishedRequests = requests;
        publishedErrors = connectErrors + readErrors + writeErrors + timeoutErrors + statusErrors + protocolErrors;
        publishedSettled = requests + readErrors + writeErrors + timeoutErrors + protocolErrors;
    }

    /** Requests that ended, answered or lost: what moves a count-bounded run forward. */
    public long publishedSettled() {
        return publishedSettled;
    }

    public long publishedRequests() {
        return publishedRequests;
    }

    public long publishedErrors() {
        return publishedErrors;
    }

    /** For the collector: the latencies recorded since the previous call. */
    public Histogram latencyInterval() {
        latencyRecycled = latency.getIntervalHistogram(latencyRecycled);
        return latencyRecycled;
    }

    /** For the collector: the open model's uncorrected latencies since the previous call. */
    public Histogram uncorrectedLatencyInterval() {
        uncorrectedRecycled = uncorrectedLatency.getIntervalHistogram(uncorrectedRecycled);
        return uncorrectedRecycled;
    }

    // Read on the loop thread, or by the collector once the loop has stopped.

    public long requests() {
        return requests;
    }

    public long bytesRead() {
        return bytesRead;
    }

    public long bytesWritten() {
        return bytesWritten;
    }

    public long reconnects() {
        return reconnects;
    }

    public long lastCompletionNanos() {
        return lastCompletionNanos;
    }

    public int connectionsOpenAtWindowStart() {
        return connectionsOpenAtWindowStart;
    }

    /** The open model's pacing on this loop. */
    public PacingStats pacing() {
        return pacing;
    }

    public Histogram threadRate() {
        return threadRate;
    }

    /** Adds this loop's responses by status to {@code into}. */
    public void addStatusCounts(SortedMap<Integer, Long> into) {
        for (int code = 0; code < statusCounts.length; code++) {
            if (statusCounts[code] > 0) {
                into.merge(code, statusCounts[code], Long::sum);
            }
        }
    }

    public ErrorCounts errors() {
        return new ErrorCounts(connectErrors, readErrors, writeErrors, timeoutErrors, statusErrors, protocolErrors);
    }
}
