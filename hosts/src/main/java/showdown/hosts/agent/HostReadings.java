package showdown.hosts.agent;

import java.util.List;
import showdown.harness.measure.CpuTimes;
import showdown.harness.measure.HostShares;
import showdown.harness.run.CpuAffinity;
import showdown.load.LoadEngine;

/**
 * What other processes and the hypervisor used of a load agent's CPUs over its window, slice by
 * slice ({@link HostShares}, less this process's own CPU time): the load host's side of the
 * interference a local run measures on its load CPUs. All null where /proc/stat cannot be read.
 */
final class HostReadings {

    /** One moment's readings. */
    private record Reading(CpuTimes cpus, long ownCpuNanos, long nanos) {
        static Reading now() {
            return new Reading(CpuTimes.read(), LoadEngine.processCpuNanos(), System.nanoTime());
        }

        HostShares since(Reading from, List<Integer> cpus) {
            return HostShares.between(from.cpus, this.cpus, cpus, ownCpuNanos - from.ownCpuNanos, nanos - from.nanos);
        }
    }

    private final List<Integer> cpus = CpuAffinity.allowed();
    private Reading windowStart;
    private Reading last;
    private HostShares window;
    private double busiestSliceOtherShare;

    void windowStarted() {
        windowStart = Reading.now();
        last = windowStart;
    }

    void sliceEnded() {
        Reading now = Reading.now();
        HostShares slice = last == null ? null : now.since(last, cpus);
        if (slice != null) {
            busiestSliceOtherShare = Math.max(busiestSliceOtherShare, slice.other());
        }
        window = windowStart == null ? null : now.since(windowStart, cpus);
        last = now;
    }

    /** Others' share of this host's CPUs over the window (0..1); null when unknown. */
    Double otherShare() {
        return window == null ? null : window.other();
    }

    /** The hypervisor's share (steal) over the window (0..1); null when unknown. */
    Double stealShare() {
        return window == null ? null : window.steal();
    }

    /** The largest others' share within one slice; null when unknown. */
    Double busiestSliceOtherShare() {
        return window == null ? null : busiestSliceOtherShare;
    }
}
