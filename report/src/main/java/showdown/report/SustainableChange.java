package showdown.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import showdown.harness.results.CaseResult;
import showdown.harness.results.Interval;
import showdown.harness.stats.ChangeTest;
import showdown.harness.stats.PooledVariance;
import showdown.harness.stats.RoundStatistics;
import showdown.harness.stats.SustainableRounds;

/**
 * B's change against A in sustainable throughput at one latency target, decided as req/s is: over the rounds (Student's t,
 * the spread between rounds pooled over the target's search cases in both runs) when both sides
 * have two or more; otherwise the change with no interval and no verdict, since one search per side
 * cannot tell a change from the machine's drift.
 */
final class SustainableChange {

    private SustainableChange() {
    }

    static ChangeTest.Change of(ChangeTest test, Summary a, Summary b, String slo, PooledVariance pooled) {
        double[] ra = SustainableRounds.values(a.repetitions(), slo);
        double[] rb = SustainableRounds.values(b.repetitions(), slo);
        if (ra.length >= ChangeTest.MIN_VALUES && rb.length >= ChangeTest.MIN_VALUES && pooled.known()) {
            return test.compareRounds(RoundStatistics.geometricMean(ra), ra.length, RoundStatistics.geometricMean(rb), rb.length,
                    pooled);
        }
        double change = (b.sustainable(slo).median() / a.sustainable(slo).median() - 1) * 100;
        return new ChangeTest.Change(ChangeTest.Verdict.INCONCLUSIVE, change, new Interval(Double.NaN, Double.NaN),
                ChangeTest.Basis.NONE);
    }

    /** Each target's spread between rounds of its sustainable throughputs, pooled over its search cases on both sides. */
    static Map<String, PooledVariance> pooledByTarget(Summaries a, Summaries b) {
        List<List<CaseResult>> cases = new ArrayList<>();
        for (Summaries side : List.of(a, b)) {
            side.all().forEach(s -> cases.add(s.repetitions()));
        }
        return SustainableRounds.pooledByTarget(cases);
    }
}
