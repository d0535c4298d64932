package showdown.harness.results;

/**
 * What else ran on the measured CPUs during a case: per-CPU time from {@code /proc/stat} minus what
 * the server tree and the generator used themselves.
 *
 * @param otherCpuShare the share (0..1) of the measured CPUs' time other processes used over the
 *                      whole window: the larger of the server's CPU set and the load's
 * @param stealShare    the share (0..1) of their time the hypervisor stole
 * @param disturbed     true when either share, over the window or in any one slice, passed its
 *                      threshold: the case's figures may be another process's doing
 * @param busiestSliceOtherShare the largest share other processes used within one slice (1.4);
 *                      null in older files
 */
public record Interference(double otherCpuShare, double stealShare, boolean disturbed, Double busiestSliceOtherShare) {

    /** A reading without the busiest slice (older files, tests). */
    public Interference(double otherCpuShare, double stealShare, boolean disturbed) {
        this(otherCpuShare, stealShare, disturbed, null);
    }
}
