package showdown.harness.results;

import showdown.load.LoadResult;

/**
 * What the load generator itself used during a case, and whether it, rather than the server, was
 * probably the bottleneck.
 *
 * @param cpuSeconds          user + system CPU time of the generator process in the window, in seconds
 * @param cpuMicrosPerRequest that time per completed request, in microseconds
 * @param cpus                CPUs the generator could use (its pinned set, or all)
 * @param saturated           true when the generator kept at least {@link #SATURATION_SHARE} of its CPUs busy
 */
public record GeneratorMetrics(double cpuSeconds, double cpuMicrosPerRequest, int cpus, boolean saturated) {

    /**
     * Above 90 % busy on its own CPUs, a generator cannot send faster, so the measured rate is its
     * ceiling, not the server's. wrk users apply the same rule of thumb to wrk's own threads.
     */
    public static final double SATURATION_SHARE = 0.90;

    private static final double NANOS_PER_SECOND = 1e9;

    /** Derives the generator's figures from a load result and the number of CPUs it ran on. */
    public static GeneratorMetrics of(LoadResult result, int loadCpus) {
        if (loadCpus < 1) {
            throw new IllegalArgumentException("loadCpus must be at least 1, not " + loadCpus);
        }
        double cpuSeconds = result.generatorCpuNanos() / NANOS_PER_SECOND;
        double available = result.durationSeconds() * loadCpus;
        boolean saturated = available > 0 && cpuSeconds / available >= SATURATION_SHARE;
        return new GeneratorMetrics(cpuSeconds, result.generatorCpuMicrosPerRequest(), loadCpus, saturated);
    }
}
