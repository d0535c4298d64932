package showdown.harness.results;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The settings a run was started with. The typed fields cover what every profile has; {@code extra}
 * keeps anything a profile adds (as text) so that it is recorded without a schema change.
 *
 * @param profile         the profile name: quick, seeds, full, or a user's own
 * @param durationSeconds the measured window of one case, in seconds
 * @param warmupSeconds   the JIT warm-up before each target's first case, in seconds (0: none)
 * @param repeat          how many times each case was measured (repetitions)
 * @param connections     the connection counts of the sweep, in order
 * @param threads         load generator threads (event loops); 0 when each case chose its own
 * @param timeoutSeconds  the per-request timeout, in seconds
 * @param interleaved     true when repetitions were interleaved across targets rather than back to back
 * @param targets         the targets asked for, by name (empty: all)
 * @param scenarios       the scenarios asked for, by name (empty: all)
 * @param extra           anything else the profile set, by name
 */
public record RunConfig(
        String profile,
        double durationSeconds,
        double warmupSeconds,
        int repeat,
        List<Integer> connections,
        int threads,
        double timeoutSeconds,
        boolean interleaved,
        List<String> targets,
        List<String> scenarios,
        Map<String, String> extra) {

    public RunConfig {
        connections = connections == null ? List.of() : List.copyOf(connections);
        targets = targets == null ? List.of() : List.copyOf(targets);
        scenarios = scenarios == null ? List.of() : List.copyOf(scenarios);
        extra = extra == null ? Map.of() : java.util.Collections.unmodifiableMap(new TreeMap<>(extra));
    }
}
