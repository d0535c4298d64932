package showdown.load.capacity;

/** What ended a search's climb: what stopped the rate from going higher. */
public enum Limit {
    /** The server's latency quantile went over the target (or could not be told from it). */
    LATENCY("the server's latency"),
    /** The server failed requests. */
    ERRORS("errors"),
    /** The server did not answer the asked rate. */
    ACHIEVED_RATE("the server's rate"),
    /** The load generator's pacing error or CPU: the server's own limit is higher, or unknown. */
    GENERATOR("the load generator"),
    /** Requests waited for connections, and {@code -c} was already at the search's cap. */
    CONNECTIONS("connections"),
    /** The highest rate allowed passed. */
    MAX_RATE("--slo-max-rate"),
    /** The search ran out of steps before any rate failed. */
    STEPS("the search's step count"),
    /** The search was stopped (Ctrl-C) before it finished. */
    STOPPED("stopped"),
    /** The probe got no valid answer: there is nothing to search. */
    NO_ANSWER("no valid answer");

    private final String label;

    Limit(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }

    /** The limit a decided, failing verdict names. */
    static Limit of(Verdict v) {
        return switch (v) {
            case ERRORS -> ERRORS;
            case RATE -> ACHIEVED_RATE;
            case GENERATOR -> GENERATOR;
            case CONNECTIONS -> CONNECTIONS;
            case LATENCY, UNDECIDED -> LATENCY;
            case PASS -> throw new IllegalArgumentException("a pass limits nothing");
        };
    }
}
