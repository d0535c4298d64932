package showdown.load.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import org.assertj.core.data.Percentage;
import org.junit.jupiter.api.Test;
import showdown.load.Arrival;

class ArrivalScheduleTest {

    private static final int SENDS = 100_000;
    private static final long ORIGIN = 1_000_000_000L;

    @Test
    void uniformGapsAreTheRatesGapToTheNanosecond() {
        ArrivalSchedule s = new ArrivalSchedule(Arrival.UNIFORM, 30_000, 0); // 33 333.3 ns: not a whole number
        s.start(ORIGIN, 500);
        long previous = s.take();
        assertThat(previous).isEqualTo(ORIGIN + 500);
        for (int i = 1; i < SENDS; i++) {
            long due = s.take();
            assertThat(due - previous).isBetween(33_333L, 33_334L);
            previous = due;
        }
        // closed-form: no rounding accumulates over the run
        assertThat(previous - (ORIGIN + 500)).isEqualTo(Math.round((SENDS - 1) * (1e9 / 30_000)));
    }

    @Test
    void poissonGapsFollowTheExponentialDistribution() {
        double[] gaps = gaps(Arrival.poisson(42));
        assertThat(exponentialDistance(gaps)).isLessThan(KS_CRITICAL_AT_ONE_PERCENT);
        assertThat(Arrays.stream(gaps).average().orElseThrow()).isCloseTo(MEAN_GAP, Percentage.withPercentage(2));
    }

    @Test
    void theSameStatisticRejectsEvenlySpacedArrivals() {
        assertThat(exponentialDistance(gaps(Arrival.UNIFORM))).isGreaterThan(KS_CRITICAL_AT_ONE_PERCENT);
    }

    private static final double RATE = 10_000;
    private static final double MEAN_GAP = 1e9 / RATE;
    /** Kolmogorov-Smirnov's critical distance at the 1 % level for this many gaps. */
    private static final double KS_CRITICAL_AT_ONE_PERCENT = 1.628 / Math.sqrt(SENDS);

    private static double[] gaps(Arrival arrival) {
        ArrivalSchedule s = new ArrivalSchedule(arrival, RATE, 0);
        s.start(ORIGIN, 0);
        double[] gaps = new double[SENDS];
        long previous = ORIGIN;
        for (int i = 0; i < SENDS; i++) {
            long due = s.take();
            gaps[i] = due - previous;
            previous = due;
        }
        return gaps;
    }

    /** The largest distance between the gaps' empirical distribution and the exponential of mean {@link #MEAN_GAP}. */
    private static double exponentialDistance(double[] gaps) {
        double[] sorted = gaps.clone();
        Arrays.sort(sorted);
        double d = 0;
        for (int i = 0; i < sorted.length; i++) {
            double cdf = 1 - Math.exp(-sorted[i] / MEAN_GAP);
            d = Math.max(d, Math.max((i + 1.0) / sorted.length - cdf, cdf - (double) i / sorted.length));
        }
        return d;
    }

    @Test
    void aSeedRepeatsTheScheduleAndEachLoopHasItsOwn() {
        long[] first = dues(Arrival.poisson(7), 0);
        assertThat(dues(Arrival.poisson(7), 0)).containsExactly(first);
        assertThat(dues(Arrival.poisson(7), 1)).isNotEqualTo(first);
        assertThat(dues(Arrival.poisson(8), 0)).isNotEqualTo(first);
    }

    @Test
    void dueTimesNeverGoBackwards() {
        ArrivalSchedule s = new ArrivalSchedule(Arrival.poisson(3), 1e6, 0);
        s.start(ORIGIN, 0);
        long previous = ORIGIN;
        for (int i = 0; i < SENDS; i++) {
            long due = s.take();
            assertThat(due).isGreaterThanOrEqualTo(previous);
            previous = due;
        }
    }

    private static long[] dues(Arrival arrival, int loop) {
        ArrivalSchedule s = new ArrivalSchedule(arrival, 1000, loop);
        s.start(ORIGIN, 0);
        long[] dues = new long[100];
        for (int i = 0; i < dues.length; i++) {
            dues[i] = s.take();
        }
        return dues;
    }
}
