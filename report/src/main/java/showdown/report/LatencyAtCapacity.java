package showdown.report;

import static showdown.report.Table.Cell;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;
import java.util.function.Function;
import showdown.harness.results.CaseResult;

/**
 * The latency profile's table: for each target, request and protocol, its capacity (the closed-model
 * case's req/s) and then p50, p99 and p99.9 of the open-model cases run at shares of that capacity
 * (docs/run.md, "The latency profile"). Comparing targets at the same share of their own capacity is
 * the fair way to compare latency; at saturation it mostly measures the queue. Shown only when a run
 * has such cases.
 */
final class LatencyAtCapacity {

    static final String ID = "latency-at-capacity";
    static final String HEADING = "Latency at fractions of capacity";
    private static final String[] PERCENTILES = {"p50", "p99", "p99.9"};

    private final Summaries summaries;

    LatencyAtCapacity(Summaries summaries) {
        this.summaries = summaries;
    }

    /** Empty when no case ran at a share of a measured capacity. */
    Optional<Section> section() {
        List<Double> shares = shares();
        if (shares.isEmpty()) {
            return Optional.empty();
        }
        List<Table> tables = new ArrayList<>();
        for (String scenario : summaries.scenarios()) {
            Table t = table(scenario, shares);
            if (!t.rows().isEmpty()) {
                tables.add(t);
            }
        }
        return Optional.of(new Section(ID, HEADING,
                "For each target, request and protocol: its capacity (the closed model's req/s), then the open model"
                        + " at fixed shares of it, with latency counted from each request's intended send time"
                        + " (coordinated omission corrected). Milliseconds; lower is better. Targets compare fairly"
                        + " at the same share of their own capacity. A dash: that case did not run (a pipelined"
                        + " request gets only its capacity case).",
                null, tables));
    }

    /** The shares of capacity in the run, ascending (25, 50, 75 for the latency profile). */
    private List<Double> shares() {
        TreeSet<Double> shares = new TreeSet<>();
        for (Summary s : summaries.all()) {
            Double share = s.representative().rateOfCapacityPercent();
            if (share != null && share > 0) {
                shares.add(share);
            }
        }
        return List.copyOf(shares);
    }

    /** One group: a target's request over a protocol at a number of connections. */
    private record Group(String target, String request, String protocol, int connections) {
        static Group of(Summary s) {
            CaseResult c = s.representative();
            return new Group(c.target(), c.request(), c.protocol(), c.connections());
        }
    }

    /** The cases of one group: its capacity (closed model) and each share. */
    private static final class Cases {
        Summary capacity;
        final Map<Double, Summary> byShare = new LinkedHashMap<>();
    }

    private Table table(String scenario, List<Double> shares) {
        Map<Group, Cases> groups = new LinkedHashMap<>();
        for (String request : summaries.requests(scenario)) {
            for (int c : summaries.connections(scenario, request)) {
                for (String target : summaries.targets(scenario)) {
                    summaries.get(target, scenario, request, c).ifPresent(s -> {
                        CaseResult r = s.representative();
                        Cases cases = groups.computeIfAbsent(Group.of(s), g -> new Cases());
                        if (r.rateOfCapacityPercent() != null && r.rateOfCapacityPercent() > 0) {
                            cases.byShare.put(r.rateOfCapacityPercent(), s);
                        } else if (r.rate() == null) {
                            cases.capacity = s;
                        }
                    });
                }
            }
        }
        List<String> headers = new ArrayList<>(List.of("Framework", "Request", "Protocol", "Connections", "Capacity (req/s)"));
        for (double share : shares) {
            for (String p : PERCENTILES) {
                headers.add(p + " at " + Format.whole(share) + " % (ms)");
            }
        }
        Table t = new Table(Scenarios.heading(scenario), headers);
        if (groups.values().stream().allMatch(c -> c.byShare.isEmpty())) {
            return t; // no case of this scenario ran at a share of capacity
        }
        groups.forEach((g, cases) -> {
            List<Cell> row = new ArrayList<>(List.of(Cell.text(summaries.label(g.target())), Cell.text(g.request()),
                    Cell.text(g.protocol()), Cell.number(String.valueOf(g.connections()), g.connections()),
                    cases.capacity == null ? Cell.text(Format.MISSING)
                            : Table.spread(cases.capacity.requestsPerSecond(), Format::whole)));
            for (double share : shares) {
                Summary s = cases.byShare.get(share);
                for (Function<Summary, Spread> figure : List.<Function<Summary, Spread>>of(
                        Summary::latencyP50Millis, Summary::latencyP99Millis, Summary::latencyP999Millis)) {
                    row.add(s == null ? Cell.text(Format.MISSING) : Table.spread(figure.apply(s), Format::twoDecimals));
                }
            }
            t.row(row);
        });
        return t;
    }
}
