package showdown.load.capacity;

/**
 * How a {@link CapacitySearch} steps and when it stops.
 *
 * @param target         the latency objective every step is judged against
 * @param maxRate        the highest rate to try, requests per second; 0 for no ceiling
 * @param resolution     bisection ends when the lowest failing rate is within this share above
 *                       the highest passing one (0.02 = 2 %)
 * @param growth         the factor between two rates while stepping up (or down, before any pass)
 * @param maxAttempts    measurements of one rate at most, when a window cannot tell or was disturbed
 * @param maxConnections the connections the search may raise {@code -c} to when requests wait for one
 * @param maxSteps       measurements in the whole search at most
 */
public record SearchSettings(LatencyTarget target, double maxRate, double resolution, double growth, int maxAttempts,
                             int maxConnections, int maxSteps) {

    public static final double DEFAULT_RESOLUTION = 0.02;
    public static final double DEFAULT_GROWTH = 1.5;
    public static final int DEFAULT_MAX_ATTEMPTS = 3;
    public static final int DEFAULT_MAX_CONNECTIONS = 1024;
    public static final int DEFAULT_MAX_STEPS = 40;

    public SearchSettings {
        if (maxRate < 0 || !(resolution > 0 && resolution < 1) || !(growth > 1) || maxAttempts < 1
                || maxConnections < 1 || maxSteps < 1) {
            throw new IllegalArgumentException("bad search settings: maxRate " + maxRate + ", resolution " + resolution
                    + ", growth " + growth + ", maxAttempts " + maxAttempts + ", maxConnections " + maxConnections
                    + ", maxSteps " + maxSteps);
        }
    }

    public static SearchSettings defaults(LatencyTarget target) {
        return new SearchSettings(target, 0, DEFAULT_RESOLUTION, DEFAULT_GROWTH, DEFAULT_MAX_ATTEMPTS,
                DEFAULT_MAX_CONNECTIONS, DEFAULT_MAX_STEPS);
    }

    public SearchSettings withMaxRate(double rate) {
        return new SearchSettings(target, rate, resolution, growth, maxAttempts, maxConnections, maxSteps);
    }

    public SearchSettings withResolution(double share) {
        return new SearchSettings(target, maxRate, share, growth, maxAttempts, maxConnections, maxSteps);
    }

    public SearchSettings withMaxConnections(int connections) {
        return new SearchSettings(target, maxRate, resolution, growth, maxAttempts, connections, maxSteps);
    }

    public SearchSettings withMaxSteps(int steps) {
        return new SearchSettings(target, maxRate, resolution, growth, maxAttempts, maxConnections, steps);
    }

    public boolean capped() {
        return maxRate > 0;
    }
}
