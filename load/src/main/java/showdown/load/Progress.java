package showdown.load;

/**
 * What a running load looks like once a second.
 *
 * @param elapsedNanos         time since the measured window began (negative while warming up)
 * @param warmingUp            true while the unrecorded warm-up runs
 * @param requests             responses completed in the measured window so far
 * @param requestsPerSecond    the rate over the last interval
 * @param errors               errors of every kind so far
 */
public record Progress(long elapsedNanos, boolean warmingUp, long requests, double requestsPerSecond, long errors) {
}
