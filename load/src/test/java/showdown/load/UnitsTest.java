package showdown.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Numbers as wrk prints them (checked against the seed benchmarks' own wrk output), and the one
 * duration grammar every command parses.
 */
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
        assertThat(Units.parseDuration(" 1H ")).isEqualTo(Duration.ofHours(1));
        assertThat(Units.parseMetric("1k")).isEqualTo(1000);
        assertThat(Units.parseMetric("400")).isEqualTo(400);
        assertThatThrownBy(() -> Units.parseDuration("soon")).isInstanceOf(LoadException.class);
        assertThatThrownBy(() -> Units.parseDuration("3y")).isInstanceOf(LoadException.class);
        assertThatThrownBy(() -> Units.parseMetric("x")).isInstanceOf(LoadException.class);
    }

    @Test
    void parsesFractionalDurationsWithEveryUnit() {
        assertThat(Units.parseDuration("2.5s")).isEqualTo(Duration.ofMillis(2500));
        assertThat(Units.parseDuration("2.5")).isEqualTo(Duration.ofMillis(2500));
        assertThat(Units.parseDuration("0.5ms")).isEqualTo(Duration.ofNanos(500_000));
        assertThat(Units.parseDuration("1.5m")).isEqualTo(Duration.ofSeconds(90));
        assertThat(Units.parseDuration("0.25h")).isEqualTo(Duration.ofMinutes(15));
        assertThat(Units.parseDuration("1.5 S")).isEqualTo(Duration.ofMillis(1500));
        assertThat(Units.parseDuration("0.000000001s")).isEqualTo(Duration.ofNanos(1));
        assertThat(Units.parseDuration("0s")).isEqualTo(Duration.ZERO);
        // half a nanosecond rounds up, less rounds down; the longest a long holds, and one more
        assertThat(Units.parseDuration("0.0000000005s")).isEqualTo(Duration.ofNanos(1));
        assertThat(Units.parseDuration("0.00000000049999s")).isEqualTo(Duration.ZERO);
        assertThat(Units.parseDuration("9223372036.854775807s")).isEqualTo(Duration.ofNanos(Long.MAX_VALUE));
        assertThatThrownBy(() -> Units.parseDuration("9223372036.854775808s")).isInstanceOf(LoadException.class);
    }

    @ParameterizedTest
    @ValueSource(strings = {"", " ", "s", "2.", ".5s", "2.5.1s", "-1s", "+1s", "1e3s", "2,5s", "1d", "1 us", "5mss"})
    void refusesABadDurationInOneLineNamingIt(String text) {
        assertThatThrownBy(() -> Units.parseDuration(text))
                .isInstanceOf(LoadException.class)
                .hasMessage("'" + text + "' is not a duration (examples: 500ms, 2.5s, 3m; no unit means seconds)");
    }

    @Test
    void refusesADurationTooLongForNanoseconds() {
        assertThatThrownBy(() -> Units.parseDuration("9999999999h")).isInstanceOf(LoadException.class)
                .hasMessage("'9999999999h' is too long a duration");
    }
}
