package showdown.load.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import showdown.load.Arrival;
import showdown.load.stats.PacingStats;

/** The pacer on a fake clock, with connections that answer when the test says. */
class PacerTest {

    private static final long GAP = 1_000; // 1 000 000 requests/sec: a 1 µs gap
    private static final long ORIGIN = 5_000_000;

    private long now = ORIGIN;
    /** How long the fake clock advances while a connection sends one request. */
    private long sendCost;
    private final PacingStats stats = new PacingStats();
    private final List<Sent> sent = new ArrayList<>();

    record Sent(long due, long at, FakeConnection on) {
    }

    /** A connection with room for {@code limit} requests in flight. */
    final class FakeConnection implements PacedConnection {
        final int limit;
        int inFlight;
        Pacer.Slot slot;

        FakeConnection(int limit) {
            this.limit = limit;
        }

        @Override
        public boolean hasRoom() {
            return inFlight < limit;
        }

        @Override
        public void sendDue(long dueNanos, long sentNanos) {
            assertThat(hasRoom()).as("sent only with room").isTrue();
            inFlight++;
            sent.add(new Sent(dueNanos, sentNanos, this));
            now += sendCost;
        }

        void answer() {
            inFlight--;
            slot.roomAvailable();
        }
    }

    private Pacer pacer(int budget) {
        int[] left = {budget};
        return new Pacer(schedule(), () -> now, n -> {
            int take = Math.min(n, left[0]);
            left[0] -= take;
            return take;
        }, stats);
    }

    private static ArrivalSchedule schedule() {
        return new ArrivalSchedule(Arrival.UNIFORM, 1e9 / GAP, 0);
    }

    private FakeConnection connect(Pacer p, int limit) {
        FakeConnection c = new FakeConnection(limit);
        c.slot = p.register(c);
        c.slot.roomAvailable();
        return c;
    }

    @Test
    void sendsEveryDueRequestExactlyOnceAndNeverBeforeItIsDue() {
        Pacer p = pacer(Integer.MAX_VALUE);
        List<FakeConnection> connections = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            connections.add(connect(p, 2));
        }
        p.start(ORIGIN, 0);
        Random random = new Random(1);
        while (sent.size() < 100_000) {
            now += random.nextInt(3 * (int) GAP); // wake-ups early, late and on time
            sendCost = random.nextInt((int) GAP); // and sends that take time, while more fall due
            p.release();
            assertThat(p.nextDueNanos()).as("the next wake-up is the next due time, still ahead").isGreaterThan(now);
            for (FakeConnection c : connections) { // some answers arrive
                while (c.inFlight > 0 && random.nextInt(8) == 0) {
                    c.answer();
                }
            }
        }
        ArrivalSchedule expected = schedule();
        expected.start(ORIGIN, 0);
        for (Sent s : sent) {
            assertThat(s.due()).as("every due time once, in order").isEqualTo(expected.take());
            assertThat(s.at()).as("never before it is due").isGreaterThanOrEqualTo(s.due());
        }
        assertThat(stats.lateness().getTotalCount()).as("a pacing error per released request").isEqualTo(sent.size() + p.waiting());
        assertThat(stats.waited().getTotalCount()).as("a wait per request that waited and went").isEqualTo(stats.blocked() - p.waiting());
        assertThat(stats.blocked()).as("this schedule outruns the answers at times").isPositive();
    }

    @Test
    void aRequestThatFindsNoRoomWaitsAndGoesOnTheFirstConnectionThatFreesTimedFromItsDueTime() {
        Pacer p = pacer(Integer.MAX_VALUE);
        FakeConnection c = connect(p, 1);
        p.start(ORIGIN, 0);
        p.release(); // due at the origin: sent at once
        assertThat(sent).hasSize(1);
        now = ORIGIN + 3 * GAP + 10; // three more fall due while the one request is in flight
        p.release();
        assertThat(sent).hasSize(1);
        assertThat(stats.blocked()).isEqualTo(3);
        assertThat(p.waiting()).isEqualTo(3);
        now += 500;
        c.answer(); // room for one: the oldest waiting request goes, still due at its own time
        assertThat(sent).hasSize(2);
        assertThat(sent.get(1).due()).isEqualTo(ORIGIN + GAP);
        assertThat(sent.get(1).at()).isEqualTo(now);
        assertThat(stats.waited().getMaxValue()).isEqualTo(500);
        assertThat(stats.lateness().getTotalCount()).isEqualTo(4);
        assertThat(stats.lateness().getMaxValue()).as("the oldest of the three").isEqualTo(2 * GAP + 10);
    }

    @Test
    void aRequestThatFallsDueWhileTheLoopSendsGoesInTheSameWakeUpNeverBeforeItsDueTime() {
        Pacer p = pacer(Integer.MAX_VALUE);
        connect(p, 2);
        connect(p, 2); // room for four requests
        p.start(ORIGIN, 0);
        sendCost = GAP + GAP / 2; // by the end of each send, the next request is due
        p.release(); // one wake-up, at the first due time
        assertThat(sent).extracting(Sent::due).containsExactly(ORIGIN, ORIGIN + GAP, ORIGIN + 2 * GAP, ORIGIN + 3 * GAP);
        assertThat(sent).extracting(Sent::at).containsExactly(ORIGIN, ORIGIN + 3 * GAP / 2, ORIGIN + 3 * GAP, ORIGIN + 9 * GAP / 2);
        // the connections are full: what falls due by the end of the last send waits, and the call ends
        assertThat(p.waiting()).isEqualTo(3);
        assertThat(stats.blocked()).isEqualTo(3);
        assertThat(stats.lateness().getMaxValue()).as("the oldest request that waits").isEqualTo(2 * GAP);
        assertThat(p.nextDueNanos()).isEqualTo(ORIGIN + 7 * GAP).isGreaterThan(now);
    }

    @Test
    void connectionsWithRoomTakeTurns() {
        Pacer p = pacer(Integer.MAX_VALUE);
        FakeConnection a = connect(p, 10);
        FakeConnection b = connect(p, 10);
        FakeConnection c = connect(p, 10);
        p.start(ORIGIN, 0);
        now = ORIGIN + 5 * GAP;
        p.release();
        assertThat(sent).extracting(Sent::on).containsExactly(a, b, c, a, b, c);
    }

    @Test
    void aRequestBudgetEndsTheSchedule() {
        Pacer p = pacer(5);
        connect(p, 100);
        p.start(ORIGIN, 0);
        now = ORIGIN + 100 * GAP;
        p.release();
        assertThat(sent).hasSize(5);
        assertThat(p.nextDueNanos()).isEqualTo(Long.MAX_VALUE);
    }

    @Test
    void nothingGoesBeforeTheStartOrAfterTheStop() {
        Pacer p = pacer(Integer.MAX_VALUE);
        FakeConnection c = connect(p, 1);
        now = ORIGIN + 10 * GAP;
        p.release();
        assertThat(sent).isEmpty();
        assertThat(p.nextDueNanos()).isEqualTo(Long.MAX_VALUE);
        p.start(ORIGIN, 2 * GAP);
        assertThat(p.nextDueNanos()).isEqualTo(ORIGIN + 2 * GAP);
        p.release();
        assertThat(sent).hasSize(1);
        p.stop();
        c.answer();
        now += 10 * GAP;
        p.release();
        assertThat(sent).hasSize(1);
    }
}
