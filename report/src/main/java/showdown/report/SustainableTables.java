package showdown.report;

import static showdown.report.Table.Cell;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import showdown.harness.results.Interval;
import showdown.harness.results.SustainableThroughput;
import showdown.harness.stats.Bootstrap;
import showdown.harness.stats.PooledVariance;
import showdown.harness.stats.SustainableRounds;
import showdown.load.capacity.Limit;

/**
 * The "Sustainable throughput" section of a capacity run: per scenario and latency target, each
 * searched request's targets ranked by the highest rate their latency quantile stayed under its target at, with the
 * rates the knee lies between and what kept the rate from going higher.
 */
final class SustainableTables {

    static final String ID = "sustainable";

    private SustainableTables() {
    }

    /** The section; empty when the run searched nothing. */
    static Optional<Section> section(Summaries summaries) {
        Map<String, PooledVariance> pooled = SustainableRounds.pooledByTarget(
                summaries.all().stream().map(Summary::repetitions).toList());
        List<Table> tables = new ArrayList<>();
        for (String scenario : summaries.scenarios()) {
            List<Summary> searched = summaries.all().stream()
                    .filter(s -> s.key().scenario().equals(scenario) && s.search() != null).toList();
            List<String> slos = searched.stream().flatMap(s -> s.slos().stream()).distinct().toList();
            for (String slo : slos) {
                tables.add(table(summaries, scenario, slo, searched.stream().filter(s -> s.search(slo) != null).toList(),
                        pooled));
            }
        }
        if (tables.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(new Section(ID, "Sustainable throughput", "The highest open-model rate at which each target's"
                + " latency quantile stayed under the target (docs/capacity.md), ranked per request, highest first;"
                + " the median of the repetitions; a table per latency target. The knee lies between the highest rate"
                + " that held and the lowest that failed outright. With two or more rounds, the 95 % interval over"
                + " the rounds is taken as req/s's is (docs/reports.md). 'Limited by' says what ended the climb: the"
                + " server's latency, errors or rate, or the load generator or the connections, whose answer is not"
                + " the server's.", null, tables));
    }

    private static Table table(Summaries summaries, String scenario, String slo, List<Summary> searched,
                               Map<String, PooledVariance> pooled) {
        SustainableThroughput any = searched.get(0).search(slo);
        Table t = new Table(Scenarios.heading(scenario) + ": " + any.quantile() + " under "
                + java.math.BigDecimal.valueOf(any.limitMicros() / 1_000.0).stripTrailingZeros().toPlainString() + " ms",
                List.of("Request", "Rank", "Framework", "Connections", "Sustainable (req/s)", "Over rounds (req/s)",
                        "Knee between (req/s)", "Limited by", "Steps"));
        for (String request : summaries.requests(scenario)) {
            List<Summary> rows = searched.stream().filter(s -> s.key().request().equals(request))
                    .sorted(Comparator.comparingDouble((Summary s) -> -s.sustainable(slo).median())).toList();
            int rank = 0;
            for (Summary s : rows) {
                Spread f = s.sustainable(slo);
                SustainableThroughput search = s.search(slo);
                Interval overRounds = SustainableRounds.interval(s.repetitions(), slo,
                        pooled.getOrDefault(s.key().target(), PooledVariance.NONE), Bootstrap.DEFAULT_CONFIDENCE);
                t.row(List.of(Cell.text(request), Cell.number(String.valueOf(++rank), rank),
                        Cell.text(summaries.label(s.key().target())),
                        Cell.number(String.valueOf(s.key().connections()), s.key().connections()),
                        Cell.number(Format.spread(f.withCi(null), Format::whole), f.median()), // the bracket has its own column
                        overRounds == null ? Cell.text(Format.MISSING)
                                : Cell.text(Format.whole(overRounds.low()) + "–" + Format.whole(overRounds.high())),
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
