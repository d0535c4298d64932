package showdown.contract;

/**
 * The flags of {@code showdown agent}, and its port unless told otherwise: the command parses them,
 * the deployers and the inventory write them. docs/hosts.md describes each.
 */
public final class AgentFlags {

    /** The port an agent listens on, and an {@code agent://HOST} is dialled at, unless told otherwise. */
    public static final int DEFAULT_PORT = 7700;

    public static final String ROLE = "--role";
    public static final String LISTEN = "--listen";
    public static final String CA = "--ca";
    public static final String CERT = "--cert";
    public static final String KEY = "--key";
    public static final String ALLOW = "--allow";
    public static final String HEARTBEAT_TIMEOUT = "--heartbeat-timeout";
    public static final String HOME = "--home";
    public static final String SERVE_RUNS = "--serve-runs";
    public static final String ONE_RUN = "--one-run";

    private AgentFlags() {
    }
}
