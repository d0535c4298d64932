package showdown.hosts.agent;

import java.util.Locale;

/** What an agent does: start and watch the targets, or generate load. */
public enum AgentRole {
    SERVER, LOAD;

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
