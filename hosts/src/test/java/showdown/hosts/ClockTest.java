package showdown.hosts;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import showdown.contract.AgentRole;
import showdown.hosts.control.AgentLink;
import showdown.hosts.control.ClockOffset;

/** The clocks a run compares: how one is anchored, and how an agent's offset is measured, against known answers. */
class ClockTest {

    /** The wall clock is this far ahead of the fake monotonic clock. */
    private static final long WALL_AHEAD_NANOS = 1_700_000_000_000_000_000L;

    @TempDir
    java.nio.file.Path dir;

    /**
     * Three brackets of a wall-clock read between two monotonic reads: the first was preempted
     * (4 µs wide, the wall read late in it), the second is 100 ns wide with the wall read at its
     * midpoint. The anchor must come from the second, so the clock is exact; the first would put it
     * 1.9 µs off.
     */
    @Test
    void anAnchorComesFromTheNarrowestBracketAndCarriesNoBiasFromAPreemptedOne() {
        Deque<Long> monotonic = new ArrayDeque<>(List.of(1_000L, 5_000L, 10_000L, 10_100L, 20_000L, 20_300L));
        Deque<Instant> wall = new ArrayDeque<>(List.of(wallAt(4_900), wallAt(10_050), wallAt(20_150)));
        Clock clock = Clock.SystemClock.anchored(3, monotonic::removeFirst, wall::removeFirst);

        monotonic.add(50_000L); // the monotonic clock when the anchored clock is read
        assertThat(clock.epochNanos()).isEqualTo(WALL_AHEAD_NANOS + 50_000L);
    }

    @Test
    void anAgentsClockOffsetIsMeasuredWithItsSignAndTheTruthLiesWithinTheStatedError() throws Exception {
        try (AgentHarness h = new AgentHarness(dir)) {
            for (long injected : new long[] {5_000_000L, -3_000_000L}) {
                AgentHarness.Running agent = h.startAgent(AgentRole.LOAD, List.of(), Duration.ofSeconds(30),
                        Clock.system().offsetBy(injected));
                AgentLink link = h.link("load", agent, AgentRole.LOAD);
                ClockOffset measured = ClockOffset.measure(link, Clock.system(), Duration.ofMillis(1));
                assertThat(Long.signum(measured.offsetNanos())).isEqualTo(Long.signum(injected));
                // the agent read its clock inside the round trip: off by at most half of it, never more
                assertThat(Math.abs(measured.offsetNanos() - injected)).isLessThanOrEqualTo(measured.errorNanos());
            }
        }
    }

    private static Instant wallAt(long monotonicNanos) {
        long nanos = WALL_AHEAD_NANOS + monotonicNanos;
        return Instant.ofEpochSecond(nanos / 1_000_000_000L, nanos % 1_000_000_000L);
    }
}
