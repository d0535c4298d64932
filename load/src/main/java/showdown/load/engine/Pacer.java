package showdown.load.engine;

import java.util.function.IntUnaryOperator;
import java.util.function.LongSupplier;
import showdown.load.stats.PacingStats;
import showdown.load.stats.TimerSlackSetting;

/**
 * The open model for one event loop: one schedule of due times ({@link ArrivalSchedule}) for all of
 * the loop's connections, and one timer, which is the loop's own wait ({@link PacedIoHandler} wakes
 * the loop at {@link #nextDueNanos()}; no task is allocated per send). Each time the loop wakes,
 * {@link #release()} sends every request that is due, each on the next connection with room, in
 * turn; nothing is sent before it is due, and nothing due is held back to be sent with a later one.
 *
 * <p>A due request that finds every connection full waits for one (Hyperfoil calls it
 * <em>blocked</em>): it is counted, and sent by the first connection that reports room
 * ({@link Slot#roomAvailable()}), still timed from its due time. What is recorded
 * ({@link PacingStats}): the pacing error of every request (when the loop released it minus when it
 * was due: the generator's own lateness), and, for the requests that waited, how long they waited.
 *
 * <p>Every due time is released at most once, in order; a request budget ({@code permits}) ends
 * the schedule once spent. Runs on its loop's thread only.
 */
public final class Pacer {

    private static final int INITIAL_WAITING = 64;

    private final ArrivalSchedule schedule;
    private final LongSupplier clock;
    private final IntUnaryOperator permits;
    private final PacingStats stats;

    /** Connections with room, each at most once, oldest first: the next send goes to the head. */
    private Slot[] room = new Slot[4];
    private int roomHead;
    private int roomSize;
    /** Released requests waiting for a connection, oldest first: due time, then release time. */
    private long[] waiting = new long[2 * INITIAL_WAITING];
    private int waitingHead;
    private int waitingSize;

    private int registered;
    private boolean started;
    private boolean stopped;
    private boolean exhausted;

    /**
     * @param clock   the loop's clock ({@code System::nanoTime}; a fake one in tests)
     * @param permits takes up to n sends from a request budget, returns how many it may send
     */
    public Pacer(ArrivalSchedule schedule, LongSupplier clock, IntUnaryOperator permits, PacingStats stats) {
        this.schedule = schedule;
        this.clock = clock;
        this.permits = permits;
        this.stats = stats;
    }

    /** A connection's place in this pacer: it reports room through it. */
    public final class Slot {
        private final PacedConnection connection;
        private boolean queued;

        private Slot(PacedConnection connection) {
            this.connection = connection;
        }

        /**
         * The connection may have room now (an answer arrived, a socket opened): it takes the oldest
         * waiting requests first, then joins the connections with room.
         */
        public void roomAvailable() {
            Pacer.this.roomAvailable(this);
        }
    }

    /** Adds a connection; it sends once it reports room. */
    public Slot register(PacedConnection connection) {
        registered++;
        if (room.length < registered) { // each connection is in the queue at most once
            Slot[] bigger = new Slot[Math.max(registered, 2 * room.length)];
            for (int i = 0; i < roomSize; i++) {
                bigger[i] = room[(roomHead + i) % room.length];
            }
            room = bigger;
            roomHead = 0;
        }
        return new Slot(connection);
    }

    /** The schedule starts at {@code originNanos}: the first request is due {@code offsetNanos} later (uniform). */
    public void start(long originNanos, long offsetNanos) {
        schedule.start(originNanos, offsetNanos);
        started = true;
    }

    /** The mean gap between two of this loop's due times. */
    public double gapNanos() {
        return schedule.gapNanos();
    }

    /** The loop's thread runs with this timer slack: it goes into the pacing figures. */
    void timerSlack(TimerSlackSetting setting) {
        stats.timerSlack(setting);
    }

    /** The run is over: nothing more is released or sent. */
    public void stop() {
        stopped = true;
    }

    /** When the loop must wake next for this pacer; {@link Long#MAX_VALUE}: never. */
    public long nextDueNanos() {
        return !started || stopped || exhausted ? Long.MAX_VALUE : schedule.peek();
    }

    /**
     * Sends every request due by now, each on the next connection with room, or queues it to wait
     * for one. The clock is read again after each send, so a request that fell due while the
     * previous ones were being sent goes in this wake-up too instead of costing the loop another
     * turn (a non-blocking poll for I/O, then this call again); nothing goes before its due time.
     * Each send takes a connection's room, which only an answer (read outside this call) gives
     * back, so a call sends at most what the connections have room for beyond what was due when
     * it began; a request that waits for a connection does not read the clock again.
     */
    public void release() {
        if (!started || stopped) {
            return;
        }
        long now = clock.getAsLong();
        while (!exhausted && schedule.peek() <= now) {
            if (permits.applyAsInt(1) == 0) {
                exhausted = true;
                return;
            }
            long due = schedule.take();
            stats.recordRelease(now - due);
            Slot s = takeRoom();
            if (s == null) {
                stats.recordBlocked();
                addWaiting(due, now);
                continue;
            }
            send(s, due, now);
            if (stopped) {
                return;
            }
            now = clock.getAsLong();
        }
    }

    /** Requests released and still waiting for a connection. */
    public int waiting() {
        return waitingSize;
    }

    private void roomAvailable(Slot s) {
        if (stopped) {
            return;
        }
        while (waitingSize > 0 && s.connection.hasRoom()) {
            long due = waiting[2 * waitingHead];
            long releasedAt = waiting[2 * waitingHead + 1];
            waitingHead = (waitingHead + 1) % (waiting.length / 2);
            waitingSize--;
            long now = clock.getAsLong();
            stats.recordWait(now - releasedAt);
            s.connection.sendDue(due, now);
        }
        if (!s.queued && s.connection.hasRoom()) {
            addRoom(s);
        }
    }

    private void send(Slot s, long due, long now) {
        s.connection.sendDue(due, now);
        if (!s.queued && s.connection.hasRoom()) {
            addRoom(s); // at the tail: the connections with room take turns
        }
    }

    /** The oldest connection that still has room (one may have lost it since it joined), or null. */
    private Slot takeRoom() {
        while (roomSize > 0) {
            Slot s = room[roomHead];
            room[roomHead] = null;
            roomHead = (roomHead + 1) % room.length;
            roomSize--;
            s.queued = false;
            if (s.connection.hasRoom()) {
                return s;
            }
        }
        return null;
    }

    private void addRoom(Slot s) {
        s.queued = true;
        room[(roomHead + roomSize) % room.length] = s;
        roomSize++;
    }

    private void addWaiting(long due, long releasedAt) {
        int capacity = waiting.length / 2;
        if (waitingSize == capacity) {
            long[] bigger = new long[waiting.length * 2];
            for (int i = 0; i < waitingSize; i++) {
                int from = (waitingHead + i) % capacity;
                bigger[2 * i] = waiting[2 * from];
                bigger[2 * i + 1] = waiting[2 * from + 1];
            }
            waiting = bigger;
            waitingHead = 0;
            capacity *= 2;
        }
        int at = (waitingHead + waitingSize) % capacity;
        waiting[2 * at] = due;
        waiting[2 * at + 1] = releasedAt;
        waitingSize++;
    }
}
