package showdown.hosts;

import java.time.Instant;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

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
        /** How many times the wall clock is read against the monotonic one; the tightest reading wins. */
        static final int ANCHOR_READINGS = 64;

        static final Clock INSTANCE = anchored(ANCHOR_READINGS);

        private SystemClock() {
        }

        /**
         * Ties the monotonic clock to the wall clock. Each reading brackets one wall-clock read between
         * two monotonic ones; a thread preempted inside a bracket (a busy host) would shift every later
         * reading of this process by the pause, so the narrowest bracket of {@code readings} is kept, and
         * its midpoint taken as the monotonic time of the wall-clock read.
         */
        static Clock anchored(int readings) {
            return anchored(readings, System::nanoTime, Instant::now);
        }

        /** As {@link #anchored(int)}, reading the given clocks (tests give clocks with a known relation). */
        static Clock anchored(int readings, LongSupplier monotonic, Supplier<Instant> wallClock) {
            long bestWidth = Long.MAX_VALUE;
            long bestWallNanos = 0;
            long bestBase = 0;
            for (int i = 0; i < readings; i++) {
                long before = monotonic.getAsLong();
                Instant wall = wallClock.get();
                long after = monotonic.getAsLong();
                if (after - before < bestWidth) {
                    bestWidth = after - before;
                    bestWallNanos = wall.getEpochSecond() * 1_000_000_000L + wall.getNano();
                    bestBase = before + (after - before) / 2;
                }
            }
            long wallNanos = bestWallNanos;
            long base = bestBase;
            return () -> wallNanos + (monotonic.getAsLong() - base);
        }
    }
}
