package showdown.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;
import showdown.load.LoadException;

/** An HdrHistogram interval log (values in nanoseconds; max shown in ms), one histogram per second. */
final class IntervalLog implements AutoCloseable {

    private static final double NANOS_PER_MILLI = 1_000_000.0;

    private final PrintStream file;
    private final HistogramLogWriter writer;

    private IntervalLog(PrintStream file) {
        this.file = file;
        this.writer = new HistogramLogWriter(file);
        long now = System.currentTimeMillis();
        writer.outputLogFormatVersion();
        writer.outputStartTime(now);
        writer.setBaseTime(now);
        writer.outputLegend();
    }

    static IntervalLog open(Path path) {
        try {
            return new IntervalLog(new PrintStream(path.toFile(), java.nio.charset.StandardCharsets.US_ASCII));
        } catch (IOException e) {
            throw new LoadException("cannot write the interval log " + path + ": " + e.getMessage());
        }
    }

    void write(long startNanos, long endNanos, Histogram interval) {
        Histogram h = interval.copy();
        h.setStartTimeStamp(startNanos / 1_000_000);
        h.setEndTimeStamp(endNanos / 1_000_000);
        writer.outputIntervalHistogram(startNanos / 1e9, (endNanos - startNanos) / 1e9, h, NANOS_PER_MILLI);
    }

    @Override
    public void close() {
        file.close();
    }
}
