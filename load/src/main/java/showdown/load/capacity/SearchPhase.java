package showdown.load.capacity;

/** Where a {@link CapacitySearch} is. */
public enum SearchPhase {
    /** The closed-model run that seeds the first rate. */
    PROBE("probe"),
    /** Stepping up geometrically until a step fails. */
    CLIMB("climb"),
    /** Stepping down geometrically: the first rate already failed. */
    DESCEND("descend"),
    /** Halving the bracket between the highest pass and the lowest fail. */
    BISECT("bisect"),
    /** Finished, or stopped. */
    DONE("done");

    private final String label;

    SearchPhase(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }
}
