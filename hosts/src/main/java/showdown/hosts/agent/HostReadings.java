package showdown.hosts.agent;

import java.util.List;
import showdown.harness.measure.CpuTimes;
import showdown.harness.run.CpuAffinity;
import showdown.load.LoadEngine;

/**
 * What other processes and the hypervisor used of a load agent's CPUs over its window, slice by
 * slice, from {@code /proc/stat} less this process's own CPU time: the load host's side of the
 * interference a local run measures on its load CPUs. All null where /proc/stat cannot be read.
 */
final class HostReadings {

    private final List<Integer> cpus = CpuAffinity.allowed();
    private CpuTimes windowStart;
    private long windowStartCpuNanos;
    private long windowStartNanos;
    private CpuTimes sliceStart;
    private long sliceStartCpuNanos;
    private long sliceStartNanos;
    private double busiestSliceOtherShare;
    private CpuTimes last;
    private long lastCpuNanos;
    private long lastNanos;

    void windowStarted() {
        windowStart = CpuTimes.read();
        windowStartCpuNanos = LoadEngine.processCpuNanos();
        windowStartNanos = System.nanoTime();
        sliceStart = windowStart;
        sliceStartCpuNanos = windowStartCpuNanos;
        sliceStartNanos = windowStartNanos;
    }

    void sliceEnded() {
        last = CpuTimes.read();
        lastCpuNanos = LoadEngine.processCpuNanos();
        lastNanos = System.nanoTime();
        if (sliceStart != null && last != null) {
            busiestSliceOtherShare = Math.max(busiestSliceOtherShare,
                    otherShare(sliceStart, last, lastCpuNanos - sliceStartCpuNanos, lastNanos - sliceStartNanos));
        }
        sliceStart = last;
        sliceStartCpuNanos = lastCpuNanos;
        sliceStartNanos = lastNanos;
    }

    /** Others' share of this host's CPUs over the window (0..1); null when unknown. */
    Double otherShare() {
        return windowStart == null || last == null ? null
                : otherShare(windowStart, last, lastCpuNanos - windowStartCpuNanos, lastNanos - windowStartNanos);
    }

    /** The hypervisor's share (steal) over the window (0..1); null when unknown. */
    Double stealShare() {
        return windowStart == null || last == null ? null
                : share(last.stealNanosSince(windowStart, cpus), lastNanos - windowStartNanos);
    }

    /** The largest others' share within one slice; null when unknown. */
    Double busiestSliceOtherShare() {
        return windowStart == null || last == null ? null : busiestSliceOtherShare;
    }

    private double otherShare(CpuTimes from, CpuTimes to, long ownCpuNanos, long lengthNanos) {
        return share(to.busyNanosSince(from, cpus) - ownCpuNanos, lengthNanos);
    }

    private double share(long nanos, long lengthNanos) {
        double s = nanos / ((double) Math.max(1, lengthNanos) * Math.max(1, cpus.size()));
        return Math.min(1, Math.max(0, s));
    }
}
