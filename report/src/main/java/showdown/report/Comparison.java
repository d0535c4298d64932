package showdown.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import showdown.harness.results.CaseResult;
import showdown.harness.results.CaseSample;
import showdown.harness.results.RunResults;
import showdown.harness.stats.Bootstrap;
import showdown.harness.stats.ChangeTest;
import showdown.harness.stats.PooledVariance;
import showdown.harness.stats.RoundSpreads;
import showdown.harness.stats.SampleStatistics;

/**
 * Two runs compared case by case (target, scenario, request, connections) on requests per second
 * (on sustainable throughput for a case that was a search in both: {@link SustainableChange}),
 * with a verdict from {@link ChangeTest}: the interval of B's change against A over the rounds of
 * both sides (Student's t, the spread between rounds pooled over the target's cases in both runs),
 * against a practical threshold.
 *
 * <p>When a side has a single round of a case, or the target's spread is unknown, the interval is
 * the bootstrap over the slices of its windows, shown for what it is, and the verdict is
 * {@code inconclusive}: one window per side cannot tell a change from the machine's drift. A case
 * from an older results file has no slices: its repetitions stand in for them, one value each.
 *
 * <p>Rounds the run marked disturbed are left out of a case while two clean ones remain on that
 * side, the spread is pooled over clean rounds only, and a case that still rests on disturbed
 * rounds gets no verdict ({@link DisturbedRounds}); {@code --keep-disturbed} keeps every round.
 *
 * @param rows             cases present in both runs, in the order of run A
 * @param onlyInA          cases run A has and B lacks
 * @param onlyInB          cases run B has and A lacks
 * @param thresholdPercent the practical threshold the verdicts used
 * @param keptDisturbed    whether disturbed rounds were kept even where clean ones sufficed
 */
public record Comparison(List<Row> rows, List<CaseKey> onlyInA, List<CaseKey> onlyInB, double thresholdPercent,
                         boolean keptDisturbed) {

    /**
     * One case in both runs.
     *
     * @param a           A's req/s over the repetitions compared, or its sustainable throughput at
     *                    {@code slo}
     * @param b           B's likewise
     * @param slo         the latency target when the case was searched at it on both sides, "p99 <= 10 ms":
     *                    the figures compared are the sustainable throughputs at it (a case searched at
     *                    two targets has a row for each); null for req/s
     * @param change      B's change against A, with its interval and verdict
     * @param disturbedA  A's disturbed rounds of the case: left out, or kept
     * @param disturbedB  B's likewise
     */
    public record Row(CaseKey key, Spread a, Spread b, String slo, ChangeTest.Change change,
                      DisturbedRounds.Count disturbedA, DisturbedRounds.Count disturbedB) {

        /** True when the figures compared are sustainable throughputs. */
        public boolean sustainable() {
            return slo != null;
        }

        public ChangeTest.Verdict verdict() {
            return change.verdict();
        }
    }

    public Comparison {
        rows = List.copyOf(rows);
        onlyInA = List.copyOf(onlyInA);
        onlyInB = List.copyOf(onlyInB);
    }

    public static Comparison of(RunResults a, RunResults b) {
        return of(a, b, ChangeTest.DEFAULT_THRESHOLD_PERCENT, false);
    }

    public static Comparison of(RunResults a, RunResults b, double thresholdPercent) {
        return of(a, b, thresholdPercent, false);
    }

    /** @param keepDisturbed keep every disturbed round ({@code --keep-disturbed}) */
    public static Comparison of(RunResults a, RunResults b, double thresholdPercent, boolean keepDisturbed) {
        ChangeTest test = new ChangeTest(Bootstrap.standard(), thresholdPercent);
        DisturbedRounds da = keepDisturbed ? DisturbedRounds.keepAll(a) : DisturbedRounds.leaveOut(a);
        DisturbedRounds db = keepDisturbed ? DisturbedRounds.keepAll(b) : DisturbedRounds.leaveOut(b);
        Summaries sa = new Summaries(da.side());
        Summaries sb = new Summaries(db.side());
        Map<String, RoundSpreads> spreads = pooledByTarget(new Summaries(da.clean()), new Summaries(db.clean()));
        Map<String, PooledVariance> searchSpreads = SustainableChange.pooledByTarget(new Summaries(da.clean()),
                new Summaries(db.clean()));
        List<Row> rows = new ArrayList<>();
        List<CaseKey> onlyInA = new ArrayList<>();
        for (Summary x : sa.all()) {
            var y = sb.get(x.key());
            if (y.isEmpty()) {
                onlyInA.add(x.key());
            } else {
                List<String> searched = x.slos().stream().filter(y.get().slos()::contains).toList();
                if (searched.isEmpty()) {
                    rows.add(row(x, null, x.requestsPerSecond(), y.get().requestsPerSecond(),
                            change(test, x, y.get(), spreads.get(x.key().target())), da, db, keepDisturbed));
                }
                for (String slo : searched) {
                    rows.add(row(x, slo, x.sustainable(slo), y.get().sustainable(slo), SustainableChange.of(test,
                            x, y.get(), slo, searchSpreads.getOrDefault(x.key().target(), PooledVariance.NONE)),
                            da, db, keepDisturbed));
                }
            }
        }
        List<CaseKey> onlyInB = sb.all().stream().map(Summary::key).filter(k -> sa.get(k).isEmpty()).toList();
        return new Comparison(rows, onlyInA, onlyInB, thresholdPercent, keepDisturbed);
    }

    private static Row row(Summary x, String slo, Spread a, Spread b, ChangeTest.Change change,
                           DisturbedRounds da, DisturbedRounds db, boolean keepDisturbed) {
        if (!keepDisturbed && (da.of(x.key()).kept() > 0 || db.of(x.key()).kept() > 0)) {
            change = change.inconclusive(); // it rests on disturbed rounds: no verdict
        }
        return new Row(x.key(), a, b, slo, change, da.of(x.key()), db.of(x.key()));
    }

    /** B's change against A: over rounds when both sides have two or more, else over slices. */
    static ChangeTest.Change change(ChangeTest test, Summary a, Summary b, RoundSpreads target) {
        int ra = RoundSpreads.rateRounds(a.repetitions());
        int rb = RoundSpreads.rateRounds(b.repetitions());
        if (ra >= 2 && rb >= 2 && target != null && target.rate().known()) {
            return test.compareRounds(RoundSpreads.rateFigure(a.repetitions()), ra,
                    RoundSpreads.rateFigure(b.repetitions()), rb, target.rate());
        }
        return test.withinWindows(rates(a), rates(b));
    }

    /** Each target's spread between rounds, pooled over its cases in both runs (each side's case on its own). */
    static Map<String, RoundSpreads> pooledByTarget(Summaries a, Summaries b) {
        List<List<CaseResult>> cases = new ArrayList<>();
        for (Summaries side : List.of(a, b)) {
            side.all().forEach(s -> cases.add(s.repetitions()));
        }
        return RoundSpreads.byTarget(cases);
    }

    /** A summary's slices as {@code {requests, seconds}}, a round each; a round without slices is one slice. */
    static List<List<double[]>> rates(Summary s) {
        List<List<CaseSample>> rounds = new ArrayList<>();
        List<double[]> wholeRounds = new ArrayList<>();
        for (CaseResult c : s.repetitions()) {
            if (c.samples().isEmpty()) {
                wholeRounds.add(new double[] {c.requests(), c.durationSeconds()});
            } else {
                rounds.add(c.samples());
            }
        }
        List<List<double[]>> out = new ArrayList<>(SampleStatistics.rates(rounds));
        if (!wholeRounds.isEmpty()) {
            // Rounds without slices: the rounds themselves are the sample, one block of them.
            out.add(wholeRounds);
        }
        return out;
    }

    public long count(ChangeTest.Verdict v) {
        return rows.stream().filter(r -> r.verdict() == v).count();
    }

    /** The cases in both runs: fewer than the rows when a search case has a row per latency target. */
    public int cases() {
        return oneRowPerCase().size();
    }

    /** Disturbed rounds left out, over both sides and every case. */
    public int disturbedLeftOut() {
        return oneRowPerCase().stream().mapToInt(r -> r.disturbedA().leftOut() + r.disturbedB().leftOut()).sum();
    }

    /** Disturbed rounds that stayed in, over both sides and every case. */
    public int disturbedKept() {
        return oneRowPerCase().stream().mapToInt(r -> r.disturbedA().kept() + r.disturbedB().kept()).sum();
    }

    private List<Row> oneRowPerCase() {
        java.util.Map<CaseKey, Row> first = new java.util.LinkedHashMap<>();
        rows.forEach(r -> first.putIfAbsent(r.key(), r));
        return List.copyOf(first.values());
    }
}
