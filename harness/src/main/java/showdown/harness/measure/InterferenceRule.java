package showdown.harness.measure;

/**
 * When a case counts as disturbed: the share of the measured CPUs that other processes used, or
 * that the hypervisor stole, passed a threshold over the whole window or within one slice.
 *
 * <p>The thresholds sit above what an undisturbed run shows here (docs/run.md, "Interference"):
 * /proc/stat counts in 10 ms ticks, so a quarter-second slice on one CPU reads ±4 % from rounding
 * alone, and the kernel's own threads take a few per cent under heavy loopback traffic.
 */
public final class InterferenceRule {

    /** Other processes' share of the measured CPUs over the whole window that marks a case. */
    public static final double WINDOW_OTHER_SHARE = 0.10;

    /** Other processes' share within one slice that marks a case: a short burst counts too. */
    public static final double SLICE_OTHER_SHARE = 0.30;

    /** The hypervisor's share over the window that marks a case. */
    public static final double WINDOW_STEAL_SHARE = 0.05;

    private InterferenceRule() {
    }

    public static boolean disturbed(double windowOtherShare, double windowStealShare, double busiestSliceOtherShare) {
        return windowOtherShare > WINDOW_OTHER_SHARE || windowStealShare > WINDOW_STEAL_SHARE
                || busiestSliceOtherShare > SLICE_OTHER_SHARE;
    }
}
