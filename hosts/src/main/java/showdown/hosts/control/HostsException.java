package showdown.hosts.control;

/** A multi-host run cannot go on for a reason the user can act on; one line. */
public class HostsException extends RuntimeException {
    public HostsException(String message) {
        super(message);
    }
}
