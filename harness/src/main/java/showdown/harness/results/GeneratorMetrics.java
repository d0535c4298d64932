package showdown.harness.results;

/**
 * What the load generator itself used during a case, and whether it, rather than the server, was
 * probably the bottleneck.
 *
 * @param cpuSeconds          user + system CPU time of the generator process in the window, in seconds
 * @param cpuMicrosPerRequest that time per completed request, in microseconds
 * @param cpus                CPUs the generator could use (its pinned set, or all)
 * @param saturated           the generator, not the server, probably set the pace: judged by
 *                            {@code showdown.harness.measure.Saturation}, local and remote cases alike
 */
public record GeneratorMetrics(double cpuSeconds, double cpuMicrosPerRequest, int cpus, boolean saturated) {
}
