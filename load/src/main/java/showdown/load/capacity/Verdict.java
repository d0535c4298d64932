package showdown.load.capacity;

/** What a step's window says about its rate, and so where the search goes next. */
public enum Verdict {
    /** Every request answered, the rate achieved, and the quantile's interval wholly under the target. */
    PASS("pass"),
    /** The interval straddles the target: the window cannot tell; measured again (bounded). */
    UNDECIDED("undecided"),
    /** The quantile's interval is wholly over the target. */
    LATENCY("fail: latency"),
    /** Some request failed (an error or a non-2xx/3xx answer). */
    ERRORS("fail: errors"),
    /** Less than {@link StepJudge#MIN_ACHIEVED_SHARE} of the asked rate was answered. */
    RATE("fail: rate not achieved"),
    /** The generator's pacing error or CPU, not the server, failed the step. */
    GENERATOR("limited by the load generator"),
    /** Requests waited for a free connection while the server's own latency was under the target. */
    CONNECTIONS("limited by connections");

    private final String label;

    Verdict(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }

    public boolean passed() {
        return this == PASS;
    }

    /** True when the server itself, not the generator or its connections, failed the step. */
    public boolean serverFailed() {
        return this == LATENCY || this == ERRORS || this == RATE;
    }
}
