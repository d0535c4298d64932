package showdown.load;

import java.util.Locale;

/**
 * The open model's arrival process: when requests are due. {@link Process#UNIFORM} spaces them
 * evenly (wrk2's schedule); {@link Process#POISSON} draws each gap from the exponential
 * distribution with the same mean, as independent users arrive (Hyperfoil's and the queueing
 * literature's model), from a generator seeded with {@code seed} so that a run can be repeated.
 *
 * @param process how the gaps between two due times are drawn
 * @param seed    the Poisson generator's seed (unused for uniform arrivals)
 */
public record Arrival(Process process, long seed) {

    /** How the gaps between two due times are drawn. */
    public enum Process { UNIFORM, POISSON }

    /** Evenly spaced arrivals: the default. */
    public static final Arrival UNIFORM = new Arrival(Process.UNIFORM, 0);

    public Arrival {
        if (process == null) {
            throw new IllegalArgumentException("an arrival process is required");
        }
    }

    public static Arrival poisson(long seed) {
        return new Arrival(Process.POISSON, seed);
    }

    /** The process's name as the {@code --arrival} flag takes it: {@code uniform} or {@code poisson}. */
    public String id() {
        return process.name().toLowerCase(Locale.ROOT);
    }

    /**
     * Parses {@code --arrival}'s value: {@code uniform}, or {@code poisson} with {@code seed}.
     *
     * @throws LoadException for any other name
     */
    public static Arrival parse(String name, long seed) {
        return switch (name.toLowerCase(Locale.ROOT)) {
            case "uniform" -> UNIFORM;
            case "poisson" -> poisson(seed);
            default -> throw new LoadException("--arrival is uniform or poisson, not '" + name + "'");
        };
    }
}
