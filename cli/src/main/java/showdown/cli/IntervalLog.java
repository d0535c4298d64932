package showdown.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;
import showdown.load.LoadException;

/**
 * An HdrHistogram interval log of the measured window: one latency histogram per second (values in
 * nanoseconds; each line's max in milliseconds), in the format HdrHistogram's {@code HistogramLogReader}
 * and {@code HistogramLogProcessor} read.
 *
 * <p>The lines tile the measured window: each interval starts where the one before ended (at a whole
 * millisecond, the log's resolution), the first at 0 and the last where the window ends, so the
 * histograms add up to exactly the run's requests. The warm-up is not in the log. A gap between two
 * reports (the engine reports every slice, empty ones too, so there should be none) gets an empty
 * histogram, so the timeline never has one.
 *
 * <p>Time stamps are seconds since the measured window began; the header's {@code StartTime} and
 * {@code BaseTime} are that instant, in wall-clock time. The engine reports interval bounds in
 * nanoseconds since the window's start on a monotonic clock, so the header is written at the first
 * report, from it: start = wall clock now &minus; the report's end. The file holds only a version line
 * until then.
 *
 * <p>A report shorter than the log's millisecond (the engine's first one after a warm-up can be)
 * joins the next one rather than be a line of length 0. The latest interval is held back until the
 * next arrives or {@link #finish} gives the window's length: the engine reports its last interval
 * when the load stops, which for a run bounded by a request count is after the last response, where
 * the window ends; that interval is cut back to the window.
 */
final class IntervalLog implements AutoCloseable {

    private static final double NANOS_PER_MILLI = 1_000_000.0;

    private final PrintStream file;
    private final HistogramLogWriter writer;
    private boolean headerWritten;
    /** End of the last interval written, in ms since the window's start. */
    private long writtenEndMillis;
    /** The interval held back, or null; its bounds in ms since the window's start. */
    private Histogram pending;
    private long pendingStartMillis;
    private long pendingEndMillis;

    private IntervalLog(PrintStream file) {
        this.file = file;
        this.writer = new HistogramLogWriter(file);
        writer.outputLogFormatVersion();
    }

    static IntervalLog open(Path path) {
        try {
            return new IntervalLog(new PrintStream(path.toFile(), StandardCharsets.US_ASCII));
        } catch (IOException e) {
            throw new LoadException("cannot write the interval log " + path + ": " + e.getMessage());
        }
    }

    /**
     * The engine's {@code IntervalSink}: {@code interval}'s latencies were recorded between
     * {@code startNanos} and {@code endNanos}, counted from the start of the measured window.
     */
    void write(long startNanos, long endNanos, Histogram interval) {
        stampStart(endNanos);
        long startMillis = Math.max(pendingOrWrittenEnd(), Math.round(startNanos / NANOS_PER_MILLI));
        long endMillis = Math.max(startMillis, Math.round(endNanos / NANOS_PER_MILLI));
        if (pending != null && pendingEndMillis == pendingStartMillis) {
            // the one held back is shorter than the log's millisecond (the engine's first report
            // after a warm-up can be): it joins this one rather than be a line of length 0
            pending.add(interval);
            pendingEndMillis = endMillis;
            return;
        }
        flushPending();
        fillTo(startMillis);
        pending = interval.copy();
        pendingStartMillis = startMillis;
        pendingEndMillis = endMillis;
    }

    /**
     * The load is over and its measured window lasted {@code windowNanos}: writes the interval held
     * back, cut to the window, and an empty one for any time after the last report.
     */
    void finish(long windowNanos) {
        stampStart(windowNanos);
        long windowMillis = Math.round(windowNanos / NANOS_PER_MILLI);
        if (pending != null) {
            pendingEndMillis = Math.max(pendingStartMillis, Math.min(pendingEndMillis, windowMillis));
            flushPending();
        }
        fillTo(windowMillis);
        file.flush();
    }

    private long pendingOrWrittenEnd() {
        return pending != null ? pendingEndMillis : writtenEndMillis;
    }

    /** Writes the header once: the window began {@code elapsedNanos} before now. */
    private void stampStart(long elapsedNanos) {
        if (headerWritten) {
            return;
        }
        headerWritten = true;
        long start = System.currentTimeMillis() - Math.round(elapsedNanos / NANOS_PER_MILLI);
        writer.outputStartTime(start);
        writer.outputBaseTime(start);
        writer.setBaseTime(start);
        writer.outputLegend();
    }

    private void flushPending() {
        if (pending != null) {
            line(pendingStartMillis, pendingEndMillis, pending);
            pending = null;
        }
    }

    /** An empty interval from the last one's end to {@code millis}, when there is a gap. */
    private void fillTo(long millis) {
        if (millis > writtenEndMillis) {
            line(writtenEndMillis, millis, new Histogram(3));
        }
    }

    private void line(long startMillis, long endMillis, Histogram h) {
        h.setStartTimeStamp(writer.getBaseTime() + startMillis);
        h.setEndTimeStamp(writer.getBaseTime() + endMillis);
        // the second argument is the interval's end: the writer prints end - start as Interval_Length
        writer.outputIntervalHistogram(startMillis / 1e3, endMillis / 1e3, h, NANOS_PER_MILLI);
        writtenEndMillis = endMillis;
    }

    @Override
    public void close() {
        flushPending();
        file.close();
    }
}
