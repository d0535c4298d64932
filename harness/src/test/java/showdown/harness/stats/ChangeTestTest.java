package showdown.harness.stats;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import showdown.harness.results.Interval;

/**
 * The verdicts on synthetic slices with known answers: rates drawn around a known mean with a
 * known noise, the way a case's quarter-second slices scatter on a quiet machine.
 */
class ChangeTestTest {

    private static final int SLICES = 10;
    private static final double SLICE_SECONDS = 0.25;

    /** One round of {@code n} slices whose rates scatter by {@code noise} (relative sd) around {@code rate}. */
    static List<double[]> round(SplittableRandom random, double rate, double noise, int n) {
        List<double[]> slices = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            double r = rate * (1 + noise * random.nextGaussian());
            slices.add(new double[] {r * SLICE_SECONDS, SLICE_SECONDS});
        }
        return slices;
    }

    private final ChangeTest fivePerCent = new ChangeTest(new Bootstrap(1_000, 0.95, 1), 5.0);

    @Test
    void aTenPerCentDropIsSlowerAndATenPerCentGainFaster() {
        SplittableRandom random = new SplittableRandom(7);
        int slower = 0;
        int faster = 0;
        for (int trial = 0; trial < 50; trial++) {
            List<List<double[]>> a = List.of(round(random, 50_000, 0.03, SLICES));
            List<List<double[]>> down = List.of(round(random, 45_000, 0.03, SLICES));
            List<List<double[]>> up = List.of(round(random, 55_000, 0.03, SLICES));
            ChangeTest.Change d = fivePerCent.compare(a, down);
            slower += d.verdict() == ChangeTest.Verdict.SLOWER ? 1 : 0;
            faster += fivePerCent.compare(a, up).verdict() == ChangeTest.Verdict.FASTER ? 1 : 0;
            assertThat(d.changePercent()).isBetween(-14.0, -6.0);
            assertThat(d.ciPercent().contains(d.changePercent())).isTrue();
        }
        // 3 % slice noise over 10 slices: the interval is about ±2 % wide, so a 10 % shift clears 5 %.
        assertThat(slower).isGreaterThanOrEqualTo(48);
        assertThat(faster).isGreaterThanOrEqualTo(48);
    }

    @Test
    void equalDistributionsAreSameAndAlmostNeverDifferent() {
        SplittableRandom random = new SplittableRandom(11);
        int same = 0;
        int different = 0;
        int trials = 200;
        for (int trial = 0; trial < trials; trial++) {
            ChangeTest.Change c = fivePerCent.compare(List.of(round(random, 50_000, 0.03, SLICES)),
                    List.of(round(random, 50_000, 0.03, SLICES)));
            same += c.verdict() == ChangeTest.Verdict.SAME ? 1 : 0;
            different += c.verdict() == ChangeTest.Verdict.FASTER || c.verdict() == ChangeTest.Verdict.SLOWER ? 1 : 0;
        }
        assertThat(different).isZero();
        assertThat(same).isGreaterThanOrEqualTo(trials * 9 / 10);
    }

    @Test
    void withoutAThresholdEqualDistributionsDifferAtAboutTheIntervalsMissRate() {
        // Threshold 0: a verdict of faster or slower is the interval missing the true change (0),
        // which a 95 % interval does about 5 % of the time (a percentile bootstrap over 10 values
        // covers a little less than it claims, so up to about 12 %).
        ChangeTest noThreshold = new ChangeTest(new Bootstrap(1_000, 0.95, 3), 0.0);
        SplittableRandom random = new SplittableRandom(13);
        int different = 0;
        int trials = 400;
        for (int trial = 0; trial < trials; trial++) {
            ChangeTest.Verdict v = noThreshold.compare(List.of(round(random, 50_000, 0.05, SLICES)),
                    List.of(round(random, 50_000, 0.05, SLICES))).verdict();
            different += v == ChangeTest.Verdict.FASTER || v == ChangeTest.Verdict.SLOWER ? 1 : 0;
        }
        assertThat(different).isBetween(trials * 2 / 100, trials * 12 / 100);
    }

    @Test
    void repetitionsAsBlocksWidenTheIntervalByTheSpreadBetweenStarts() {
        SplittableRandom random = new SplittableRandom(17);
        // Three starts at 48k, 50k and 52k: each start's slices are tight, the starts are not.
        List<List<double[]>> rounds = List.of(round(random, 48_000, 0.01, SLICES), round(random, 50_000, 0.01, SLICES),
                round(random, 52_000, 0.01, SLICES));
        Bootstrap b = new Bootstrap(2_000, 0.95, 5);
        Interval blocked = b.ratio(rounds);
        List<List<double[]>> pooled = List.of(rounds.stream().flatMap(List::stream).toList());
        Interval naive = b.ratio(pooled);
        assertThat(blocked.high() - blocked.low()).isGreaterThan(2 * (naive.high() - naive.low()));
        assertThat(blocked.contains(50_000)).isTrue();
    }

    @Test
    void aSideWithASingleValueIsInconclusive() {
        ChangeTest.Change c = fivePerCent.compare(List.of(List.<double[]>of(new double[] {100, 1})),
                List.of(List.<double[]>of(new double[] {200, 1})));
        assertThat(c.verdict()).isEqualTo(ChangeTest.Verdict.INCONCLUSIVE);
        assertThat(c.changePercent()).isEqualTo(100.0);
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
}
