package showdown.cli;

import java.time.Duration;
import showdown.load.Units;
import showdown.load.capacity.LatencyTarget;
import showdown.load.capacity.SearchSettings;

/**
 * The {@code --slo} flags of {@code showdown load}: the latency target that turns a load into a
 * search for sustainable throughput, and the search's bounds. Without {@code --slo} none of the
 * others may be given.
 */
final class SloOptions {

    /** Each step's measured window unless {@code -d} says otherwise. */
    static final Duration DEFAULT_WINDOW = Duration.ofSeconds(5);
    /** The closed-model load before the probe unless {@code --warmup} says otherwise. */
    static final Duration DEFAULT_WARMUP = Duration.ofSeconds(2);
    /** The probe's measured duration, at most the window. */
    static final Duration PROBE = Duration.ofSeconds(2);

    private static final double MAX_RESOLUTION_PERCENT = 50;

    private LatencyTarget target;
    private String maxRate;
    private String resolutionPercent;
    private String maxConnections;

    void declare(Options o) {
        o.value("--slo", "Q=T", "search for the highest open-model rate whose latency quantile Q (p50, p90, p99,"
                        + " p99.9) stays under T, e.g. p99=10ms; -d is each step's window (default: "
                        + Units.timeSeconds(DEFAULT_WINDOW.toSeconds()) + ")", v -> target = LatencyTarget.parse(v))
                .value("--slo-max-rate", "N", "with --slo: the highest rate to try (default: no ceiling)", v -> maxRate = v)
                .value("--slo-resolution", "P", "with --slo: stop when the lowest failing rate is within P % of the"
                        + " highest passing one (default: " + Math.round(SearchSettings.DEFAULT_RESOLUTION * 100) + "%)",
                        v -> resolutionPercent = v)
                .value("--slo-max-connections", "N", "with --slo: how far -c may be raised when requests wait for a"
                        + " connection (default: " + SearchSettings.DEFAULT_MAX_CONNECTIONS + ")", v -> maxConnections = v);
    }

    boolean given() {
        return target != null;
    }

    LatencyTarget target() {
        return target;
    }

    /**
     * Refuses what cannot go with the search: its own flags without {@code --slo}, and with it a
     * fixed rate, a request count or an interval log, which the search's steps decide or lack.
     */
    void refuseConflicts(boolean rateGiven, boolean requestsGiven, boolean hlogGiven) {
        if (!given()) {
            if (maxRate != null || resolutionPercent != null || maxConnections != null) {
                throw new UserException("--slo-max-rate, --slo-resolution and --slo-max-connections need --slo");
            }
            return;
        }
        if (rateGiven) {
            throw new UserException("--slo and -R cannot be combined: the search chooses each step's rate");
        }
        if (requestsGiven) {
            throw new UserException("--slo and -n cannot be combined: each step runs for the window (-d)");
        }
        if (hlogGiven) {
            throw new UserException("--slo and --hlog cannot be combined: use --json for every step");
        }
    }

    /** The search's settings, from the flags given; {@code connections} is the -c it starts with. */
    SearchSettings settings(int connections) {
        SearchSettings s = SearchSettings.defaults(target);
        if (maxRate != null) {
            long rate = Units.parseMetric(maxRate);
            if (rate <= 0) {
                throw new UserException("--slo-max-rate must be positive, not " + maxRate);
            }
            s = s.withMaxRate(rate);
        }
        if (resolutionPercent != null) {
            double p = Options.toPercent("--slo-resolution", resolutionPercent);
            if (p <= 0 || p > MAX_RESOLUTION_PERCENT) {
                throw new UserException("--slo-resolution must be above 0 and at most "
                        + Math.round(MAX_RESOLUTION_PERCENT) + "%, not " + resolutionPercent);
            }
            s = s.withResolution(p / 100);
        }
        int cap = maxConnections == null ? Math.max(connections, SearchSettings.DEFAULT_MAX_CONNECTIONS)
                : Options.toInt("--slo-max-connections", maxConnections);
        if (cap < connections) {
            throw new UserException("--slo-max-connections (" + cap + ") must be at least -c (" + connections + ")");
        }
        return s.withMaxConnections(cap);
    }
}
