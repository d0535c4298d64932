package showdown.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;

/** Numbers as wrk prints them (checked against the seed benchmarks' own wrk output). */
class UnitsTest {

    @Test
    void formatsTimesLikeWrk() {
        assertThat(Units.timeMicros(16_850)).isEqualTo("16.85ms");
        assertThat(Units.timeMicros(847_750)).isEqualTo("847.75ms");
        assertThat(Units.timeMicros(1_090_000)).isEqualTo("1.09s");
        assertThat(Units.timeMicros(595.5)).isEqualTo("595.50us");
        assertThat(Units.timeMicros(849)).isEqualTo("849.00us");
        assertThat(Units.timeMicros(850)).isEqualTo("0.85ms");
        assertThat(Units.timeSeconds(30)).isEqualTo("30s");
        assertThat(Units.timeSeconds(120)).isEqualTo("2m");
    }

    @Test
    void formatsSizesAndCountsLikeWrk() {
        assertThat(Units.binary(127.67 * 1024 * 1024)).isEqualTo("127.67M");
        assertThat(Units.binary(10.42 * 1024 * 1024 * 1024)).isEqualTo("10.42G");
        assertThat(Units.metric(3280)).isEqualTo("3.28k");
        assertThat(Units.metric(627.05)).isEqualTo("627.05");
    }

    @Test
    void parsesWrkArguments() {
        assertThat(Units.parseDuration("30s")).isEqualTo(Duration.ofSeconds(30));
        assertThat(Units.parseDuration("30S")).isEqualTo(Duration.ofSeconds(30));
        assertThat(Units.parseDuration("2m")).isEqualTo(Duration.ofMinutes(2));
        assertThat(Units.parseDuration("2000")).isEqualTo(Duration.ofSeconds(2000));
        assertThat(Units.parseDuration("250ms")).isEqualTo(Duration.ofMillis(250));
        assertThat(Units.parseMetric("1k")).isEqualTo(1000);
        assertThat(Units.parseMetric("400")).isEqualTo(400);
        assertThatThrownBy(() -> Units.parseDuration("soon")).isInstanceOf(LoadException.class);
        assertThatThrownBy(() -> Units.parseDuration("3y")).isInstanceOf(LoadException.class);
        assertThatThrownBy(() -> Units.parseMetric("x")).isInstanceOf(LoadException.class);
    }
}
