package showdown.report;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import showdown.harness.plan.PublishedSeed;
import showdown.harness.plan.PublishedSeeds;
import showdown.harness.results.Interval;
import showdown.harness.results.TargetOutcome;

/**
 * One seed's published table against a run: for every framework the run measured, the seed's req/s
 * and ours side by side; both divided by a reference framework's figure in the same cell, since the
 * hardware differs and only proportions can carry over; Kendall's tau between the two orders, and each
 * pair whose order flipped, with whether this run's confidence intervals separate the pair. A
 * reader asks "does this reproduce the original benchmark?"; this is the answer in numbers, and
 * {@link ReproductionVerdict} puts it in words.
 */
public final class Reproduction {

    /**
     * One published req/s cell and what the run measured there.
     *
     * @param framework           the seed's framework
     * @param request             the seed's request label
     * @param connections         the seed's concurrency
     * @param published           the seed's req/s
     * @param measured            the run's case, or null when the run did not measure it
     * @param measuredConnections the run's concurrency for it: the seed's, or the nearest the run has
     *                            when the seed published a single level for the request
     * @param publishedNormalised {@code published} divided by the reference's in the same cell; NaN without
     * @param measuredNormalised  the measured median divided by the reference's in the same cell; NaN without
     */
    public record Row(PublishedSeed.Framework framework, String request, int connections, double published,
                      Summary measured, int measuredConnections, double publishedNormalised,
                      double measuredNormalised) {
        public boolean compared() {
            return measured != null;
        }

        /** True when the run measured the request at another concurrency than the seed's. */
        public boolean levelDiffers() {
            return measured != null && measuredConnections != connections;
        }
    }

    /** One thing ranked: a framework (or, with one framework, a request), its two figures. */
    /**
     * @param overRounds whether the measured interval is over rounds (two or more): only then does it
     *                   hold the start-to-start noise that decides whether a flip is real
     */
    public record Item(String name, double published, Spread measured, boolean overRounds) {
        /** Items as the reports write an order: "Gin > Sinatra > Rails". */
        static String ranking(List<Item> items) {
            return String.join(" > ", items.stream().map(Item::name).toList());
        }
    }

    /**
     * A pair the seed and the run order differently.
     *
     * @param separated true when both confidence intervals exist and do not overlap (the run really
     *                  ranks them the other way), false when they overlap (within this run's noise),
     *                  null when either case has no interval
     */
    public record Flip(String comparison, Item publishedAhead, Item publishedBehind, Boolean separated) {

        /** Whether both intervals are over rounds; one window's slices do not vouch for a flip. */
        public boolean overRounds() {
            return publishedAhead.overRounds() && publishedBehind.overRounds();
        }
    }

    /**
     * The order of one comparison: the frameworks of one request at one concurrency (or the requests of
     * the one framework at one concurrency).
     */
    public record Ordering(String comparison, String request, int connections, List<Item> items, KendallTau tau,
                           List<Flip> flips) {
        /** The items as the seed ranks them, fastest first. */
        public List<Item> publishedOrder() {
            return items.stream().sorted(Comparator.comparingDouble(Item::published).reversed()).toList();
        }

        /** The items as the run ranks them, fastest first. */
        public List<Item> measuredOrder() {
            return items.stream().sorted(Comparator.comparingDouble((Item i) -> i.measured().median()).reversed()).toList();
        }

        public boolean holds() {
            return flips.isEmpty();
        }
    }

    /**
     * A seed framework the run did not compare, and why: for one with a target, what happened to it in
     * this run (on this machine); for one without, the published file's reason, a fact of the seed.
     */
    public record NotCompared(String framework, String target, String why) {
    }

    /** How the reference was chosen. */
    public enum ReferenceChoice {
        /** The first of the seed's frameworks (in its table's order) that the run measured. */
        FIRST_MEASURED,
        /** The one {@code --reference} named. */
        ASKED,
        /** {@code --reference} named a target this seed's comparison does not have; the default stands. */
        ASKED_BUT_ABSENT
    }

    private final PublishedSeed seed;
    private final List<Row> rows;
    private final PublishedSeed.Framework reference;
    private final ReferenceChoice referenceChoice;
    private final String askedReference;
    private final boolean byRequest;
    private final List<Ordering> orderings;
    private final List<NotCompared> notCompared;
    private final double runDurationSeconds;

    private Reproduction(PublishedSeed seed, List<Row> rows, PublishedSeed.Framework reference,
                         ReferenceChoice referenceChoice, String askedReference, boolean byRequest,
                         List<Ordering> orderings, List<NotCompared> notCompared, double runDurationSeconds) {
        this.seed = seed;
        this.rows = List.copyOf(rows);
        this.reference = reference;
        this.referenceChoice = referenceChoice;
        this.askedReference = askedReference;
        this.byRequest = byRequest;
        this.orderings = List.copyOf(orderings);
        this.notCompared = List.copyOf(notCompared);
        this.runDurationSeconds = runDurationSeconds;
    }

    /**
     * A reproduction for every seed scenario of the run that has published tables, in report order.
     *
     * @param askedReference the target {@code --reference} named, or null for each seed's default
     */
    public static List<Reproduction> forRun(Summaries summaries, PublishedSeeds published, String askedReference) {
        List<Reproduction> out = new ArrayList<>();
        for (String scenario : summaries.scenarios()) {
            published.get(scenario).ifPresent(seed -> out.add(of(seed, summaries, askedReference)));
        }
        return out;
    }

    /** The targets a {@code --reference} could name in this run: seed frameworks measured in both. */
    public static Set<String> referenceCandidates(List<Reproduction> reproductions) {
        Set<String> out = new LinkedHashSet<>();
        reproductions.forEach(r -> r.inBoth().forEach(f -> out.add(f.target())));
        return out;
    }

    /**
     * One seed's table against the run.
     *
     * @param askedReference the target {@code --reference} named, or null: the reference is then the
     *                       first of the seed's frameworks, in its table's order, that the run measured
     */
    public static Reproduction of(PublishedSeed seed, Summaries summaries, String askedReference) {
        String scenario = seed.seed();
        List<PublishedSeed.Figure> rates = seed.figures(PublishedSeed.REQUESTS_PER_SECOND);
        List<Row> rows = new ArrayList<>();
        for (PublishedSeed.Figure f : rates) {
            PublishedSeed.Framework framework = seed.framework(f.framework()).orElseThrow();
            String label = runLabel(summaries, scenario, f);
            Summary measured = null;
            int level = f.connections();
            if (framework.hasTarget() && label != null) {
                boolean oneLevel = rates.stream().filter(x -> x.request().equals(f.request()))
                        .map(PublishedSeed.Figure::connections).distinct().count() == 1;
                level = runLevel(summaries.connections(scenario, label), f.connections(), oneLevel);
                measured = summaries.get(framework.target(), scenario, label, level).orElse(null);
            }
            rows.add(new Row(framework, f.request(), f.connections(), f.value(), measured, level, Double.NaN, Double.NaN));
        }

        List<PublishedSeed.Framework> inBoth = seed.frameworks().stream()
                .filter(fw -> rows.stream().anyMatch(r -> r.framework().equals(fw) && r.compared())).toList();
        PublishedSeed.Framework reference = inBoth.isEmpty() ? null : inBoth.get(0);
        ReferenceChoice choice = ReferenceChoice.FIRST_MEASURED;
        if (askedReference != null) {
            Optional<PublishedSeed.Framework> asked = inBoth.stream().filter(fw -> fw.target().equals(askedReference))
                    .findFirst();
            choice = asked.isPresent() ? ReferenceChoice.ASKED : ReferenceChoice.ASKED_BUT_ABSENT;
            reference = asked.orElse(reference);
        }
        List<Row> normalised = normalise(rows, reference);

        boolean byRequest = inBoth.size() == 1;
        List<Ordering> orderings = byRequest ? requestOrderings(normalised) : frameworkOrderings(normalised);
        return new Reproduction(seed, normalised, reference, choice, askedReference, byRequest, orderings,
                notCompared(seed, normalised, summaries), summaries.run().config() == null ? Double.NaN
                        : summaries.run().config().durationSeconds());
    }

    /** The run's label for a published request: with the seed's thread count when the run has both. */
    private static String runLabel(Summaries summaries, String scenario, PublishedSeed.Figure f) {
        List<String> measured = summaries.requests(scenario);
        String withThreads = f.request() + " -t" + f.threads();
        return measured.contains(withThreads) ? withThreads : measured.contains(f.request()) ? f.request() : null;
    }

    /**
     * The seed's concurrency when the run has it. When the seed published one level for the request
     * (spock-scotty's 400, phoenix-showdown's 100), the nearest level the run has stands for it (ties:
     * the higher), so that a quick run can be compared too; the tables say so. A sweep's level is never
     * stood in for by another of its own levels.
     */
    static int runLevel(List<Integer> measured, int seedLevel, boolean seedHasOneLevel) {
        if (measured.contains(seedLevel) || !seedHasOneLevel || measured.isEmpty()) {
            return seedLevel;
        }
        int best = measured.get(0);
        for (int c : measured) {
            if (Math.abs(c - seedLevel) < Math.abs(best - seedLevel)
                    || (Math.abs(c - seedLevel) == Math.abs(best - seedLevel) && c > best)) {
                best = c;
            }
        }
        return best;
    }

    private static List<Row> normalise(List<Row> rows, PublishedSeed.Framework reference) {
        if (reference == null) {
            return rows;
        }
        List<Row> out = new ArrayList<>();
        for (Row r : rows) {
            Optional<Row> ref = rows.stream().filter(x -> x.framework().equals(reference)
                    && x.request().equals(r.request()) && x.connections() == r.connections()).findFirst();
            double p = ref.map(x -> r.published() / x.published()).orElse(Double.NaN);
            double m = ref.filter(Row::compared).filter(x -> r.compared())
                    .map(x -> r.measured().requestsPerSecond().median() / x.measured().requestsPerSecond().median())
                    .orElse(Double.NaN);
            out.add(new Row(r.framework(), r.request(), r.connections(), r.published(), r.measured(),
                    r.measuredConnections(), p, m));
        }
        return out;
    }

    /** One ordering per published cell (request and concurrency): the frameworks measured there. */
    private static List<Ordering> frameworkOrderings(List<Row> rows) {
        Map<String, List<Row>> cells = new LinkedHashMap<>();
        for (Row r : rows) {
            if (r.compared()) {
                cells.computeIfAbsent(r.request() + "\n" + r.connections(), k -> new ArrayList<>()).add(r);
            }
        }
        List<Ordering> out = new ArrayList<>();
        for (List<Row> cell : cells.values()) {
            Row first = cell.get(0);
            List<Item> items = cell.stream().map(r -> new Item(r.framework().name(), r.published(),
                    r.measured().requestsPerSecond(), overRounds(r.measured()))).toList();
            out.add(ordering(first.request() + ", " + Format.connections(first.connections()), first.request(),
                    first.connections(), items));
        }
        return out.stream().filter(o -> o.items().size() > 1).toList();
    }

    /** With one framework in both, the order of its requests at each concurrency is what can be checked. */
    private static List<Ordering> requestOrderings(List<Row> rows) {
        Map<Integer, List<Row>> levels = new LinkedHashMap<>();
        for (Row r : rows) {
            if (r.compared()) {
                levels.computeIfAbsent(r.connections(), k -> new ArrayList<>()).add(r);
            }
        }
        List<Ordering> out = new ArrayList<>();
        levels.forEach((c, level) -> {
            List<Item> items = level.stream().map(r -> new Item(r.request(), r.published(),
                    r.measured().requestsPerSecond(), overRounds(r.measured()))).toList();
            out.add(ordering(level.get(0).framework().name() + ", " + Format.connections(c), null, c, items));
        });
        return out.stream().filter(o -> o.items().size() > 1).toList();
    }

    private static Ordering ordering(String comparison, String request, int connections, List<Item> items) {
        double[] p = items.stream().mapToDouble(Item::published).toArray();
        double[] m = items.stream().mapToDouble(i -> i.measured().median()).toArray();
        List<Flip> flips = new ArrayList<>();
        for (int i = 0; i < items.size(); i++) {
            for (int j = i + 1; j < items.size(); j++) {
                if (p[i] != p[j] && m[i] != m[j] && (p[i] > p[j]) != (m[i] > m[j])) {
                    Item ahead = p[i] > p[j] ? items.get(i) : items.get(j);
                    Item behind = p[i] > p[j] ? items.get(j) : items.get(i);
                    flips.add(new Flip(comparison, ahead, behind, separated(ahead.measured().ci(), behind.measured().ci())));
                }
            }
        }
        return new Ordering(comparison, request, connections, items, KendallTau.of(p, m), flips);
    }

    private static boolean overRounds(Summary s) {
        return s.uncertainty() != null && s.uncertainty().overRounds();
    }

    /** True when the two intervals do not overlap; null when either is missing. */
    static Boolean separated(Interval a, Interval b) {
        if (a == null || b == null || Double.isNaN(a.low()) || Double.isNaN(b.low())) {
            return null;
        }
        return a.high() < b.low() || b.high() < a.low();
    }

    private static List<NotCompared> notCompared(PublishedSeed seed, List<Row> rows, Summaries summaries) {
        List<NotCompared> out = new ArrayList<>();
        for (PublishedSeed.Framework fw : seed.frameworks()) {
            if (!fw.hasTarget()) {
                out.add(new NotCompared(fw.name(), null, fw.reason()));
                continue;
            }
            if (rows.stream().anyMatch(r -> r.framework().equals(fw) && r.compared())) {
                continue;
            }
            TargetOutcome t = summaries.run().target(fw.target());
            String why;
            if (t == null) {
                why = "not in this run";
            } else if (t.status() == TargetOutcome.Status.OK) {
                why = "not measured at the seed's requests and concurrency in this run";
            } else if (t.status() == TargetOutcome.Status.UNAVAILABLE && t.reason() != null) {
                why = t.reason(); // this machine's own verdict, found when the run began: "unavailable here: ..."
            } else {
                why = t.status().name().toLowerCase(java.util.Locale.ROOT) + (t.reason() == null ? "" : ": " + t.reason());
            }
            out.add(new NotCompared(fw.name(), fw.target(), why));
        }
        return out;
    }

    public PublishedSeed seed() {
        return seed;
    }

    /** Every published req/s cell, in the seed's order, compared or not. */
    public List<Row> rows() {
        return rows;
    }

    /** The rows the run measured. */
    public List<Row> compared() {
        return rows.stream().filter(Row::compared).toList();
    }

    /** The seed's frameworks measured in both, in the seed's order. */
    public List<PublishedSeed.Framework> inBoth() {
        return seed.frameworks().stream().filter(fw -> rows.stream().anyMatch(r -> r.framework().equals(fw)
                && r.compared())).toList();
    }

    /** The framework every figure is divided by; null when the run measured none of the seed's. */
    public PublishedSeed.Framework reference() {
        return reference;
    }

    public ReferenceChoice referenceChoice() {
        return referenceChoice;
    }

    /** What {@code --reference} named, or null. */
    public String askedReference() {
        return askedReference;
    }

    /** True when only one framework is in both, so the orderings rank its requests instead. */
    public boolean byRequest() {
        return byRequest;
    }

    public List<Ordering> orderings() {
        return orderings;
    }

    /** Every ordering's pairs pooled. */
    public KendallTau tau() {
        return orderings.stream().map(Ordering::tau).reduce(KendallTau.NONE, KendallTau::plus);
    }

    public List<Flip> flips() {
        return orderings.stream().flatMap(o -> o.flips().stream()).toList();
    }

    public List<NotCompared> notCompared() {
        return notCompared;
    }

    /** The run's measured window per case, in seconds; NaN when the run does not say. */
    public double runDurationSeconds() {
        return runDurationSeconds;
    }

    /** True when the run's cases were shorter than the seed's (a quick look, {@code --duration}). */
    public boolean shortened() {
        return runDurationSeconds < seed.durationSeconds();
    }

    /** The requests the seed swept over two or more concurrency levels that the run measured: chart material. */
    public List<String> sweptRequests() {
        Set<String> out = new LinkedHashSet<>();
        for (String request : seed.requests()) {
            long levels = compared().stream().filter(r -> r.request().equals(request)).map(Row::connections)
                    .distinct().count();
            if (levels > 1 && reference != null) {
                out.add(request);
            }
        }
        return List.copyOf(out);
    }

    /**
     * The concurrency a curve is scaled at: the highest at which the run measured the reference for
     * {@code request}. Scaling both sides by the reference's figure there keeps the curves' shapes
     * (how each framework grows with concurrency) while putting seed and run on one axis.
     */
    public int scaleLevel(String request) {
        return compared().stream().filter(r -> r.framework().equals(reference) && r.request().equals(request))
                .mapToInt(Row::connections).max().orElse(-1);
    }

    /**
     * Per framework in both, its req/s by concurrency for {@code request}, divided by the reference's at
     * {@link #scaleLevel}: the seed's figures at every level it published when {@code published}, else
     * the run's medians at the levels it measured.
     */
    public Map<String, Map<Integer, Double>> curves(String request, boolean published) {
        int at = scaleLevel(request);
        Optional<Row> scale = compared().stream().filter(r -> r.framework().equals(reference)
                && r.request().equals(request) && r.connections() == at).findFirst();
        Map<String, Map<Integer, Double>> out = new LinkedHashMap<>();
        if (scale.isEmpty()) {
            return out;
        }
        double divisor = published ? scale.get().published() : scale.get().measured().requestsPerSecond().median();
        List<PublishedSeed.Framework> inBoth = inBoth();
        for (Row r : rows) {
            // The seed's curve keeps every level it published; ours has the levels the run measured.
            if (r.request().equals(request) && inBoth.contains(r.framework()) && (published || r.compared())) {
                double v = published ? r.published() : r.measured().requestsPerSecond().median();
                out.computeIfAbsent(r.framework().name(), k -> new LinkedHashMap<>()).put(r.connections(), v / divisor);
            }
        }
        return out;
    }
}
