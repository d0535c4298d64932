package showdown.report;

import static showdown.report.Table.Cell;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import showdown.harness.results.CaseNote;
import showdown.harness.results.Interval;

/**
 * The answer a report opens with: per scenario, the targets ranked by the run's main figure, with
 * its interval and the notes that change how to read it. The main case is the scenario's first
 * request (in the order measured) at its highest connection level, the level the spectra and CPU
 * charts use too; the main figure is its sustainable throughput when it is a search case (a
 * capacity run), else its req/s.
 */
final class Headline {

    static final String ID = "headline";
    static final String HEADING = "Headline";
    static final String FIGURE = "req/s";
    static final String SUSTAINABLE = "sustainable req/s";

    /** One target's place in a ranking; {@code figure} is {@link Spread#NONE} when it has no case there. */
    record Entry(String target, String label, Spread figure, String missing, List<CaseNote> notes) {
        Entry {
            notes = List.copyOf(notes);
        }
    }

    /** One scenario's targets, best first; targets without a figure last, in run order. */
    record Ranking(String scenario, String request, int connections, String figure, List<Entry> entries) {
        Ranking {
            entries = List.copyOf(entries);
        }

        String title() {
            return scenario + ": " + request + ", " + Format.connections(connections) + ", " + figure;
        }
    }

    private final Summaries summaries;

    Headline(Summaries summaries) {
        this.summaries = summaries;
    }

    /** One ranking per scenario, in report order. */
    List<Ranking> rankings() {
        List<Ranking> rankings = new ArrayList<>();
        for (String scenario : summaries.scenarios()) {
            String request = summaries.requests(scenario).get(0);
            List<Integer> levels = summaries.connections(scenario, request);
            int connections = levels.get(levels.size() - 1);
            boolean searched = summaries.targets(scenario).stream().anyMatch(t -> summaries.get(t, scenario, request,
                    connections).map(s -> s.sustainable().measured()).orElse(false));
            Function<Summary, Spread> figure = searched ? Summary::sustainable : Summary::requestsPerSecond;
            List<Entry> entries = new ArrayList<>();
            for (String target : summaries.targets(scenario)) {
                Optional<Summary> s = summaries.get(target, scenario, request, connections);
                entries.add(new Entry(target, summaries.label(target), s.map(figure).orElse(Spread.NONE),
                        summaries.missing(target, scenario, request, connections),
                        s.map(Summary::notes).orElse(List.of())));
            }
            // Stable: equal figures keep run order; unmeasured ones sort after every measured one.
            entries.sort(Comparator.comparing((Entry e) -> !e.figure().measured())
                    .thenComparing(e -> e.figure().measured() ? -e.figure().median() : 0));
            rankings.add(new Ranking(scenario, request, connections, searched ? SUSTAINABLE : FIGURE, entries));
        }
        return rankings;
    }

    /** The section both reports open with: one ranked table per scenario. */
    Section section() {
        List<Table> tables = rankings().stream().map(Headline::table).toList();
        return new Section(ID, HEADING, "Per scenario, the targets ranked by its main case (its first request at its"
                + " highest connection level): by its sustainable throughput when the case was a search, with the"
                + " rates its knee lies between; else by its req/s, with the 95 % confidence interval. Medians of"
                + " the repetitions, with the notes that change how to read a figure. Higher is better; two targets"
                + " whose intervals overlap are not told apart. The sections below give every case.", null, tables);
    }

    static Table table(Ranking r) {
        Table t = new Table(r.title(), List.of("Rank", "Framework", r.figure(),
                r.figure().equals(FIGURE) ? "95 % interval" : "Knee between", "Notes"));
        int rank = 0;
        for (Entry e : r.entries()) {
            Spread f = e.figure();
            t.row(List.of(
                    f.measured() ? Cell.number(String.valueOf(++rank), rank) : Cell.text(Format.MISSING),
                    Cell.text(e.label()),
                    f.measured() ? Cell.number(Format.whole(f.median()), f.median()) : Cell.text(e.missing()),
                    Cell.text(interval(f.ci())),
                    Cell.text(String.join("; ", e.notes().stream().map(CaseNote::message).toList()))));
        }
        return t;
    }

    private static String interval(Interval ci) {
        return ci == null || Double.isNaN(ci.low()) ? Format.MISSING : Format.whole(ci.low()) + "–" + Format.whole(ci.high());
    }
}
