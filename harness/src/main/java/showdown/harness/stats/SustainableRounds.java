package showdown.harness.stats;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import showdown.harness.results.CaseIdentity;
import showdown.harness.results.CaseResult;
import showdown.harness.results.Interval;
import showdown.harness.results.SustainableOverRounds;
import showdown.harness.results.SustainableThroughput;

/**
 * The sustainable throughputs of a search case's rounds at one latency target, taken over the
 * rounds as req/s is ({@link RoundSpreads}, {@link RoundStatistics}): their geometric mean, and its
 * interval from Student's t with the spread between rounds pooled over the target's searches
 * (every search case and latency target of that target). A search that found no rate has no
 * sustainable throughput to take a logarithm of and is left out.
 */
public final class SustainableRounds {

    private SustainableRounds() {
    }

    /** The positive sustainable throughputs at {@code slo} ({@link SustainableThroughput#slo()}) of a case's rounds. */
    public static double[] values(List<CaseResult> rounds, String slo) {
        return rounds.stream().flatMap(c -> c.sustainable().stream()).filter(f -> f.slo().equals(slo))
                .mapToDouble(SustainableThroughput::requestsPerSecond).filter(v -> v > 0).toArray();
    }

    /** The latency targets searched in a case's rounds, in the order first searched. */
    public static List<String> slos(List<CaseResult> rounds) {
        return rounds.stream().flatMap(c -> c.sustainable().stream()).map(SustainableThroughput::slo).distinct().toList();
    }

    /**
     * Each target's spread between rounds of its sustainable throughputs, pooled over its search
     * cases and their latency targets: every list is one case's rounds, named by the target of its
     * first round.
     */
    public static Map<String, PooledVariance> pooledByTarget(Collection<List<CaseResult>> cases) {
        Map<String, List<double[]>> byTarget = new LinkedHashMap<>();
        for (List<CaseResult> rounds : cases) {
            for (String slo : slos(rounds)) {
                double[] v = values(rounds, slo);
                if (v.length > 0) {
                    byTarget.computeIfAbsent(rounds.get(0).target(), t -> new ArrayList<>()).add(v);
                }
            }
        }
        Map<String, PooledVariance> pooled = new LinkedHashMap<>();
        byTarget.forEach((t, values) -> pooled.put(t, PooledVariance.of(values)));
        return pooled;
    }

    /**
     * The interval over the rounds of the case's sustainable throughput at {@code slo}; null with
     * fewer than two rounds that found a rate, or when the target's spread is unknown.
     */
    public static Interval interval(List<CaseResult> rounds, String slo, PooledVariance pooled, double confidence) {
        double[] v = values(rounds, slo);
        if (v.length < 2) {
            return null;
        }
        return RoundStatistics.interval(RoundStatistics.geometricMean(v), v.length, pooled, confidence);
    }

    /**
     * Every search case's sustainable throughput at each of its latency targets over the rounds of
     * {@code cases} (a run's cases, every repetition), in the order first recorded; only those that
     * found a rate in two or more rounds.
     */
    public static List<SustainableOverRounds> summarize(List<CaseResult> cases) {
        Map<CaseIdentity, List<CaseResult>> byCase = new LinkedHashMap<>();
        cases.stream().filter(CaseResult::searched)
                .forEach(c -> byCase.computeIfAbsent(c.identity().withoutRepetition(), k -> new ArrayList<>()).add(c));
        Map<String, PooledVariance> pooled = pooledByTarget(byCase.values());
        List<SustainableOverRounds> out = new ArrayList<>();
        byCase.forEach((id, rounds) -> {
            for (SustainableThroughput first : firstOfEach(rounds)) {
                double[] v = values(rounds, first.slo());
                if (v.length >= 2) {
                    out.add(new SustainableOverRounds(id.target(), id.scenario(), id.request(), id.connections(),
                            id.protocol(), first.quantile(), first.limitMicros(), v.length, RoundStatistics.geometricMean(v),
                            RoundStatistics.interval(RoundStatistics.geometricMean(v), v.length,
                                    pooled.getOrDefault(id.target(), PooledVariance.NONE), Bootstrap.DEFAULT_CONFIDENCE)));
                }
            }
        });
        return out;
    }

    /** One record per latency target searched, the first round's, in the order searched. */
    private static List<SustainableThroughput> firstOfEach(List<CaseResult> rounds) {
        Map<String, SustainableThroughput> bySlo = new LinkedHashMap<>();
        rounds.stream().flatMap(c -> c.sustainable().stream()).forEach(f -> bySlo.putIfAbsent(f.slo(), f));
        return List.copyOf(bySlo.values());
    }
}
