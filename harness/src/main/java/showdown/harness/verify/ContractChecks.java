package showdown.harness.verify;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.nio.file.Path;
import showdown.harness.target.Protocol;

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
        return run(new CheckContext(host, port, readyPath, declared, seed), declared, selected);
    }

    /**
     * The checks over each protocol of {@code protocols} (h1 included when listed): the whole
     * contract over HTTP/1.1 and HTTP/1.1 over TLS (trusting only {@code cert}), their rows' scenario
     * named {@code "mist over h1-tls"}. Over HTTP/2 (h2c, h2-tls) the verifier has no client yet:
     * one SKIP row says so, so a target that declares it is not passed on an unchecked claim. A
     * protocol in {@code protocols} the target does not offer is one SKIP row "not offered".
     *
     * @param tlsPort 0 when the target serves no TLS
     * @param cert    the run's certificate file; null when the target serves no TLS
     */
    public static List<CheckResult> runOver(String host, int port, int tlsPort, Path cert, String readyPath,
            Set<String> declared, Set<String> selected, long seed, Set<Protocol> offered, Set<Protocol> protocols) {
        List<CheckResult> results = new ArrayList<>();
        for (Protocol p : Protocol.values()) {
            if (!protocols.contains(p)) {
                continue;
            }
            String where = p.id();
            if (!offered.contains(p)) {
                results.add(CheckResult.skip(where, "(all checks)", "not offered: target.yaml does not declare " + p));
            } else if (p == Protocol.H1) {
                results.addAll(run(host, port, readyPath, declared, selected, seed));
            } else if (p == Protocol.H1_TLS) {
                if (tlsPort == 0 || cert == null) {
                    results.add(CheckResult.fail(where, "(all checks)", "declared, but the target was started without TLS", ""));
                    continue;
                }
                CheckContext ctx = new CheckContext(host, tlsPort, readyPath, declared, seed, TlsTrust.trusting(cert));
                for (CheckResult r : run(ctx, declared, selected)) {
                    results.add(new CheckResult(r.scenario() + " over " + p, r.check(), r.outcome(), r.detail(), r.trace()));
                }
            } else {
                results.add(CheckResult.skip(where, "(all checks)", "not checked: verify has no HTTP/2 client yet"
                        + " (the load engine's own preflight still refuses a server that does not speak it)"));
            }
        }
        return results;
    }

    private static List<CheckResult> run(CheckContext ctx, Set<String> declared, Set<String> selected) {
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
