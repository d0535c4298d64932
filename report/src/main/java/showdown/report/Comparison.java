package showdown.report;

import java.util.ArrayList;
import java.util.List;
import showdown.harness.results.CaseResult;
import showdown.harness.results.CaseSample;
import showdown.harness.results.RunResults;
import showdown.harness.stats.Bootstrap;
import showdown.harness.stats.ChangeTest;
import showdown.harness.stats.SampleStatistics;

/**
 * Two runs compared case by case (target, scenario, request, connections) on requests per second,
 * with a verdict from {@link ChangeTest}: the bootstrap interval of B's change against A, over
 * each side's slices with its repetitions as blocks, against a practical threshold.
 *
 * <p>A case from an older results file has no slices: its repetitions stand in for them, one
 * value each, and with a single repetition on a side there is nothing to resample, so its verdict
 * is {@code inconclusive}.
 *
 * @param rows             cases present in both runs, in the order of run A
 * @param onlyInA          cases run A has and B lacks
 * @param onlyInB          cases run B has and A lacks
 * @param thresholdPercent the practical threshold the verdicts used
 */
public record Comparison(List<Row> rows, List<CaseKey> onlyInA, List<CaseKey> onlyInB, double thresholdPercent) {

    /**
     * One case in both runs.
     *
     * @param a      A's req/s over its repetitions
     * @param b      B's req/s over its repetitions
     * @param change B's change against A, with its interval and verdict
     */
    public record Row(CaseKey key, Spread a, Spread b, ChangeTest.Change change) {

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
        return of(a, b, ChangeTest.DEFAULT_THRESHOLD_PERCENT);
    }

    public static Comparison of(RunResults a, RunResults b, double thresholdPercent) {
        ChangeTest test = new ChangeTest(Bootstrap.standard(), thresholdPercent);
        Summaries sa = new Summaries(a);
        Summaries sb = new Summaries(b);
        List<Row> rows = new ArrayList<>();
        List<CaseKey> onlyInA = new ArrayList<>();
        for (Summary x : sa.all()) {
            var y = sb.get(x.key());
            if (y.isEmpty()) {
                onlyInA.add(x.key());
            } else {
                ChangeTest.Change change = test.compare(rates(x), rates(y.get()));
                rows.add(new Row(x.key(), x.requestsPerSecond(), y.get().requestsPerSecond(), change));
            }
        }
        List<CaseKey> onlyInB = sb.all().stream().map(Summary::key).filter(k -> sa.get(k).isEmpty()).toList();
        return new Comparison(rows, onlyInA, onlyInB, thresholdPercent);
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
}
