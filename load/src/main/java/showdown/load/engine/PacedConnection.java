package showdown.load.engine;

/**
 * A connection as the open model's {@link Pacer} sends on it. Both methods run on the connection's
 * event loop.
 */
public interface PacedConnection {

    /** Whether it can send one more request now: open, and below its limit of requests in flight. */
    boolean hasRoom();

    /**
     * Sends one request that was due at {@code dueNanos}, at {@code sentNanos}: its latency is timed
     * from the due time, its uncorrected latency from the send. Called only when {@link #hasRoom()}.
     */
    void sendDue(long dueNanos, long sentNanos);
}
