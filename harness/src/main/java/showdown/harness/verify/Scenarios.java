package showdown.harness.verify;

import java.util.List;

/** The scenario names of docs/scenarios.md, plus {@code http} for the protocol checks every target gets. */
public final class Scenarios {

    public static final String SPOCK_SCOTTY = "spock-scotty";
    public static final String MIST = "mist";
    public static final String PHOENIX_SHOWDOWN = "phoenix-showdown";
    public static final String TECHEMPOWER = "techempower";
    /** Headers, 404 for unknown routes, keep-alive, fragmented requests, Date: every target, always. */
    public static final String HTTP = "http";

    /** In the order the checks run and print. */
    public static final List<String> ALL = List.of(SPOCK_SCOTTY, MIST, PHOENIX_SHOWDOWN, TECHEMPOWER, HTTP);

    private Scenarios() {
    }
}
