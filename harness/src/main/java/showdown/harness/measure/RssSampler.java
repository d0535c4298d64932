package showdown.harness.measure;

import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;
import showdown.harness.targets.ProcessTreeStats;

/**
 * Samples a server's resident memory (its whole process tree) on a background thread while a case
 * runs, so the report can show peak and average RSS under load. A sample is taken at start and at
 * stop as well, so even a very short case has at least two.
 */
public final class RssSampler implements AutoCloseable {

    /** Often enough to see a GC cycle's swing, rare enough to cost nothing (one /proc read per process). */
    public static final Duration DEFAULT_INTERVAL = Duration.ofMillis(250);

    private final LongSupplier rssBytes;
    private final long intervalNanos;
    private final Thread thread;
    private long peakBytes;
    private long sumBytes;
    private long samples;
    private volatile boolean stopping;

    /** The peak and the mean of the samples, in bytes. */
    public record RssStats(long peakBytes, long averageBytes, long samples) {
    }

    private RssSampler(LongSupplier rssBytes, Duration interval) {
        this.rssBytes = rssBytes;
        this.intervalNanos = interval.toNanos();
        this.thread = new Thread(this::loop, "showdown-rss-sampler");
        this.thread.setDaemon(true);
    }

    /** Starts sampling the tree of {@code pid}. */
    public static RssSampler start(long pid, Duration interval) {
        return start(() -> ProcessTreeStats.sample(pid).rssBytes(), interval);
    }

    /** Starts sampling whatever {@code rssBytes} reads (tests give it a fake). */
    public static RssSampler start(LongSupplier rssBytes, Duration interval) {
        RssSampler s = new RssSampler(rssBytes, interval);
        s.record();
        s.thread.start();
        return s;
    }

    private void loop() {
        long next = System.nanoTime() + intervalNanos;
        while (!stopping) {
            long wait = next - System.nanoTime();
            if (wait > 0) {
                try {
                    TimeUnit.NANOSECONDS.sleep(wait);
                } catch (InterruptedException e) {
                    return; // stop() interrupts to end the wait early
                }
            }
            if (!stopping) {
                record();
            }
            next += intervalNanos;
        }
    }

    private synchronized void record() {
        long rss = rssBytes.getAsLong();
        if (rss <= 0) {
            return; // the process is gone or between exec and its first page: not a reading
        }
        peakBytes = Math.max(peakBytes, rss);
        sumBytes += rss;
        samples++;
    }

    /** Stops the thread, takes a last sample and returns the figures. Safe to call twice. */
    public RssStats stop() {
        if (!stopping) {
            stopping = true;
            thread.interrupt();
            try {
                thread.join(TimeUnit.NANOSECONDS.toMillis(intervalNanos) * 4 + 1_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            record();
        }
        return stats();
    }

    public synchronized RssStats stats() {
        return new RssStats(peakBytes, samples == 0 ? 0 : sumBytes / samples, samples);
    }

    @Override
    public void close() {
        stop();
    }
}
