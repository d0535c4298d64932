package showdown.harness.plan;

import java.time.Duration;
import showdown.harness.targets.Protocol;

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
 * @param level      connections, threads and the rate (closed model unless the profile gives one)
 * @param repetition 1-based round of {@code --repeat}
 * @param duration   the measured window
 * @param timeout    the per-request timeout
 * @param protocol   how the load engine speaks to the target
 * @param capacity   for a rate at a share of capacity: the closed-model level of the same request and
 *                   protocol, measured before it in the same round, whose req/s is the capacity; else null
 */
public record PlannedCase(int index, String target, String scenario, RequestTemplate request, String label, String path,
                          LoadLevel level, int repetition, Duration duration, Duration timeout, Protocol protocol,
                          LoadLevel capacity) {

    public PlannedCase {
        protocol = protocol == null ? Protocol.H1 : protocol;
    }

    /** A closed-model case over HTTP/1.1. */
    public PlannedCase(int index, String target, String scenario, RequestTemplate request, String label, String path,
                       LoadLevel level, int repetition, Duration duration, Duration timeout) {
        this(index, target, scenario, request, label, path, level, repetition, duration, timeout, Protocol.H1, null);
    }

    public Rate rate() {
        return level.rate();
    }

    public int pipeline() {
        return request.pipeline();
    }

    /** A key naming the case uniquely in a run, as {@code --resume} matches it. */
    public String key() {
        return target + " | " + scenario + " | " + label + " | c" + level.connections()
                + " t" + level.threads() + " p" + pipeline()
                + (protocol == Protocol.H1 && rate().closed() ? "" : " | " + protocol + (rate().closed() ? "" : " " + rate().id()))
                + " | r" + repetition;
    }

    /** How progress lines name it. */
    public String describe() {
        return target + " " + scenario + " " + label + (protocol == Protocol.H1 ? "" : " over " + protocol) + " " + level
                + (pipeline() > 1 ? " pipeline " + pipeline() : "") + (repetition > 1 ? " (round " + repetition + ")" : "");
    }
}
