package showdown.deploy;

/** What an agent does: runs the targets (server) or generates load on them (load). */
public enum AgentRole {
    SERVER("server"),
    LOAD("load");

    private final String flag;

    AgentRole(String flag) {
        this.flag = flag;
    }

    /** The word {@code showdown agent --role} takes. */
    public String flag() {
        return flag;
    }
}
