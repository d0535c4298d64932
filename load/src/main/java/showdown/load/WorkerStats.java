package showdown.load;

import org.HdrHistogram.Histogram;
import org.HdrHistogram.SingleWriterRecorder;

/**
 * One event loop's counters. Written only by that loop's thread (no sharing on the hot path);
 * read by the collector through {@link #publish()}ed volatile copies and the recorders' interval
 * swaps, and in full after the loop has stopped.
 *
 * <p>Latencies are recorded in nanoseconds. Every request sent ends in exactly one of: a completed
 * response ({@link #requests}), an error of kind read, write, timeout or protocol, or still in
 * flight when the run stops.
 */
final class WorkerStats {

    private static final int SIGNIFICANT_DIGITS = 3;
    private static final int MAX_STATUS = 999;

    final SingleWriterRecorder latency = new SingleWriterRecorder(SIGNIFICANT_DIGITS);
    final SingleWriterRecorder uncorrectedLatency = new SingleWriterRecorder(SIGNIFICANT_DIGITS);
    /** Requests per second of this thread, sampled every 100 ms like wrk's Req/Sec. */
    final Histogram threadRate = new Histogram(SIGNIFICANT_DIGITS);
    final long[] statusCounts = new long[MAX_STATUS + 1];

    long requests;
    long bytesRead;
    long bytesWritten;
    long reconnects;
    long connectErrors;
    long readErrors;
    long writeErrors;
    long timeoutErrors;
    long statusErrors;
    long protocolErrors;
    /** nanoTime of the last completed response (the end of a count-bounded run). */
    long lastCompletionNanos;
    /** Connections of this loop whose socket was open when the measured window began. */
    int connectionsOpenAtWindowStart;

    /** Why requests in flight were lost. */
    enum Loss { READ, WRITE, TIMEOUT, PROTOCOL }

    /** Counts {@code n} requests lost to {@code kind}. */
    void lost(Loss kind, long n) {
        switch (kind) {
            case READ -> readErrors += n;
            case WRITE -> writeErrors += n;
            case TIMEOUT -> timeoutErrors += n;
            case PROTOCOL -> protocolErrors += n;
        }
    }

    // Owned by the collector: each recorder recycles only histograms it handed out itself.
    private Histogram latencyRecycled;
    private Histogram uncorrectedRecycled;

    private volatile long publishedRequests;
    private volatile long publishedErrors;
    private volatile long publishedSettled;

    void recordStatus(int status) {
        statusCounts[Math.min(status, MAX_STATUS)]++;
        if (status >= 400) {
            statusErrors++;
        }
    }

    /** Called on the loop thread: makes the counters visible to the progress collector. */
    void publish() {
        publishedRequests = requests;
        publishedErrors = connectErrors + readErrors + writeErrors + timeoutErrors + statusErrors + protocolErrors;
        publishedSettled = requests + readErrors + writeErrors + timeoutErrors + protocolErrors;
    }

    /** Requests that ended, answered or lost: what moves a count-bounded run forward. */
    long publishedSettled() {
        return publishedSettled;
    }

    long publishedRequests() {
        return publishedRequests;
    }

    long publishedErrors() {
        return publishedErrors;
    }

    /** For the collector: the latencies recorded since the previous call. */
    Histogram latencyInterval() {
        latencyRecycled = latency.getIntervalHistogram(latencyRecycled);
        return latencyRecycled;
    }

    /** For the collector: the open model's uncorrected latencies since the previous call. */
    Histogram uncorrectedLatencyInterval() {
        uncorrectedRecycled = uncorrectedLatency.getIntervalHistogram(uncorrectedRecycled);
        return uncorrectedRecycled;
    }

    /** Drops everything counted so far: the warm-up ends. Called on the loop thread. */
    void reset() {
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
        java.util.Arrays.fill(statusCounts, 0);
        threadRate.reset();
        latency.reset();
        uncorrectedLatency.reset();
        publish();
    }

    ErrorCounts errors() {
        return new ErrorCounts(connectErrors, readErrors, writeErrors, timeoutErrors, statusErrors, protocolErrors);
    }
}
