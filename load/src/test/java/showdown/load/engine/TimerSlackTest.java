package showdown.load.engine;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import showdown.load.stats.TimerSlackSetting;

/**
 * The Java 21 version of {@link TimerSlack}, which the tests run (they load the classes from a
 * folder, where the jar's Java 22 version is not chosen; the CLI's TimerSlackInJarTest runs that
 * one): it lowers nothing and says why.
 */
class TimerSlackTest {

    @Test
    void theJava21VersionKeepsTheKernelsDefaultAndSaysItNeedsJdk22() {
        TimerSlackSetting s = TimerSlack.lowerForThisThread(PacedIoHandler.PACING_TIMER_SLACK_NANOS);
        assertThat(s.wasLowered()).isFalse();
        assertThat(s.nanos()).isEqualTo(-1);
        assertThat(s.describe()).isEqualTo("timer slack: the kernel's default; lowering it needs a JDK >= 22");
    }

    @Test
    void aLoweredSettingSaysItsValueAndARunReportsItsWorstLoop() {
        TimerSlackSetting one = TimerSlackSetting.lowered(1_000);
        TimerSlackSetting two = TimerSlackSetting.lowered(2_500);
        TimerSlackSetting kept = TimerSlackSetting.notLowered("prctl(PR_SET_TIMERSLACK) refused it");
        assertThat(one.describe()).isEqualTo("timer slack 1 us");
        assertThat(two.describe()).isEqualTo("timer slack 2.500 us");
        assertThat(one.worse(two)).isEqualTo(two);
        assertThat(two.worse(one)).isEqualTo(two);
        assertThat(one.worse(kept)).isEqualTo(kept);
        assertThat(kept.worse(one)).isEqualTo(kept);
        assertThat(one.worse(null)).isEqualTo(one);
    }
}
