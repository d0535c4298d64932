package showdown.hosts;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import org.junit.jupiter.api.Test;

class ClockTest {

    static long wallNanos() {
        Instant now = Instant.now();
        return now.getEpochSecond() * 1_000_000_000L + now.getNano();
    }

    /**
     * Two clocks anchored apart in one process read the same time: what each anchor got wrong is the
     * width of its tightest bracket, far below the 1 ms that --max-clock-offset allows by default.
     */
    @Test
    void twoAnchoredClocksAgreeWellWithinTheDefaultBound() {
        Clock first = Clock.SystemClock.anchored(Clock.SystemClock.ANCHOR_READINGS);
        Clock second = Clock.SystemClock.anchored(Clock.SystemClock.ANCHOR_READINGS);

        long firstBefore = first.epochNanos();
        long secondBetween = second.epochNanos();
        long firstAfter = first.epochNanos();

        // A pause between the reads widens the window; it cannot make the clocks disagree.
        assertThat(secondBetween).isBetween(firstBefore - 250_000L, firstAfter + 250_000L);
    }

    @Test
    void anAnchoredClockReadsTheWallClock() {
        long before = wallNanos();
        long read = Clock.system().epochNanos();
        long after = wallNanos();

        // The wall clock may have been stepped since the anchor, so allow a generous window.
        assertThat(read).isBetween(before - 1_000_000_000L, after + 1_000_000_000L);
    }
}
