package showdown.load.capacity;

/**
 * What one step of a search measured: one open-model window at one rate. Latencies in nanoseconds,
 * timed from each request's due time unless said otherwise.
 *
 * @param askedRate          the rate the step asked for, requests per second
 * @param connections        the connections it ran with
 * @param achievedRate       answers per second over the window
 * @param requests           answers in the window
 * @param failed             requests that failed: errors of every kind and non-2xx/3xx answers
 * @param p50Nanos           the window's median latency
 * @param quantileNanos      the window's quantile of the target (e.g. its p99)
 * @param quantileInterval   that quantile's interval over the window's slices; null without answers
 * @param sentQuantileNanos  the same quantile timed from each request's send: the server's own part,
 *                           without any wait for a connection
 * @param latenessP99Nanos   the p99 of the generator's pacing error (release minus due time)
 * @param generatorSaturated a load loop, or the whole generator, was on a CPU nearly all the window
 * @param waitedForConnection requests found every connection busy (or were never sent)
 * @param windowSeconds      the measured window
 * @param disturbance        why other processes' use of the CPUs around the load marks the window
 *                           disturbed ({@link InterferenceCheck}); null when it does not, or unchecked
 */
public record StepMeasurement(
        double askedRate,
        int connections,
        double achievedRate,
        long requests,
        long failed,
        long p50Nanos,
        long quantileNanos,
        QuantileInterval quantileInterval,
        long sentQuantileNanos,
        long latenessP99Nanos,
        boolean generatorSaturated,
        boolean waitedForConnection,
        double windowSeconds,
        String disturbance) {

    /** A window no {@link InterferenceCheck} marked. */
    public StepMeasurement(double askedRate, int connections, double achievedRate, long requests, long failed,
                           long p50Nanos, long quantileNanos, QuantileInterval quantileInterval, long sentQuantileNanos,
                           long latenessP99Nanos, boolean generatorSaturated, boolean waitedForConnection,
                           double windowSeconds) {
        this(askedRate, connections, achievedRate, requests, failed, p50Nanos, quantileNanos, quantileInterval,
                sentQuantileNanos, latenessP99Nanos, generatorSaturated, waitedForConnection, windowSeconds, null);
    }

    /** This window as {@code why} marks it; null for undisturbed. */
    public StepMeasurement withDisturbance(String why) {
        return new StepMeasurement(askedRate, connections, achievedRate, requests, failed, p50Nanos, quantileNanos,
                quantileInterval, sentQuantileNanos, latenessP99Nanos, generatorSaturated, waitedForConnection,
                windowSeconds, why);
    }

    /** Whether other processes disturbed the window. */
    public boolean disturbed() {
        return disturbance != null;
    }

    /** The achieved rate's share of the asked one. */
    public double achievedShare() {
        return askedRate <= 0 ? 0 : achievedRate / askedRate;
    }
}
