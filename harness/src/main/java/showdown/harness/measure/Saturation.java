package showdown.harness.measure;

import showdown.load.LoadResult;

/**
 * Decides whether the load generator, rather than the server, limited a case: then the req/s says
 * more about the generator than about the framework, and the report flags it.
 */
public final class Saturation {

    /** The generator counts as saturated from this share of its CPUs' time in the window on. */
    public static final double GENERATOR_BUSY_FRACTION = LoadResult.SATURATED_SHARE;

    private Saturation() {
    }

    /**
     * True when the generator used at least 90 % of its CPUs over the window while the server used
     * a smaller share of its own CPUs.
     *
     * @param generatorCpuNanos CPU the generator process used in the window
     * @param loadCpus          CPUs the generator may run on
     * @param serverCpuNanos    CPU the server tree used in the window
     * @param serverCpus        CPUs the server may run on
     * @param windowNanos       the measured window
     */
    public static boolean generatorSaturated(long generatorCpuNanos, int loadCpus, long serverCpuNanos, int serverCpus,
                                             long windowNanos) {
        if (windowNanos <= 0 || loadCpus <= 0 || serverCpus <= 0) {
            return false;
        }
        double generatorShare = generatorCpuNanos / ((double) loadCpus * windowNanos);
        double serverShare = serverCpuNanos / ((double) serverCpus * windowNanos);
        return generatorShare >= GENERATOR_BUSY_FRACTION && serverShare < generatorShare;
    }
}
