package showdown.report;

import static showdown.report.Table.Cell;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import showdown.harness.plan.PublishedSeed;
import showdown.harness.results.Environment;

/**
 * The reports' reproduction sections, one per seed the run has: the verdict in words, then published
 * against measured, the orders and their Kendall's tau, the flipped pairs, the seed's frameworks that
 * were not compared and why, and the seed's own setting. Markdown and HTML render the same sections.
 */
final class ReproductionSections {

    private static final String FRAMEWORK = "Framework";

    private ReproductionSections() {
    }

    /** The section's anchor: {@code reproduction-mist}. */
    static String id(Reproduction r) {
        return "reproduction-" + r.seed().seed().replaceAll("[^a-z0-9]+", "-");
    }

    static Section section(Reproduction r, Environment environment) {
        List<Table> tables = new ArrayList<>();
        if (r.reference() != null) {
            for (String request : r.seed().requests()) {
                Table t = sideBySide(r, request);
                if (!t.isEmpty()) {
                    tables.add(t);
                }
            }
            if (!r.orderings().isEmpty()) {
                tables.add(orders(r));
            }
            if (!r.flips().isEmpty()) {
                tables.add(flips(r));
            }
        }
        if (!r.notCompared().isEmpty()) {
            tables.add(notCompared(r));
        }
        tables.add(setting(r));
        return new Section(id(r), "Reproduction of the " + r.seed().seed() + " seed",
                ReproductionVerdict.of(r, environment), null, tables);
    }

    /** One request: each framework in both at each concurrency, the seed's figures beside the run's. */
    static Table sideBySide(Reproduction r, String request) {
        PublishedSeed seed = r.seed();
        boolean latency = seed.figures(PublishedSeed.LATENCY_AVG).stream().anyMatch(f -> f.request().equals(request));
        String ref = "÷ " + r.reference().name();
        List<String> headers = new ArrayList<>(List.of("Connections", FRAMEWORK, "Target", "Seed req/s",
                "This run req/s", "Seed " + ref, "This run " + ref));
        if (latency) {
            headers.addAll(List.of("Seed latency (ms)", "This run latency (ms)", "Seed σ (ms)", "This run σ (ms)"));
        }
        Table t = new Table("Published against measured: " + request, headers);
        List<PublishedSeed.Framework> order = seed.frameworks();
        List<Reproduction.Row> rows = r.compared().stream().filter(x -> x.request().equals(request))
                .sorted(Comparator.comparingInt(Reproduction.Row::connections)
                        .thenComparingInt(x -> order.indexOf(x.framework()))).toList();
        for (Reproduction.Row row : rows) {
            List<Cell> cells = new ArrayList<>();
            cells.add(Cell.number(row.connections() + (row.levelDiffers() ? " (measured at " + row.measuredConnections()
                    + ")" : ""), row.connections()));
            cells.add(Cell.text(row.framework().name()));
            cells.add(Cell.text(row.framework().target()));
            cells.add(Cell.number(Format.twoDecimals(row.published()), row.published()));
            cells.add(Table.spread(row.measured().requestsPerSecond(), Format::whole));
            cells.add(ratio(row.publishedNormalised()));
            cells.add(ratio(row.measuredNormalised()));
            if (latency) {
                cells.add(publishedMillis(seed, row, PublishedSeed.LATENCY_AVG));
                cells.add(Table.spread(row.measured().latencyAvgMillis(), Format::twoDecimals));
                cells.add(publishedMillis(seed, row, PublishedSeed.LATENCY_STDEV));
                cells.add(Table.spread(row.measured().latencyStdevMillis(), Format::twoDecimals));
            }
            t.row(cells);
        }
        return t;
    }

    /** Every ordering with its tau and flips, and all of them pooled. */
    static Table orders(Reproduction r) {
        Table t = new Table("Order: Kendall's tau between the seed's ranking and this run's (1: the same, -1: reversed)",
                List.of("Comparison", "Seed's order", "This run's order", "Kendall's tau", "Flipped pairs"));
        for (Reproduction.Ordering o : r.orderings()) {
            t.row(List.of(Cell.text(o.comparison()), Cell.text(Reproduction.Item.ranking(o.publishedOrder())), Cell.text(Reproduction.Item.ranking(o.measuredOrder())),
                    tau(o.tau()), Cell.number(o.flips().size() + " of " + o.tau().pairs(), o.flips().size())));
        }
        if (r.orderings().size() > 1) {
            KendallTau all = r.tau();
            t.row(List.of(Cell.text("all pairs above"), Cell.text(""), Cell.text(""), tau(all),
                    Cell.number(all.discordant() + " of " + all.pairs(), all.discordant())));
        }
        return t;
    }

    /** Each pair whose order flipped, with both ratios and whether the run's intervals separate the pair. */
    static Table flips(Reproduction r) {
        Table t = new Table("Flipped pairs: ahead in the seed, behind here", List.of("Comparison", "Ahead in the seed",
                "Behind in the seed", "Seed's ratio", "This run's ratio", "This run's 95 % intervals"));
        for (Reproduction.Flip f : r.flips()) {
            double seedRatio = f.publishedAhead().published() / f.publishedBehind().published();
            double runRatio = f.publishedAhead().measured().median() / f.publishedBehind().measured().median();
            t.row(List.of(Cell.text(f.comparison()), Cell.text(f.publishedAhead().name()),
                    Cell.text(f.publishedBehind().name()), ratio(seedRatio), ratio(runRatio),
                    Cell.text(intervals(f))));
        }
        return t;
    }

    private static String intervals(Reproduction.Flip f) {
        String text = ReproductionVerdict.separation(f);
        if (f.separated() == null) {
            return text;
        }
        return text + ": " + interval(f.publishedAhead()) + " against " + interval(f.publishedBehind());
    }

    private static String interval(Reproduction.Item i) {
        return i.name() + " " + Format.whole(i.measured().ci().low()) + "–" + Format.whole(i.measured().ci().high());
    }

    /** The seed's frameworks this run did not compare, and why: what happened to its target in this run, or the reason none stands for it. */
    static Table notCompared(Reproduction r) {
        Table t = new Table("The seed's frameworks not compared", List.of(FRAMEWORK, "Target", "Why"));
        for (Reproduction.NotCompared n : r.notCompared()) {
            t.row(List.of(Cell.text(n.framework()), Cell.text(n.target() == null ? Format.MISSING : n.target()),
                    Cell.text(n.why())));
        }
        return t;
    }

    /** Where the seed's figures come from, its machine and versions, and how our targets differ. */
    static Table setting(Reproduction r) {
        PublishedSeed seed = r.seed();
        Table t = new Table("The seed's setting", List.of("Item", "Value"));
        t.row(List.of(Cell.text("Source"), Cell.text(seed.source())));
        t.row(List.of(Cell.text("Load"), Cell.text(seed.load())));
        t.row(List.of(Cell.text("Per case"), Cell.text(Format.seconds(seed.durationSeconds()) + " in the seed"
                + (Double.isNaN(r.runDurationSeconds()) ? "" : ", " + Format.seconds(r.runDurationSeconds()) + " here"
                + (r.shortened() ? " (shortened)" : "")))));
        for (String h : seed.hardware()) {
            t.row(List.of(Cell.text("Hardware"), Cell.text(h)));
        }
        if (!seed.versions().isEmpty()) {
            List<String> versions = new ArrayList<>();
            seed.versions().forEach((k, v) -> versions.add(k + " " + v));
            t.row(List.of(Cell.text("Versions"), Cell.text(String.join(", ", versions))));
        }
        for (PublishedSeed.Framework f : seed.frameworks()) {
            if (f.note() != null) {
                t.row(List.of(Cell.text("Note on " + f.name()), Cell.text(f.note())));
            }
        }
        t.row(List.of(Cell.text("Reference"), Cell.text(r.reference() == null ? Format.MISSING
                : r.reference().name() + " (" + r.reference().target() + ")")));
        return t;
    }

    /** A published latency figure in milliseconds, whatever unit the seed printed it in. */
    private static Cell publishedMillis(PublishedSeed seed, Reproduction.Row row, String figure) {
        Optional<PublishedSeed.Figure> f = seed.figure(row.framework().name(), row.request(), row.connections(), figure);
        if (f.isEmpty()) {
            return Cell.text(Format.MISSING);
        }
        double ms = switch (f.get().unit()) {
            case "s" -> f.get().value() * 1000;
            case "us" -> f.get().value() / 1000;
            default -> f.get().value();
        };
        return Cell.number(Format.twoDecimals(ms), ms);
    }

    private static Cell ratio(double v) {
        return Double.isNaN(v) ? Cell.text(Format.MISSING) : Cell.number(Format.twoDecimals(v), v);
    }

    private static Cell tau(KendallTau tau) {
        double v = tau.tau();
        return Double.isNaN(v) ? Cell.text(Format.MISSING) : Cell.number(Format.twoDecimals(v), v);
    }
}
