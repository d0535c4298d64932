package showdown.hosts.control;

/** An agent stopped answering: its connection closed, or it was silent past the heartbeat timeout. One line. */
public final class AgentLostException extends HostsException {
    public AgentLostException(String message) {
        super(message);
    }
}
