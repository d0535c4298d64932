package showdown.hosts.control;

/** An agent stopped answering: its connection closed, or it was silent past the heartbeat timeout. */
public final class AgentLostException extends RuntimeException {
    public AgentLostException(String message) {
        super(message);
    }
}
