package showdown.harness.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import showdown.harness.results.CaseIdentity;
import showdown.harness.results.CaseResult;
import showdown.harness.results.Interval;
import showdown.harness.results.SustainableOverRounds;
import showdown.harness.results.SustainableThroughput;

/** A search case's sustainable throughput over rounds, taken as req/s is over rounds. */
class SustainableRoundsTest {

    private static SustainableThroughput found(double limitMicros, double rate) {
        return new SustainableThroughput("p99", limitMicros, rate, new Interval(rate, rate * 1.05), "latency", false,
                List.of());
    }

    /** One search case of {@code target}, a round per pair of rates: at p99 <= 10 ms and at p99 <= 100 ms. */
    private static List<CaseResult> rounds(String target, String request, double[]... atTenAndHundred) {
        List<CaseResult> out = new ArrayList<>();
        for (int r = 0; r < atTenAndHundred.length; r++) {
            out.add(CaseResult.builder().identity(new CaseIdentity(target, "custom", request, 64, r))
                    .sustainable(List.of(found(10_000, atTenAndHundred[r][0]), found(100_000, atTenAndHundred[r][1])))
                    .build());
        }
        return out;
    }

    @Test
    void theFigureAndIntervalAreThoseOfRequestsPerSecondOverRounds() {
        List<CaseResult> rounds = rounds("netty", "GET /", new double[] {4_000, 8_000}, new double[] {5_000, 9_000},
                new double[] {4_500, 8_500});
        PooledVariance pooled = SustainableRounds.pooledByTarget(List.of(rounds)).get("netty");
        // Pooled over both latency targets: 2 degrees of freedom from each.
        assertThat(pooled.degreesOfFreedom()).isEqualTo(4);
        double[] atTen = SustainableRounds.values(rounds, "p99 <= 10 ms");
        assertThat(atTen).containsExactly(4_000, 5_000, 4_500);
        double figure = RoundStatistics.geometricMean(atTen);
        assertThat(figure).isCloseTo(Math.cbrt(4_000.0 * 5_000 * 4_500), within(1e-6));
        Interval i = SustainableRounds.interval(rounds, "p99 <= 10 ms", pooled, 0.95);
        assertThat(i).isEqualTo(RoundStatistics.interval(figure, 3, pooled, 0.95));
        assertThat(i.low()).isLessThan(figure);
        assertThat(i.high()).isGreaterThan(figure);
        assertThat(SustainableRounds.interval(rounds.subList(0, 1), "p99 <= 10 ms", pooled, 0.95)).isNull();
    }

    @Test
    void aRoundThatFoundNoRateIsLeftOut() {
        List<CaseResult> rounds = rounds("netty", "GET /", new double[] {0, 8_000}, new double[] {5_000, 9_000});
        assertThat(SustainableRounds.values(rounds, "p99 <= 10 ms")).containsExactly(5_000);
        assertThat(SustainableRounds.interval(rounds, "p99 <= 10 ms",
                SustainableRounds.pooledByTarget(List.of(rounds)).get("netty"), 0.95)).isNull();
    }

    @Test
    void aRunsSearchCasesAreSummarizedPerLatencyTargetInOrderWithTwoRoundsOrMore() {
        List<CaseResult> cases = new ArrayList<>(rounds("netty", "GET /", new double[] {4_000, 8_000},
                new double[] {5_000, 9_000}));
        cases.addAll(rounds("jetty", "GET /", new double[] {3_000, 6_000})); // one round: no figure over rounds
        cases.add(CaseResult.builder().identity(new CaseIdentity("netty", "custom", "GET /json", 64, 0)).build());
        List<SustainableOverRounds> all = SustainableRounds.summarize(cases);
        assertThat(all).extracting(SustainableOverRounds::target, SustainableOverRounds::limitMicros,
                SustainableOverRounds::rounds).containsExactly(
                org.assertj.core.groups.Tuple.tuple("netty", 10_000.0, 2),
                org.assertj.core.groups.Tuple.tuple("netty", 100_000.0, 2));
        assertThat(all.get(0).requestsPerSecond()).isCloseTo(Math.sqrt(4_000.0 * 5_000), within(1e-6));
        assertThat(all.get(0).interval()).isNotNull();
        assertThat(all.get(0).interval().contains(all.get(0).requestsPerSecond())).isTrue();
    }
}
