package showdown.load.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.channel.IoHandle;
import io.netty.channel.IoHandler;
import io.netty.channel.IoHandlerContext;
import io.netty.channel.IoRegistration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import showdown.load.Arrival;
import showdown.load.SpinLead;
import showdown.load.stats.PacingStats;

/**
 * The paced loop on a fake clock: an I/O handler that, when it may block, sleeps until its context's
 * deadline plus a late wake-up, and when it may not, polls for a fixed short time. With a spin lead
 * nothing is released before its due time, the blocking waits end a lead early, and the loop polls
 * without blocking in between; without one it never polls.
 */
class PacedIoHandlerSpinTest {

    private static final long GAP = 1_000_000; // 1,000 due times a second on the loop
    private static final long ORIGIN = 7_000_000_000L;
    private static final long POLL_NANOS = 300;

    private long now = ORIGIN;
    private final List<long[]> sent = new ArrayList<>();
    private final FakeIo io = new FakeIo();

    /** Sleeps until the deadline plus {@link #lateWakeNanos} when it may block; else polls for {@link #POLL_NANOS}. */
    final class FakeIo implements IoHandler {
        long lateWakeNanos;
        int blockingWaits;
        int polls;
        final List<Long> blockingWaitEnds = new ArrayList<>();

        @Override
        public int run(IoHandlerContext context) {
            if (context.canBlock()) {
                blockingWaits++;
                now += context.delayNanos(now) + lateWakeNanos;
                blockingWaitEnds.add(now);
            } else {
                polls++;
                now += POLL_NANOS;
            }
            return 0;
        }

        @Override
        public void wakeup() {
        }

        @Override
        public IoRegistration register(IoHandle handle) {
            throw new UnsupportedOperationException();
        }

        @Override
        public boolean isCompatible(Class<? extends IoHandle> handleType) {
            return true;
        }
    }

    /** The event loop's own context: no tasks, nothing scheduled. */
    private static final IoHandlerContext IDLE_LOOP = new IoHandlerContext() {
        @Override
        public boolean canBlock() {
            return true;
        }

        @Override
        public long delayNanos(long currentTimeNanos) {
            return Long.MAX_VALUE / 2;
        }

        @Override
        public long deadlineNanos() {
            return -1;
        }
    };

    private final PacedConnection connection = new PacedConnection() {
        @Override
        public boolean hasRoom() {
            return true;
        }

        @Override
        public void sendDue(long dueNanos, long sentNanos) {
            sent.add(new long[] {dueNanos, sentNanos});
        }
    };

    private PacedIoHandler pacedLoop(SpinLead lead, int dueTimes) {
        PacedIoHandler h = new PacedIoHandler(io, 0, () -> now);
        int[] left = {dueTimes};
        Pacer p = new Pacer(new ArrivalSchedule(Arrival.UNIFORM, 1e9 / GAP, 0), () -> now, n -> {
            int take = Math.min(n, left[0]);
            left[0] -= take;
            return take;
        }, new PacingStats());
        p.register(connection).roomAvailable();
        h.attach(p, lead);
        p.start(ORIGIN, GAP);
        return h;
    }

    private void runLoop(PacedIoHandler h, int dueTimes) {
        for (int i = 0; i < 100 * dueTimes && sent.size() < dueTimes; i++) {
            h.run(IDLE_LOOP);
        }
    }

    @Test
    void withALeadNothingIsReleasedBeforeItsDueTimeAndTheLoopPollsInTheLead() {
        int dueTimes = 1_000;
        PacedIoHandler h = pacedLoop(SpinLead.AUTO, dueTimes);
        runLoop(h, dueTimes);

        assertThat(sent).hasSize(dueTimes);
        for (int k = 0; k < dueTimes; k++) {
            long due = ORIGIN + GAP + k * GAP;
            assertThat(sent.get(k)[0]).as("due time %d", k).isEqualTo(due);
            assertThat(sent.get(k)[1]).as("release %d, not before its due time", k).isGreaterThanOrEqualTo(due);
            // the spin ends at the due time: released within one poll of it
            assertThat(sent.get(k)[1] - due).as("release %d after its due time", k).isLessThanOrEqualTo(POLL_NANOS);
        }
        long lead = SpinLead.AUTO.nanosFor(GAP);
        assertThat(io.blockingWaitEnds).as("each wait ends a lead before a due time")
                .allSatisfy(end -> assertThat(Math.floorMod(end - ORIGIN, GAP)).isEqualTo(GAP - lead));
        assertThat(io.polls).as("polls in the lead, about lead / poll a due time")
                .isGreaterThanOrEqualTo((int) (dueTimes * (lead / POLL_NANOS)));
    }

    @Test
    void aWakeUpLaterThanTheLeadReleasesAtOnceWithoutPolling() {
        int dueTimes = 100;
        PacedIoHandler h = pacedLoop(SpinLead.micros(5), dueTimes);
        io.lateWakeNanos = 8_000; // later than the 5 µs lead: past the due time already
        runLoop(h, dueTimes);

        assertThat(sent).hasSize(dueTimes).allSatisfy(s -> assertThat(s[1] - s[0]).isEqualTo(3_000));
        assertThat(io.polls).isZero();
    }

    @Test
    void withoutALeadTheLoopSleepsUntilTheDueTimeAndNeverPolls() {
        int dueTimes = 100;
        PacedIoHandler h = pacedLoop(SpinLead.OFF, dueTimes);
        runLoop(h, dueTimes);

        assertThat(sent).hasSize(dueTimes).allSatisfy(s -> assertThat(s[1]).isEqualTo(s[0]));
        assertThat(io.polls).isZero();
        assertThat(io.blockingWaits).isEqualTo(dueTimes);
    }
}
