package showdown.harness.measure;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import showdown.harness.results.Interference;

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

    /**
     * What marked a disturbed case, one clause per threshold passed, e.g. {@code the hypervisor stole
     * 41 % of the measured CPUs' time}; the window's shares when none can be named (older files).
     */
    public static String why(Interference i) {
        List<String> clauses = new ArrayList<>();
        if (i.otherCpuShare() > WINDOW_OTHER_SHARE) {
            clauses.add(percent("other processes used %s of the measured CPUs", i.otherCpuShare()));
        }
        Double slice = i.busiestSliceOtherShare();
        if (slice != null && slice > SLICE_OTHER_SHARE) {
            clauses.add(percent("other processes used %s of them in one slice", slice));
        }
        if (i.stealShare() > WINDOW_STEAL_SHARE) {
            clauses.add(percent("the hypervisor stole %s of their time", i.stealShare()));
        }
        if (clauses.isEmpty()) {
            return percent("other processes used %s of the measured CPUs", i.otherCpuShare())
                    + percent(" (steal %s)", i.stealShare());
        }
        return String.join("; ", clauses);
    }

    private static String percent(String format, double share) {
        return String.format(Locale.ROOT, format, Math.round(share * 100) + " %");
    }
}
