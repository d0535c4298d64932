package showdown.load.stats;

import org.HdrHistogram.Histogram;

/**
 * One event loop's open-model pacing, in nanoseconds: how late the loop released each request
 * after its due time (the pacing error: the generator's own lateness, part of every latency timed
 * from the due time), how many released requests found no connection with room, and how long
 * those waited for one. Written only by the loop's thread; read once the loop has stopped.
 */
public final class PacingStats {

    private static final int SIGNIFICANT_DIGITS = 3;

    private final Histogram lateness = new Histogram(SIGNIFICANT_DIGITS);
    private final Histogram waited = new Histogram(SIGNIFICANT_DIGITS);
    private long blocked;
    private long unsent;
    private TimerSlackSetting timerSlack;

    /** A request due {@code latenessNanos} ago was released now. */
    public void recordRelease(long latenessNanos) {
        lateness.recordValue(Math.max(0, latenessNanos));
    }

    /** A released request found every connection full: it waits for one. */
    public void recordBlocked() {
        blocked++;
    }

    /** A request that waited for a connection was sent, {@code waitNanos} after it was released. */
    public void recordWait(long waitNanos) {
        waited.recordValue(Math.max(0, waitNanos));
    }

    /** The run ended with {@code n} released requests still waiting for a connection. */
    public void unsentAtEnd(long n) {
        unsent = n;
    }

    /** The loop's thread got this timer slack when its pacer attached; the warm-up does not reset it. */
    public void timerSlack(TimerSlackSetting setting) {
        timerSlack = setting;
    }

    /** The warm-up is over: what it counted goes. */
    void reset() {
        lateness.reset();
        waited.reset();
        blocked = 0;
    }

    public Histogram lateness() {
        return lateness;
    }

    public Histogram waited() {
        return waited;
    }

    public long blocked() {
        return blocked;
    }

    /** The loop's timer slack; null when no pacer attached. */
    public TimerSlackSetting timerSlack() {
        return timerSlack;
    }

    public long unsent() {
        return unsent;
    }
}
