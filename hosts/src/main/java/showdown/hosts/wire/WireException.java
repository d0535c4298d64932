package showdown.hosts.wire;

/** A peer sent something this side cannot read: a bad frame, JSON or version. One line. */
public final class WireException extends RuntimeException {
    public WireException(String message) {
        super(message);
    }
}
