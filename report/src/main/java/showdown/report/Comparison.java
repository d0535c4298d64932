package showdown.report;

import java.util.ArrayList;
import java.util.List;
import showdown.harness.results.RunResults;

/**
 * Two runs compared case by case (target, scenario, request, connections) on requests per second.
 *
 * <p>A difference counts only when it is larger than the noise the runs themselves show: with
 * repetitions on both sides, two cases tie when their min–max ranges overlap; when either side has a
 * single repetition there is no range to go by, so they tie within ±{@value #SINGLE_RUN_TIE_PERCENT} %.
 *
 * @param rows    cases present in both runs, in the order of run A
 * @param onlyInA cases run A has and B lacks
 * @param onlyInB cases run B has and A lacks
 */
public record Comparison(List<Row> rows, List<CaseKey> onlyInA, List<CaseKey> onlyInB) {

    /** The tie band, in per cent of A's req/s, for cases measured only once on a side. */
    public static final double SINGLE_RUN_TIE_PERCENT = 5.0;

    /** How B did against A. */
    public enum Verdict {
        TIE, FASTER, SLOWER;

        public String word() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    /** Which rule decided the verdict. */
    public enum Rule {
        /** Both sides had repetitions: a tie means their min–max ranges overlap. */
        RANGES_OVERLAP,
        /** A side had a single repetition: a tie means within ±5 %. */
        WITHIN_BAND
    }

    /**
     * One case in both runs.
     *
     * @param deltaPercent (B − A) / A × 100, from the medians; NaN when A is 0
     */
    public record Row(CaseKey key, Spread a, Spread b, double deltaPercent, Verdict verdict, Rule rule) {
    }

    public Comparison {
        rows = List.copyOf(rows);
        onlyInA = List.copyOf(onlyInA);
        onlyInB = List.copyOf(onlyInB);
    }

    public static Comparison of(RunResults a, RunResults b) {
        Summaries sa = new Summaries(a);
        Summaries sb = new Summaries(b);
        List<Row> rows = new ArrayList<>();
        List<CaseKey> onlyInA = new ArrayList<>();
        for (Summary x : sa.all()) {
            var y = sb.get(x.key());
            if (y.isEmpty()) {
                onlyInA.add(x.key());
            } else {
                rows.add(row(x.key(), x.requestsPerSecond(), y.get().requestsPerSecond()));
            }
        }
        List<CaseKey> onlyInB = sb.all().stream().map(Summary::key).filter(k -> sa.get(k).isEmpty()).toList();
        return new Comparison(rows, onlyInA, onlyInB);
    }

    static Row row(CaseKey key, Spread a, Spread b) {
        double delta = a.median() == 0 ? Double.NaN : (b.median() - a.median()) / a.median() * 100;
        if (a.hasRange() && b.hasRange()) {
            Verdict v = a.overlaps(b) ? Verdict.TIE : b.median() > a.median() ? Verdict.FASTER : Verdict.SLOWER;
            return new Row(key, a, b, delta, v, Rule.RANGES_OVERLAP);
        }
        Verdict v;
        if (Double.isNaN(delta)) {
            v = b.median() == 0 ? Verdict.TIE : Verdict.FASTER;
        } else if (Math.abs(delta) <= SINGLE_RUN_TIE_PERCENT) {
            v = Verdict.TIE;
        } else {
            v = delta > 0 ? Verdict.FASTER : Verdict.SLOWER;
        }
        return new Row(key, a, b, delta, v, Rule.WITHIN_BAND);
    }

    public long count(Verdict v) {
        return rows.stream().filter(r -> r.verdict() == v).count();
    }
}
