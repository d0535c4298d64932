package showdown.harness.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import showdown.harness.results.Interval;

/**
 * The verdicts on synthetic data with known answers: one target's cases, each measured in a few
 * rounds whose figures scatter by a known relative noise around a known rate, as fresh starts of
 * a target do; and single windows of quarter-second slices, which never give a verdict.
 */
class ChangeTestTest {

    private static final int SLICES = 10;
    private static final double SLICE_SECONDS = 0.25;
    private static final int CASES = 12;

    private final ChangeTest fivePerCent = new ChangeTest(new Bootstrap(1_000, 0.95, 1), 5.0);

    /** One round of {@code n} slices whose rates scatter by {@code noise} (relative sd) around {@code rate}. */
    static List<double[]> window(SplittableRandom random, double rate, double noise, int n) {
        List<double[]> slices = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            double r = rate * (1 + noise * random.nextGaussian());
            slices.add(new double[] {r * SLICE_SECONDS, SLICE_SECONDS});
        }
        return slices;
    }

    /** {@code rounds} figures of one case, log-normal with relative sd {@code noise} around {@code rate}. */
    static double[] rounds(SplittableRandom random, double rate, double noise, int rounds) {
        double[] v = new double[rounds];
        for (int i = 0; i < rounds; i++) {
            v[i] = rate * Math.exp(noise * random.nextGaussian());
        }
        return v;
    }

    /**
     * One target compared: {@link #CASES} cases at different rates, each side measured in
     * {@code rounds} rounds, B's rates {@code factor} times A's; the verdicts, case by case.
     */
    List<ChangeTest.Change> compareTarget(ChangeTest test, SplittableRandom random, double factor, double noise,
                                          int rounds) {
        List<double[]> a = new ArrayList<>();
        List<double[]> b = new ArrayList<>();
        for (int c = 0; c < CASES; c++) {
            double rate = 10_000 * (c + 1);
            a.add(rounds(random, rate, noise, rounds));
            b.add(rounds(random, rate * factor, noise, rounds));
        }
        List<double[]> both = new ArrayList<>(a);
        both.addAll(b);
        PooledVariance pooled = PooledVariance.of(both);
        List<ChangeTest.Change> out = new ArrayList<>();
        for (int c = 0; c < CASES; c++) {
            out.add(test.compareRounds(geometricMean(a.get(c)), rounds, geometricMean(b.get(c)), rounds, pooled));
        }
        return out;
    }

    static double geometricMean(double[] v) {
        double s = 0;
        for (double x : v) {
            s += Math.log(x);
        }
        return Math.exp(s / v.length);
    }

    private static long count(List<ChangeTest.Change> changes, ChangeTest.Verdict v) {
        return changes.stream().filter(c -> c.verdict() == v).count();
    }

    @Test
    void aTenPerCentDropIsSlowerAndATenPerCentGainFaster() {
        SplittableRandom random = new SplittableRandom(7);
        int slower = 0;
        int faster = 0;
        int cases = 0;
        for (int trial = 0; trial < 20; trial++) {
            List<ChangeTest.Change> down = compareTarget(fivePerCent, random, 0.90, 0.01, 3);
            List<ChangeTest.Change> up = compareTarget(fivePerCent, random, 1.10, 0.01, 3);
            slower += count(down, ChangeTest.Verdict.SLOWER);
            faster += count(up, ChangeTest.Verdict.FASTER);
            cases += CASES;
            for (ChangeTest.Change d : down) {
                assertThat(d.basis()).isEqualTo(ChangeTest.Basis.ROUNDS);
                assertThat(d.changePercent()).isBetween(-16.0, -4.0);
                assertThat(d.ciPercent().contains(d.changePercent())).isTrue();
            }
        }
        // 1 % noise per round, 3 rounds a side, 48 degrees of freedom: the change's sd is 0.8 % and
        // the interval ±1.7 % around it, so a 10 % shift clears the 5 % threshold nearly always.
        assertThat(slower).isGreaterThanOrEqualTo(cases * 95 / 100);
        assertThat(faster).isGreaterThanOrEqualTo(cases * 95 / 100);
    }

    @Test
    void equalDistributionsAreSameAndAlmostNeverDifferent() {
        SplittableRandom random = new SplittableRandom(11);
        int same = 0;
        int different = 0;
        int cases = 0;
        for (int trial = 0; trial < 20; trial++) {
            List<ChangeTest.Change> c = compareTarget(fivePerCent, random, 1.0, 0.01, 3);
            same += count(c, ChangeTest.Verdict.SAME);
            different += count(c, ChangeTest.Verdict.FASTER) + count(c, ChangeTest.Verdict.SLOWER);
            cases += CASES;
        }
        assertThat(different).isZero();
        assertThat(same).isGreaterThanOrEqualTo(cases * 9 / 10);
    }

    @Test
    void withoutAThresholdEqualDistributionsDifferAtTheIntervalsMissRate() {
        // Threshold 0: faster or slower means the interval missed the true change (0), which a 95 %
        // interval does 5 % of the time; 480 cases put the count between 2 % and 9 % nearly surely.
        ChangeTest noThreshold = new ChangeTest(new Bootstrap(1_000, 0.95, 3), 0.0);
        SplittableRandom random = new SplittableRandom(13);
        int different = 0;
        int cases = 0;
        for (int trial = 0; trial < 40; trial++) {
            List<ChangeTest.Change> c = compareTarget(noThreshold, random, 1.0, 0.10, 2);
            different += count(c, ChangeTest.Verdict.FASTER) + count(c, ChangeTest.Verdict.SLOWER);
            cases += CASES;
        }
        assertThat(different).isBetween(cases * 2 / 100, cases * 9 / 100);
    }

    @Test
    void noisierRoundsGiveAWiderIntervalAndInconclusiveVerdicts() {
        SplittableRandom random = new SplittableRandom(19);
        // ±14 % between rounds, as measured on a shared 2-core VM: two rounds cannot vouch for 10 %.
        List<ChangeTest.Change> c = compareTarget(fivePerCent, random, 0.90, 0.14, 2);
        assertThat(count(c, ChangeTest.Verdict.SLOWER)).isLessThan(CASES / 2);
        assertThat(c.get(0).ciPercent().high() - c.get(0).ciPercent().low()).isGreaterThan(20.0);
    }

    @Test
    void oneWindowASideIsInconclusiveHoweverLargeTheChange() {
        SplittableRandom random = new SplittableRandom(17);
        ChangeTest.Change c = fivePerCent.withinWindows(List.of(window(random, 50_000, 0.01, SLICES)),
                List.of(window(random, 25_000, 0.01, SLICES)));
        assertThat(c.verdict()).isEqualTo(ChangeTest.Verdict.INCONCLUSIVE);
        assertThat(c.basis()).isEqualTo(ChangeTest.Basis.SLICES);
        assertThat(c.changePercent()).isBetween(-52.0, -48.0);
        assertThat(c.ciPercent().high()).isLessThan(-45.0);
    }

    @Test
    void aSideWithASingleSliceHasNoInterval() {
        ChangeTest.Change c = fivePerCent.withinWindows(List.of(List.<double[]>of(new double[] {100, 1})),
                List.of(List.<double[]>of(new double[] {200, 1})));
        assertThat(c.verdict()).isEqualTo(ChangeTest.Verdict.INCONCLUSIVE);
        assertThat(c.basis()).isEqualTo(ChangeTest.Basis.NONE);
        assertThat(c.changePercent()).isEqualTo(100.0);
    }

    @Test
    void withoutAKnownSpreadBetweenRoundsTheVerdictIsInconclusive() {
        ChangeTest.Change c = fivePerCent.compareRounds(100, 2, 50, 2, PooledVariance.NONE);
        assertThat(c.verdict()).isEqualTo(ChangeTest.Verdict.INCONCLUSIVE);
        assertThat(c.basis()).isEqualTo(ChangeTest.Basis.NONE);
        assertThat(c.changePercent()).isEqualTo(-50.0);
    }

    @Test
    void repetitionsAsBlocksWidenTheSliceIntervalByTheSpreadBetweenStarts() {
        SplittableRandom random = new SplittableRandom(17);
        // Three starts at 48k, 50k and 52k: each start's slices are tight, the starts are not.
        List<List<double[]>> rounds = List.of(window(random, 48_000, 0.01, SLICES),
                window(random, 50_000, 0.01, SLICES), window(random, 52_000, 0.01, SLICES));
        Bootstrap b = new Bootstrap(2_000, 0.95, 5);
        Interval blocked = b.ratio(rounds);
        Interval naive = b.ratio(List.of(rounds.stream().flatMap(List::stream).toList()));
        assertThat(blocked.high() - blocked.low()).isGreaterThan(2 * (naive.high() - naive.low()));
        assertThat(blocked.contains(50_000)).isTrue();
    }

    @Test
    void theIntervalOfAKnownRatioHoldsIt() {
        // Every slice exactly 1,000 requests in 0.25 s: the ratio is 4,000/s and the interval has no width.
        List<double[]> exact = new ArrayList<>();
        for (int i = 0; i < SLICES; i++) {
            exact.add(new double[] {1_000, 0.25});
        }
        Interval i = Bootstrap.standard().ratio(List.of(exact));
        assertThat(i.low()).isEqualTo(4_000.0);
        assertThat(i.high()).isEqualTo(4_000.0);
    }

    @Test
    void thePooledVarianceAndStudentsTHaveTheirTextbookValues() {
        // ln values {0, 1} and {2, 4}: squares about the means 0.25 + 0.25 + 1 + 1 = 2.5 over 2 degrees of freedom.
        PooledVariance v = PooledVariance.of(List.of(new double[] {1, Math.E},
                new double[] {Math.exp(2), Math.exp(4)}, new double[] {7}));
        assertThat(v.degreesOfFreedom()).isEqualTo(2);
        assertThat(v.variance()).isCloseTo(1.25, within(1e-12));
        assertThat(RoundStatistics.t(1, 0.95)).isCloseTo(12.706, within(1e-3));
        assertThat(RoundStatistics.t(24, 0.95)).isCloseTo(2.064, within(1e-3));
        Interval i = RoundStatistics.interval(100, 4, new PooledVariance(0.01, 30), 0.95);
        double half = RoundStatistics.t(30, 0.95) * 0.1 / 2;
        assertThat(i.low()).isCloseTo(100 * Math.exp(-half), within(1e-9));
        assertThat(i.high()).isCloseTo(100 * Math.exp(half), within(1e-9));
        assertThat(PooledVariance.of(List.of(new double[] {5}, new double[] {0, 3})).known()).isFalse();
    }
}
