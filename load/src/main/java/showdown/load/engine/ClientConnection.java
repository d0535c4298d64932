package showdown.load.engine;

/**
 * One client connection as its {@link Worker} drives it, whatever the protocol: it opens (and
 * reopens) its socket, sends, records every response in the worker's stats, and counts what it
 * loses. Everything runs on the worker's event loop. Public so that each protocol's package can
 * implement it (through {@link SocketConnection}).
 */
public interface ClientConnection {

    /** Opens a socket; reports the attempt's end to {@link Worker#connectEnded}. */
    void connect();

    /** Starts sending on an open socket (the clock has started): fills it (closed model), or reports its room to the pacer. */
    void startSending();

    /** Gives up on a socket whose oldest request waited longer than {@code timeoutNanos}. */
    void checkTimeout(long now, long timeoutNanos);

    /** Whether its socket is open now. */
    boolean open();

    /** Whether nothing is in flight (for count-bounded runs). */
    boolean idle();

    /** Closes the socket for good (the run is over). */
    void close();
}
