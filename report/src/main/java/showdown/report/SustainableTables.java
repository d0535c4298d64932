package showdown.report;

import static showdown.report.Table.Cell;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import showdown.harness.results.SustainableThroughput;
import showdown.load.capacity.Limit;

/**
 * The "Sustainable throughput" section of a capacity run: per scenario, each searched request's
 * targets ranked by the highest rate their latency quantile stayed under its target at, with the
 * rates the knee lies between and what kept the rate from going higher.
 */
final class SustainableTables {

    static final String ID = "sustainable";

    private SustainableTables() {
    }

    /** The section; empty when the run searched nothing. */
    static Optional<Section> section(Summaries summaries) {
        List<Table> tables = new ArrayList<>();
        for (String scenario : summaries.scenarios()) {
            List<Summary> searched = summaries.all().stream()
                    .filter(s -> s.key().scenario().equals(scenario) && s.search() != null).toList();
            if (!searched.isEmpty()) {
                tables.add(table(summaries, scenario, searched));
            }
        }
        if (tables.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(new Section(ID, "Sustainable throughput", "The highest open-model rate at which each target's"
                + " latency quantile stayed under the target (docs/capacity.md), ranked per request, highest first;"
                + " the median of the repetitions. The knee lies between the highest rate that held and the lowest"
                + " that failed outright. 'Limited by' says what ended the climb: the server's latency, errors or"
                + " rate, or the load generator or the connections, whose answer is not the server's.", null, tables));
    }

    private static Table table(Summaries summaries, String scenario, List<Summary> searched) {
        SustainableThroughput any = searched.get(0).search();
        Table t = new Table(Scenarios.heading(scenario) + ": " + any.quantile() + " under "
                + java.math.BigDecimal.valueOf(any.limitMicros() / 1_000.0).stripTrailingZeros().toPlainString() + " ms",
                List.of("Request", "Rank", "Framework", "Connections", "Sustainable (req/s)", "Knee between (req/s)",
                        "Limited by", "Steps"));
        for (String request : summaries.requests(scenario)) {
            List<Summary> rows = searched.stream().filter(s -> s.key().request().equals(request))
                    .sorted(Comparator.comparingDouble((Summary s) -> -s.sustainable().median())).toList();
            int rank = 0;
            for (Summary s : rows) {
                Spread f = s.sustainable();
                SustainableThroughput search = s.search();
                t.row(List.of(Cell.text(request), Cell.number(String.valueOf(++rank), rank),
                        Cell.text(summaries.label(s.key().target())),
                        Cell.number(String.valueOf(s.key().connections()), s.key().connections()),
                        Cell.number(Format.spread(f.withCi(null), Format::whole), f.median()), // the bracket has its own column
                        Cell.text(Format.whole(f.ci().low()) + "–" + Format.whole(f.ci().high())),
                        Cell.text(limit(search)), Cell.number(String.valueOf(search.steps().size()), search.steps().size())));
            }
        }
        return t;
    }

    /** What ended the climb, in words; a generator's or connections' limit says the rate is not the server's. */
    static String limit(SustainableThroughput s) {
        String words = java.util.Arrays.stream(Limit.values())
                .filter(l -> l.name().equalsIgnoreCase(s.limit())).map(Limit::label).findFirst().orElse(s.limit());
        return s.generatorBound() ? words + " (not the server's limit)" : words;
    }
}
