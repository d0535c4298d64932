package showdown.harness.stats;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.ToDoubleFunction;
import showdown.harness.results.CaseResult;
import showdown.harness.results.Interval;
import showdown.harness.results.Uncertainty;

/**
 * The spread between rounds of one target's figures, pooled over its cases (see
 * {@link PooledVariance}): one for each figure with an interval.
 *
 * @param rate the spread of ln(req/s)
 * @param cpu  the spread of ln(server CPU-µs per request)
 * @param p99  the spread of ln(p99)
 */
public record RoundSpreads(PooledVariance rate, PooledVariance cpu, PooledVariance p99) {

    /**
     * Pools over cases, each given as its rounds (its repetitions: one {@link CaseResult} per round).
     * Only cases measured in at least two rounds add to it.
     */
    public static RoundSpreads of(Collection<List<CaseResult>> cases) {
        return new RoundSpreads(pool(cases, RoundSpreads::rate), pool(cases, RoundSpreads::cpu),
                pool(cases, RoundSpreads::p99));
    }

    /**
     * Each target's spread, pooled over its cases: every list is one case's rounds, named by the
     * target of its first round. Targets keep the order of their first case.
     */
    public static Map<String, RoundSpreads> byTarget(Collection<List<CaseResult>> cases) {
        Map<String, List<List<CaseResult>>> grouped = new LinkedHashMap<>();
        for (List<CaseResult> rounds : cases) {
            if (!rounds.isEmpty()) {
                grouped.computeIfAbsent(rounds.get(0).target(), t -> new ArrayList<>()).add(rounds);
            }
        }
        Map<String, RoundSpreads> out = new LinkedHashMap<>();
        grouped.forEach((target, ofTarget) -> out.put(target, of(ofTarget)));
        return out;
    }

    /**
     * The intervals of a case measured in these rounds, over rounds; null with fewer than two rounds
     * or when the target's spread is unknown (then the slices' bootstrap is all there is).
     */
    public Uncertainty uncertainty(List<CaseResult> rounds, double confidence) {
        if (rounds.size() < 2 || !rate.known()) {
            return null;
        }
        Interval r = RoundStatistics.interval(figure(rounds, RoundSpreads::rate), rounds.size(), rate, confidence);
        if (r == null) {
            return null;
        }
        int slices = rounds.stream().mapToInt(c -> c.samples().size()).sum();
        return new Uncertainty(confidence, Uncertainty.ROUNDS, rounds.size(), slices, r,
                RoundStatistics.interval(figure(rounds, RoundSpreads::cpu), rounds.size(), cpu, confidence),
                RoundStatistics.interval(figure(rounds, RoundSpreads::p99), rounds.size(), p99, confidence));
    }

    /** The rounds' req/s as one figure: their geometric mean, the centre of the log-scale interval. */
    public static double rateFigure(List<CaseResult> rounds) {
        return figure(rounds, RoundSpreads::rate);
    }

    /** How many rounds measured a request rate. */
    public static int rateRounds(List<CaseResult> rounds) {
        return PooledVariance.logs(values(rounds, RoundSpreads::rate)).length;
    }

    static double figure(List<CaseResult> rounds, ToDoubleFunction<CaseResult> f) {
        return RoundStatistics.geometricMean(values(rounds, f));
    }

    private static PooledVariance pool(Collection<List<CaseResult>> cases, ToDoubleFunction<CaseResult> f) {
        List<double[]> values = new ArrayList<>();
        cases.forEach(rounds -> values.add(values(rounds, f)));
        return PooledVariance.of(values);
    }

    private static double[] values(List<CaseResult> rounds, ToDoubleFunction<CaseResult> f) {
        return rounds.stream().mapToDouble(f).toArray();
    }

    private static double rate(CaseResult c) {
        return c.requestsPerSecond();
    }

    private static double cpu(CaseResult c) {
        Double v = c.server() == null ? null : c.server().cpuMicrosPerRequest();
        return v == null ? Double.NaN : v;
    }

    private static double p99(CaseResult c) {
        return c.latency() == null ? Double.NaN : c.latency().p99Micros();
    }
}
