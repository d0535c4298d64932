package showdown.harness.results;

import showdown.load.PacingSummary;

/**
 * The open model's pacing in one case, in microseconds: the generator's own lateness (when it
 * released each request minus when the request was due), which is part of every latency timed
 * from the due time, and the requests that waited for a free connection.
 *
 * @param arrival           the arrival process: {@code uniform} or {@code poisson}
 * @param p50Micros         the pacing error's median
 * @param p99Micros         its 99th percentile
 * @param maxMicros         the largest
 * @param blocked           requests that found every connection busy when they fell due
 * @param waitedP99Micros   the 99th percentile of how long those waited for a connection
 * @param unsent            requests still waiting for a connection when the window ended
 * @param timerSlackNanos   *2*: the timer slack the pacing loops ran with, when they lowered it;
 *                          null when they kept the kernel's default, or in older files
 * @param timerSlackNotLowered *2*: why they kept the kernel's default; null when they lowered it,
 *                          or when it is not known (older files, a load from an older agent)
 */
public record Pacing(String arrival, double p50Micros, double p99Micros, double maxMicros, long blocked,
                     double waitedP99Micros, long unsent, Long timerSlackNanos, String timerSlackNotLowered) {

    private static final double NANOS_PER_MICRO = 1_000.0;

    /** The case's pacing, or null for a closed-model load. */
    public static Pacing of(PacingSummary p) {
        if (p == null) {
            return null;
        }
        return new Pacing(p.arrival().id(), p.lateness().getValueAtPercentile(50) / NANOS_PER_MICRO,
                p.lateness().getValueAtPercentile(99) / NANOS_PER_MICRO, p.lateness().getMaxValue() / NANOS_PER_MICRO,
                p.blocked(), p.waited().getValueAtPercentile(99) / NANOS_PER_MICRO, p.unsent(),
                p.timerSlack() != null && p.timerSlack().wasLowered() ? p.timerSlack().nanos() : null,
                p.timerSlack() == null ? null : p.timerSlack().notLoweredBecause());
    }
}
