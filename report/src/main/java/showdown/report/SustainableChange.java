package showdown.report;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import showdown.harness.results.CaseResult;
import showdown.harness.results.Interval;
import showdown.harness.results.SustainableThroughput;
import showdown.harness.stats.ChangeTest;
import showdown.harness.stats.PooledVariance;

/**
 * B's change against A in sustainable throughput, decided as req/s is: over the rounds (Student's t,
 * the spread between rounds pooled over the target's search cases in both runs) when both sides
 * have two or more; otherwise the change with no interval and no verdict, since one search per side
 * cannot tell a change from the machine's drift.
 */
final class SustainableChange {

    private SustainableChange() {
    }

    static ChangeTest.Change of(ChangeTest test, Summary a, Summary b, PooledVariance pooled) {
        double[] ra = rounds(a.repetitions());
        double[] rb = rounds(b.repetitions());
        if (ra.length >= ChangeTest.MIN_VALUES && rb.length >= ChangeTest.MIN_VALUES && pooled.known()) {
            return test.compareRounds(geometricMean(ra), ra.length, geometricMean(rb), rb.length, pooled);
        }
        double change = (b.sustainable().median() / a.sustainable().median() - 1) * 100;
        return new ChangeTest.Change(ChangeTest.Verdict.INCONCLUSIVE, change, new Interval(Double.NaN, Double.NaN),
                ChangeTest.Basis.NONE);
    }

    /** Each target's spread between rounds of its sustainable throughputs, pooled over its search cases on both sides. */
    static Map<String, PooledVariance> pooledByTarget(Summaries a, Summaries b) {
        Map<String, List<double[]>> byTarget = new HashMap<>();
        for (Summaries side : List.of(a, b)) {
            for (Summary s : side.all()) {
                double[] r = rounds(s.repetitions());
                if (r.length > 0) {
                    byTarget.computeIfAbsent(s.key().target(), t -> new ArrayList<>()).add(r);
                }
            }
        }
        Map<String, PooledVariance> pooled = new HashMap<>();
        byTarget.forEach((t, cases) -> pooled.put(t, PooledVariance.of(cases)));
        return pooled;
    }

    /** The positive sustainable throughputs of a case's rounds (a search that found no rate has none). */
    private static double[] rounds(List<CaseResult> repetitions) {
        return repetitions.stream().map(CaseResult::sustainable).filter(Objects::nonNull)
                .mapToDouble(SustainableThroughput::requestsPerSecond).filter(v -> v > 0).toArray();
    }

    private static double geometricMean(double[] values) {
        double sum = 0;
        for (double v : values) {
            sum += Math.log(v);
        }
        return Math.exp(sum / values.length);
    }
}
