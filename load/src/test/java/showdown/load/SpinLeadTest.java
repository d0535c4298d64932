package showdown.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** The spin lead's rule and how {@code --spin-lead} reads. */
class SpinLeadTest {

    @Test
    void theAutomaticLeadIsTwoPercentOfTheGapUpToTwentyMicroseconds() {
        assertThat(SpinLead.AUTO.nanosFor(1e9 / 1_000)).as("1,000 due times a second").isEqualTo(20_000);
        assertThat(SpinLead.AUTO.nanosFor(1e9 / 10_000)).as("10,000 due times a second").isEqualTo(2_000);
        assertThat(SpinLead.AUTO.nanosFor(1e9 / 100)).as("100 a second: the ceiling").isEqualTo(20_000);
        assertThat(SpinLead.AUTO.nanosFor(1e9 / 1_000_000)).as("1,000,000 a second").isEqualTo(20);
    }

    @Test
    void aFixedLeadIgnoresTheGapAndZeroIsNoSpin() {
        assertThat(SpinLead.micros(7).nanosFor(1e9 / 10_000)).isEqualTo(7_000);
        assertThat(SpinLead.OFF.nanosFor(1e9 / 1_000)).isZero();
    }

    @Test
    void itParsesAutoAndWholeMicrosecondsAndRefusesTheRestInOneLine() {
        assertThat(SpinLead.parse("auto")).isEqualTo(SpinLead.AUTO);
        assertThat(SpinLead.parse("0")).isEqualTo(SpinLead.OFF);
        assertThat(SpinLead.parse("15us")).isEqualTo(SpinLead.micros(15));
        assertThat(SpinLead.parse(SpinLead.micros(15).id())).isEqualTo(SpinLead.micros(15));
        assertThatThrownBy(() -> SpinLead.parse("5ms")).isInstanceOf(LoadException.class)
                .hasMessage("--spin-lead is auto or 0 to 1000 microseconds, not '5ms'");
        assertThatThrownBy(() -> SpinLead.parse("1001")).isInstanceOf(LoadException.class);
    }
}
