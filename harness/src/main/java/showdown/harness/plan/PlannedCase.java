package showdown.harness.plan;

import java.time.Duration;

/**
 * One measured run in the plan: one request of one scenario against one target at one load level,
 * in one repetition.
 *
 * @param index      1-based position in the whole plan (the "k" of "case k/N")
 * @param target     the target's name
 * @param scenario   the scenario's name
 * @param request    the request template (label, method, headers, body size)
 * @param label      the request label the results use: the template's, plus {@code " -tN"} when the
 *                   profile runs the same request at the same connections with different thread
 *                   counts (the seed S3's {@code -t20 -c100} and {@code -t4 -c100}), since a result
 *                   is identified by target, scenario, label, connections and repetition
 * @param path       the concrete path sent, placeholders filled
 * @param level      connections and threads
 * @param repetition 1-based round of {@code --repeat}
 * @param duration   the measured window
 * @param timeout    the per-request timeout
 */
public record PlannedCase(int index, String target, String scenario, RequestTemplate request, String label, String path,
                          LoadLevel level, int repetition, Duration duration, Duration timeout) {

    public int pipeline() {
        return request.pipeline();
    }

    /** A key naming the case uniquely in a run, as {@code --resume} matches it. */
    public String key() {
        return target + " | " + scenario + " | " + label + " | c" + level.connections()
                + " t" + level.threads() + " p" + pipeline() + " | r" + repetition;
    }

    /** How progress lines name it. */
    public String describe() {
        return target + " " + scenario + " " + label + " " + level
                + (pipeline() > 1 ? " pipeline " + pipeline() : "") + (repetition > 1 ? " (round " + repetition + ")" : "");
    }
}
