package showdown.load.capacity;

import org.HdrHistogram.Histogram;
import showdown.load.LoadEngine;

/**
 * Whether other processes disturbed a step's window: a reading of the host's CPUs that the load
 * module does not take itself. The harness gives its own (its interference rule over
 * {@code /proc/stat}, as a run's cases are marked disturbed); tests give a fake. The runner opens
 * a {@link Watch} for each step; the load engine feeds it the window's slices.
 */
@FunctionalInterface
public interface InterferenceCheck {

    /** No check: every window counts as undisturbed. */
    InterferenceCheck NONE = () -> new Watch() {
        @Override
        public void onInterval(long startNanos, long endNanos, Histogram latency) {
        }

        @Override
        public String disturbance() {
            return null;
        }
    };

    /** A watch over one step's window. */
    Watch watch();

    /** What one window's slices showed of the CPUs around the load. */
    interface Watch extends LoadEngine.IntervalSink {
        /**
         * Why the window counts as disturbed, one clause ("other processes used 34 % of the measured
         * CPUs"); null when it does not, or when nothing could be read.
         */
        String disturbance();
    }
}
