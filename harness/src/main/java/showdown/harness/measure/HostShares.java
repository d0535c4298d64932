package showdown.harness.measure;

import java.util.List;

/**
 * What other processes and the hypervisor used of a set of CPUs between two {@code /proc/stat}
 * readings: the one place the interference shares are computed, for a local run's server and load
 * CPUs and for an agent's host alike.
 *
 * @param other the share (0..1) of the CPUs' time that processes other than ours ran
 * @param steal the share (0..1) of the CPUs' time the hypervisor stole
 */
public record HostShares(double other, double steal) {

    /**
     * The shares of {@code cpus} between two readings {@code lengthNanos} apart, less
     * {@code ownNanos}, the CPU time our own processes used on them; null when a reading is missing
     * (not Linux).
     */
    public static HostShares between(CpuTimes from, CpuTimes to, List<Integer> cpus, long ownNanos, long lengthNanos) {
        if (from == null || to == null) {
            return null;
        }
        return new HostShares(share(to.busyNanosSince(from, cpus) - Math.max(0, ownNanos), lengthNanos, cpus),
                share(to.stealNanosSince(from, cpus), lengthNanos, cpus));
    }

    /** The busier of two sets' shares, each figure on its own; null when either is unknown. */
    public static HostShares busier(HostShares a, HostShares b) {
        return a == null || b == null ? null : new HostShares(Math.max(a.other, b.other), Math.max(a.steal, b.steal));
    }

    private static double share(long nanos, long lengthNanos, List<Integer> cpus) {
        double s = nanos / ((double) Math.max(1, lengthNanos) * Math.max(1, cpus.size()));
        return Math.min(1, Math.max(0, s));
    }
}
