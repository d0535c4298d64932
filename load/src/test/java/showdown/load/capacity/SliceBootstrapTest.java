package showdown.load.capacity;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class SliceBootstrapTest {

    private static Histogram slice(long... valuesNanos) {
        Histogram h = new Histogram(3);
        for (long v : valuesNanos) {
            h.recordValue(v);
        }
        return h;
    }

    @Test
    void identicalSlicesGiveAPoint() {
        List<Histogram> slices = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            slices.add(slice(1_000_000, 2_000_000, 3_000_000, 4_000_000));
        }
        QuantileInterval i = SliceBootstrap.interval(slices, 50);
        assertThat(i.lowNanos()).isEqualTo(i.highNanos());
        assertThat(i.lowNanos()).isBetween(2_000_000L, 2_002_000L); // its bucket's highest equivalent value
    }

    @Test
    void oneSlowSliceInTenWidensTheIntervalOfTheHighQuantile() {
        List<Histogram> slices = new ArrayList<>();
        for (int i = 0; i < 9; i++) {
            slices.add(slice(1_000_000, 1_000_000, 1_000_000, 1_000_000));
        }
        slices.add(slice(50_000_000, 50_000_000, 50_000_000, 50_000_000));
        QuantileInterval i = SliceBootstrap.interval(slices, 99);
        // a resample without the slow slice has p99 1 ms; one with it has p99 50 ms
        assertThat(i.lowNanos()).isLessThan(1_001_000L);
        assertThat(i.highNanos()).isGreaterThan(49_000_000L);
        assertThat(i.against(10_000_000L)).isEqualTo(QuantileInterval.Side.ACROSS);
    }

    @Test
    void emptySlicesAreLeftOutAndNoAnswersGiveNoInterval() {
        assertThat(SliceBootstrap.interval(List.of(new Histogram(3), new Histogram(3)), 99)).isNull();
        QuantileInterval i = SliceBootstrap.interval(List.of(new Histogram(3), slice(5_000_000)), 99);
        assertThat(i.lowNanos()).isEqualTo(i.highNanos());
    }
}
