package showdown.harness.results;

import java.util.List;

/**
 * How one start of a target was warmed up: slice by slice until every request's throughput had
 * settled, or until the time limit (docs/run.md, "Steady state").
 *
 * @param target     the target's name
 * @param repetition which round, from 0 (each round starts the target afresh)
 * @param seconds    how long the warm-up load ran, in seconds
 * @param steady     true when every request settled before the limit
 * @param slices     every warm-up slice in the order run: the per-slice req/s trace
 */
public record WarmupOutcome(String target, int repetition, double seconds, boolean steady, List<Slice> slices) {

    public WarmupOutcome {
        slices = slices == null ? List.of() : List.copyOf(slices);
    }

    /**
     * One slice of warm-up load.
     *
     * @param request           what was sent: a request label, or "GET mix" for the round's GETs together
     * @param startSeconds      when it began, in seconds from the start of the warm-up
     * @param durationSeconds   how long it ran, in seconds
     * @param requestsPerSecond what it measured
     */
    public record Slice(String request, double startSeconds, double durationSeconds, double requestsPerSecond) {
    }
}
