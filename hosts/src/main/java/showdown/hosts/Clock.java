package showdown.hosts;

import java.time.Instant;

/**
 * A wall clock in nanoseconds since the epoch, as each host sees it. The system one reads
 * {@code System.nanoTime()} against one reading of the wall clock, so that it never steps while
 * the process runs; tests give an agent a clock that is off by a known amount.
 */
@FunctionalInterface
public interface Clock {

    long epochNanos();

    /** This host's clock. */
    static Clock system() {
        return SystemClock.INSTANCE;
    }

    /** This clock, {@code offsetNanos} ahead (negative: behind). */
    default Clock offsetBy(long offsetNanos) {
        return () -> epochNanos() + offsetNanos;
    }

    /** Sleeps until this clock reads {@code epochNanos}; returns at once when it already has. */
    default void sleepUntil(long epochNanos) {
        while (true) {
            long left = epochNanos - epochNanos();
            if (left <= 0) {
                return;
            }
            java.util.concurrent.locks.LockSupport.parkNanos(left);
            if (Thread.currentThread().isInterrupted()) {
                return;
            }
        }
    }

    /** The JVM's monotonic clock, set once against the wall clock. */
    final class SystemClock {
        static final Clock INSTANCE;

        static {
            Instant wall = Instant.now();
            long base = System.nanoTime();
            long wallNanos = wall.getEpochSecond() * 1_000_000_000L + wall.getNano();
            INSTANCE = () -> wallNanos + (System.nanoTime() - base);
        }

        private SystemClock() {
        }
    }
}
