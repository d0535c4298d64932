package showdown.harness.results;

/**
 * One slice of a case's measured window (a quarter of a second by default): what the run saw in
 * that slice alone, so that every figure of a case has a spread even when it ran once. Slices tile
 * the window in order, with no gap and no overlap.
 *
 * @param startSeconds              when the slice began, in seconds from the start of the measured window
 * @param durationSeconds           how long it lasted, in seconds
 * @param requests                  complete responses in the slice, any status
 * @param requestsPerSecond         requests / durationSeconds
 * @param serverCpuMicrosPerRequest the server tree's CPU time in the slice per request, in microseconds;
 *                                  null when not measured or when the slice had no request
 * @param p99Micros                 the slice's 99th percentile latency, in microseconds; null without requests
 * @param otherCpuShare             the share of the measured CPUs that other processes used in the
 *                                  slice (0..1, the larger of the server's and the load's CPU sets);
 *                                  null when /proc/stat could not be read
 * @param stealShare                the share of the measured CPUs' time stolen by the hypervisor (0..1); null when unknown
 */
public record CaseSample(
        double startSeconds,
        double durationSeconds,
        long requests,
        double requestsPerSecond,
        Double serverCpuMicrosPerRequest,
        Double p99Micros,
        Double otherCpuShare,
        Double stealShare) {

    /** The server's CPU time in the slice, in microseconds; null when not measured. */
    public Double serverCpuMicros() {
        return serverCpuMicrosPerRequest == null ? null : serverCpuMicrosPerRequest * requests;
    }
}
