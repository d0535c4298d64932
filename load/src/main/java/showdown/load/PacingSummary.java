package showdown.load;

import org.HdrHistogram.Histogram;
import showdown.load.stats.TimerSlackSetting;

/**
 * How well the open model kept its schedule, over every event loop; histograms in nanoseconds.
 *
 * @param arrival  the arrival process the due times followed
 * @param lateness every request's pacing error: when its loop released it minus when it was due.
 *                 It is the generator's own part of each latency timed from the due time
 * @param blocked  released requests that found every connection full and waited for one
 *                 (Hyperfoil's "blocked"): the connections, not the server, held them back
 * @param waited   how long each of those waited for a connection
 * @param unsent   requests still waiting for a connection when the run ended, never sent
 * @param timerSlack the timer slack the pacing loops ran with (the worst loop's): lowered, or the
 *                 kernel's default and why; null where it is not known (a result from an older agent)
 */
public record PacingSummary(Arrival arrival, Histogram lateness, long blocked, Histogram waited, long unsent,
                            TimerSlackSetting timerSlack) {

    /** The pacing error's share of the latency above which a report says the generator is part of it. */
    public static final double NOTABLE_SHARE_OF_LATENCY = 0.1;

    /** Whether the pacing error's p99 exceeds a tenth of the latency's p99: the generator's lateness is part of that latency. */
    public boolean notable(Histogram latency) {
        if (lateness.getTotalCount() == 0 || latency.getTotalCount() == 0) {
            return false;
        }
        return lateness.getValueAtPercentile(99) > NOTABLE_SHARE_OF_LATENCY * latency.getValueAtPercentile(99);
    }

    /** Whether some requests waited for a connection: more connections ({@code -c}) would have sent them on time. */
    public boolean connectionBound() {
        return blocked > 0 || unsent > 0;
    }
}
