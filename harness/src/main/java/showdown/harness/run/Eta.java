package showdown.harness.run;

import java.time.Duration;

/**
 * Estimates the time left from what is still planned: the measured windows and warm-ups not yet
 * run, plus, per round not yet started, the overhead (build check, start, verify, stop) observed
 * so far on average (a guess of {@link #INITIAL_ROUND_OVERHEAD} before any round ended).
 * Thread-safe.
 */
public final class Eta {

    /** What a JVM target costs beyond its load before one has been seen: start, verify and stop. */
    static final Duration INITIAL_ROUND_OVERHEAD = Duration.ofSeconds(5);

    private long remainingLoadNanos;
    private int remainingRounds;
    private long overheadNanosSum;
    private int roundsSeen;
    private long currentPartStartNanos = System.nanoTime();
    private long currentPartNanos;

    /**
     * @param plannedLoad the sum of every case's window and every round's warm-up still to run
     * @param rounds      target rounds still to run
     */
    public synchronized void start(Duration plannedLoad, int rounds) {
        remainingLoadNanos = plannedLoad.toNanos();
        remainingRounds = rounds;
    }

    /** A measured window or a warm-up of this length begins now. */
    public synchronized void loadStarted(Duration planned) {
        currentPartStartNanos = System.nanoTime();
        currentPartNanos = planned.toNanos();
    }

    /** The part begun by {@link #loadStarted} is over (or was skipped). */
    public synchronized void loadDone(Duration planned) {
        remainingLoadNanos = Math.max(0, remainingLoadNanos - planned.toNanos());
        currentPartNanos = 0;
    }

    /** A round begins: its overhead is being paid from now on, so it leaves the estimate. */
    public synchronized void roundStarted() {
        remainingRounds = Math.max(0, remainingRounds - 1);
    }

    /** A round ended; {@code overhead} is its wall time minus its load. */
    public synchronized void roundDone(Duration overhead) {
        overheadNanosSum += overhead.toNanos();
        roundsSeen++;
    }

    /** Planned load that will not run (a target unavailable, failed, or already measured). */
    public synchronized void dropLoad(Duration plannedLoad) {
        remainingLoadNanos = Math.max(0, remainingLoadNanos - plannedLoad.toNanos());
    }

    public synchronized Duration remaining() {
        long inCurrent = currentPartNanos == 0 ? 0 : Math.min(currentPartNanos, System.nanoTime() - currentPartStartNanos);
        long overhead = roundsSeen == 0 ? INITIAL_ROUND_OVERHEAD.toNanos() : overheadNanosSum / roundsSeen;
        return Duration.ofNanos(Math.max(0, remainingLoadNanos - inCurrent) + overhead * remainingRounds);
    }
}
