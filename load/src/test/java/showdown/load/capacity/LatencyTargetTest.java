package showdown.load.capacity;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import showdown.load.LoadException;

class LatencyTargetTest {

    @Test
    void readsAQuantileAndATime() {
        LatencyTarget t = LatencyTarget.parse("p99=10ms");
        assertThat(t.percentile()).isEqualTo(99.0);
        assertThat(t.limitNanos()).isEqualTo(10_000_000L);
        assertThat(t.describe()).isEqualTo("p99 <= 10 ms");
        assertThat(LatencyTarget.parse("P99.9 = 2.5ms").percentile()).isEqualTo(99.9);
        assertThat(LatencyTarget.parse("p50=1s").limitNanos()).isEqualTo(1_000_000_000L);
        assertThat(LatencyTarget.parse("p90=250ms").describe()).isEqualTo("p90 <= 250 ms");
    }

    @Test
    void refusesWhatItCannotRead() {
        assertThatThrownBy(() -> LatencyTarget.parse("10ms")).isInstanceOf(LoadException.class)
                .hasMessage("--slo takes QUANTILE=TIME, e.g. p99=10ms, not '10ms'");
        assertThatThrownBy(() -> LatencyTarget.parse("p95=10ms")).isInstanceOf(LoadException.class)
                .hasMessage("--slo: unknown quantile 'p95': use p50, p90, p99 or p99.9");
        assertThatThrownBy(() -> LatencyTarget.parse("p99=0ms")).isInstanceOf(LoadException.class)
                .hasMessage("--slo: the latency target must be positive, not '0ms'");
        assertThatThrownBy(() -> LatencyTarget.parse("p99=-1ms")).isInstanceOf(LoadException.class)
                .hasMessageStartingWith("--slo: '-1ms' is not a duration");
    }

    @Test
    void readsSeveralTargetsInTheOrderWrittenAndRefusesOneTwice() {
        assertThat(LatencyTarget.parseAll("p99=10ms, p99=100ms")).extracting(LatencyTarget::describe)
                .containsExactly("p99 <= 10 ms", "p99 <= 100 ms");
        assertThat(LatencyTarget.parseAll("p50=1ms")).extracting(LatencyTarget::describe).containsExactly("p50 <= 1 ms");
        assertThatThrownBy(() -> LatencyTarget.parseAll("p99=10ms,p99=10ms")).isInstanceOf(LoadException.class)
                .hasMessage("--slo: p99 <= 10 ms is given twice");
        assertThatThrownBy(() -> LatencyTarget.parseAll("p99=10ms,")).isInstanceOf(LoadException.class);
    }
}
