package showdown.harness.verify;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import showdown.harness.targets.Protocol;
import showdown.harness.targets.TargetException;

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
     * contract over HTTP/1.1 and HTTP/1.1 over TLS (trusting only {@code cert}), and over HTTP/2 with
     * prior knowledge on {@code port} (h2c) and with ALPN {@code h2} on {@code tlsPort} (h2-tls), and
     * over HTTP/3 (QUIC, ALPN {@code h3}) on the UDP port {@code tlsPort} (h3), each protocol's rows
     * named like {@code "mist over h2c"}. Over HTTP/2 and HTTP/3 a check of HTTP/1.1 alone is a SKIP
     * row saying why, and HTTP/2's own rules are added. A protocol in {@code protocols} the
     * target does not offer is one SKIP row "not offered".
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
            } else if (p.tls() && (tlsPort == 0 || cert == null)) {
                results.add(CheckResult.fail(where, "(all checks)", "declared, but the target was started without TLS", ""));
            } else if (p == Protocol.H1_TLS) {
                CheckContext ctx = new CheckContext(host, tlsPort, readyPath, declared, seed, TlsTrust.trusting(cert));
                results.addAll(over(p, run(ctx, declared, selected)));
            } else if (p == Protocol.H3) {
                try (Http3Client client = Http3Client.trusting(cert)) {
                    CheckContext ctx = new CheckContext(host, tlsPort, readyPath, declared, seed, client);
                    results.addAll(over(p, run(ctx, declared, selected)));
                } catch (TargetException e) { // no native QUIC library here
                    results.add(CheckResult.fail(where, "(all checks)", e.getMessage(), ""));
                }
            } else {
                try (StreamClient client = p.tls() ? Http2Client.tls(cert) : Http2Client.cleartext()) {
                    CheckContext ctx = new CheckContext(host, p.tls() ? tlsPort : port, readyPath, declared, seed, client);
                    results.addAll(over(p, run(ctx, declared, selected)));
                }
            }
        }
        return results;
    }

    /** The rows of one protocol, their scenario named {@code "mist over h2c"}. */
    private static List<CheckResult> over(Protocol p, List<CheckResult> rows) {
        return rows.stream()
                .map(r -> new CheckResult(r.scenario() + " over " + p, r.check(), r.outcome(), r.detail(), r.trace()))
                .toList();
    }

    private static List<CheckResult> run(CheckContext ctx, Set<String> declared, Set<String> selected) {
        List<Row> rows = new ArrayList<>();
        for (String scenario : Scenarios.ALL) {
            if (!selected.contains(scenario)) {
                continue;
            }
            if (!scenario.equals(Scenarios.HTTP) && !declared.contains(scenario)) {
                rows.add(Row.done(CheckResult.skip(scenario, "(all checks)", "not declared in target.yaml")));
                continue;
            }
            for (Check check : BY_SCENARIO.get(scenario)) {
                if (check.listedOver(ctx.streams())) {
                    rows.add(Row.toRun(check));
                }
            }
        }
        List<CheckResult> results = runAll(ctx, rows);
        if (selected.contains(Scenarios.HTTP)) {
            results.addAll(HttpChecks.headerChecks(ctx.exchanges(), ctx.streams()));
        }
        return results;
    }

    /**
     * The rows' results in their order: the checks that run beside the others start first, each on a
     * thread of its own, then the rest run in turn, and the results of the first are awaited last.
     */
    static List<CheckResult> runAll(CheckContext ctx, List<Row> rows) {
        Map<Row, Future<CheckResult>> beside = new IdentityHashMap<>();
        List<CheckResult> results = new ArrayList<>();
        try (ExecutorService threads = Executors.newVirtualThreadPerTaskExecutor()) {
            for (Row row : rows) {
                if (row.check() != null && row.check().pace() == Check.Pace.BESIDE) {
                    beside.put(row, threads.submit(() -> row.check().run(ctx)));
                }
            }
            List<CheckResult> inTurn = new ArrayList<>();
            for (Row row : rows) {
                if (!beside.containsKey(row)) {
                    inTurn.add(row.check() == null ? row.done() : row.check().run(ctx));
                }
            }
            int next = 0;
            for (Row row : rows) {
                results.add(beside.containsKey(row) ? awaited(beside.get(row)) : inTurn.get(next++));
            }
        }
        return results;
    }

    private static CheckResult awaited(Future<CheckResult> result) {
        try {
            return result.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while a check was running", e);
        } catch (ExecutionException e) {
            // A check reports a server's fault as a FAIL row; anything thrown is our own defect.
            throw e.getCause() instanceof RuntimeException r ? r : new IllegalStateException(e.getCause());
        }
    }

    /** One row of the table: a check to run, or a result known without running one (a SKIP). */
    record Row(Check check, CheckResult done) {
        static Row toRun(Check check) {
            return new Row(check, null);
        }

        static Row done(CheckResult result) {
            return new Row(null, result);
        }
    }

    /** The names of every check over HTTP/1.1, by scenario, in run order (for the docs and --help). */
    public static List<String> names(String scenario) {
        return names(scenario, false);
    }

    /**
     * The rows of a scenario over HTTP/1.1 or, {@code streams}, over HTTP/2 and HTTP/3, in run order:
     * over those the checks of HTTP/1.1 alone are still listed (as not applicable), and HTTP/2's own
     * are added.
     */
    public static List<String> names(String scenario, boolean streams) {
        List<String> names = new ArrayList<>(BY_SCENARIO.get(scenario).stream()
                .filter(c -> c.listedOver(streams)).map(Check::name).toList());
        if (scenario.equals(Scenarios.HTTP)) {
            names.addAll(HttpChecks.headerChecks(List.of(), streams).stream().map(CheckResult::check).toList());
        }
        return names;
    }
}
