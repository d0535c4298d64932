package showdown.contract;

import java.util.Locale;

/** What an agent does: start and watch the targets (server), or generate load on them (load). */
public enum AgentRole {
    SERVER, LOAD;

    /** The word {@code showdown agent --role} takes, and the listening line and the hello carry. */
    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** {@code server} or {@code load}; null for anything else. */
    public static AgentRole parse(String s) {
        for (AgentRole r : values()) {
            if (r.id().equals(s)) {
                return r;
            }
        }
        return null;
    }
}
