package showdown.harness.results;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;

/**
 * How one start of a target was warmed up: slice by slice until it was steady, or until the time
 * limit (docs/run.md, "Steady state").
 *
 * @param target         the target's name
 * @param repetition     which round, from 0 (each round starts the target afresh)
 * @param seconds        how long the warm-up took, in seconds, pauses for the JIT included
 * @param steady         true when the target was steady before the limit
 * @param rule           which rule decided: the JIT's quiet (a JIT-compiled runtime) or the throughput's plateau
 * @param compileSeconds CPU time the target's JIT compilers used during the warm-up; null without a JIT
 * @param catchUpSeconds time the load paused so the JIT could compile what it had queued; 0 without a JIT
 * @param slices         every warm-up slice in the order run: the per-slice req/s trace
 * @param compilerCpus   (1.5) the CPUs the JIT compiler threads ran on during the warm-up, in taskset
 *                       list form ("0-1"): the server's and the generator's; null when they stayed
 *                       on the server's CPUs (not pinned, or no JIT)
 */
public record WarmupOutcome(String target, int repetition, double seconds, boolean steady, Rule rule,
                            Double compileSeconds, double catchUpSeconds, List<Slice> slices, String compilerCpus) {

    /** The two steady-state rules (docs/run.md, "Steady state"). */
    public enum Rule {
        /** A JIT-compiled runtime: its compilers idle through consecutive passes of the load. */
        @JsonProperty("jit") JIT,
        /** Anything else: each request's throughput on a plateau. */
        @JsonProperty("throughput") THROUGHPUT
    }

    public WarmupOutcome {
        rule = rule == null ? Rule.THROUGHPUT : rule;
        slices = slices == null ? List.of() : List.copyOf(slices);
    }

    /** Compiler threads left on the server's CPUs (every file before 1.5). */
    public WarmupOutcome(String target, int repetition, double seconds, boolean steady, Rule rule,
                         Double compileSeconds, double catchUpSeconds, List<Slice> slices) {
        this(target, repetition, seconds, steady, rule, compileSeconds, catchUpSeconds, slices, null);
    }

    /** A throughput-rule warm-up (a runtime without a JIT, or a results file from before 1.3). */
    public WarmupOutcome(String target, int repetition, double seconds, boolean steady, List<Slice> slices) {
        this(target, repetition, seconds, steady, Rule.THROUGHPUT, null, 0, slices);
    }

    /** This warm-up, its compiler threads having run on {@code cpus} (taskset list form). */
    public WarmupOutcome withCompilerCpus(String cpus) {
        return new WarmupOutcome(target, repetition, seconds, steady, rule, compileSeconds, catchUpSeconds, slices, cpus);
    }

    /**
     * One slice of warm-up load.
     *
     * @param request           what was sent: a request label, or "GET mix" for the round's GETs together
     * @param startSeconds      when it began, in seconds from the start of the warm-up
     * @param durationSeconds   how long it ran, in seconds
     * @param requestsPerSecond what it measured
     * @param compileShare      the share of one CPU the JIT compilers used during the slice; null without a JIT
     */
    public record Slice(String request, double startSeconds, double durationSeconds, double requestsPerSecond,
                        Double compileShare) {

        public Slice(String request, double startSeconds, double durationSeconds, double requestsPerSecond) {
            this(request, startSeconds, durationSeconds, requestsPerSecond, null);
        }
    }
}
