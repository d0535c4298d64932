package showdown.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import showdown.harness.results.PercentilePoint;

/** The spectrum axis: whole decades of log10(1/(1-p)) read as percentiles. */
class ChartsTest {

    @Test
    void labelsWholeDecadesAsPercentiles() {
        assertThat(Charts.decadeLabel(0)).isEqualTo("0%");
        assertThat(Charts.decadeLabel(1)).isEqualTo("90%");
        assertThat(Charts.decadeLabel(2)).isEqualTo("99%");
        assertThat(Charts.decadeLabel(3.0000000001)).isEqualTo("99.9%");
        assertThat(Charts.decadeLabel(5)).isEqualTo("99.999%");
    }

    @Test
    void leavesTicksBetweenDecadesBlank() {
        assertThat(Charts.decadeLabel(0.5)).isEmpty();
        assertThat(Charts.decadeLabel(2.25)).isEmpty();
        assertThat(Charts.decadeLabel(-1)).isEmpty();
    }

    @Test
    void plotsEachPointAtLog10OfItsInverseTailInMilliseconds() {
        var chart = Charts.spectrum("t", Map.of("x", List.of(new PercentilePoint(0, 100), new PercentilePoint(99, 2_000),
                new PercentilePoint(100, 9_000), new PercentilePoint(50, 0))));
        var series = chart.getSeriesMap().get("x");
        // 100 % lies at infinity and 0 µs cannot sit on a log axis: both are left out.
        assertThat(series.getXData()).containsExactly(0.0, 2.0);
        assertThat(series.getYData()).containsExactly(0.1, 2.0);
    }
}
