package showdown.report;

import java.util.Map;

/** The scenario names the reports lay out in the seeds' own ways, and their headings. */
public final class Scenarios {

    public static final String SPOCK_SCOTTY = "spock-scotty";
    public static final String MIST = "mist";
    public static final String PHOENIX_SHOWDOWN = "phoenix-showdown";
    public static final String TECHEMPOWER = "techempower";

    private static final Map<String, String> HEADINGS = Map.of(
            SPOCK_SCOTTY, "S1 spock-scotty: routing and captures",
            MIST, "S2 mist: empty, capture, echo",
            PHOENIX_SHOWDOWN, "S3 phoenix-showdown: an HTML page rendered from a template",
            TECHEMPOWER, "TechEmpower extras: plaintext and JSON");

    private Scenarios() {
    }

    /** The section heading for a scenario; unknown (user-defined) scenarios are named as they are. */
    public static String heading(String scenario) {
        return HEADINGS.getOrDefault(scenario, "Scenario " + scenario);
    }
}
