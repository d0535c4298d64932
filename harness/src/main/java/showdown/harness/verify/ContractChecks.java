package showdown.harness.verify;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Runs the contract's checks, scenario by scenario, against one server. */
public final class ContractChecks {

    private static final Map<String, List<Check>> BY_SCENARIO = Map.of(
            Scenarios.SPOCK_SCOTTY, RoutingChecks.all(),
            Scenarios.MIST, EchoChecks.all(),
            Scenarios.PHOENIX_SHOWDOWN, PageChecks.all(),
            Scenarios.TECHEMPOWER, TechEmpowerChecks.all(),
            Scenarios.HTTP, HttpChecks.all());

    private ContractChecks() {
    }

    /**
     * Checks the server at {@code host:port}.
     *
     * @param readyPath the target's ready path (always 200; the protocol checks use it)
     * @param declared  the scenarios the target declares; a selected one it does not declare is one SKIP row
     * @param selected  the scenarios to check ({@link Scenarios#ALL} for everything)
     * @param seed      seeds the random bodies and captures, so a failure can be reproduced
     */
    public static List<CheckResult> run(String host, int port, String readyPath, Set<String> declared,
            Set<String> selected, long seed) {
        CheckContext ctx = new CheckContext(host, port, readyPath, declared, seed);
        List<CheckResult> results = new ArrayList<>();
        for (String scenario : Scenarios.ALL) {
            if (!selected.contains(scenario)) {
                continue;
            }
            if (!scenario.equals(Scenarios.HTTP) && !declared.contains(scenario)) {
                results.add(CheckResult.skip(scenario, "(all checks)", "not declared in target.yaml"));
                continue;
            }
            for (Check check : BY_SCENARIO.get(scenario)) {
                results.add(check.run(ctx));
            }
        }
        if (selected.contains(Scenarios.HTTP)) {
            results.addAll(HttpChecks.headerChecks(ctx.exchanges()));
        }
        return results;
    }

    /** The names of every check, by scenario, in run order (for the docs and --help). */
    public static List<String> names(String scenario) {
        List<String> names = new ArrayList<>(BY_SCENARIO.get(scenario).stream().map(Check::name).toList());
        if (scenario.equals(Scenarios.HTTP)) {
            names.addAll(HttpChecks.headerChecks(List.of()).stream().map(CheckResult::check).toList());
        }
        return names;
    }
}
