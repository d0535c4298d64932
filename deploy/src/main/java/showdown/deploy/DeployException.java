package showdown.deploy;

/**
 * A deployment that cannot go on for a reason the user can act on: a host that cannot be reached, a
 * key that is refused, an image that cannot be pulled. Its message is one line, fit to print as it is.
 */
public final class DeployException extends RuntimeException {

    public DeployException(String message) {
        super(message);
    }

    public DeployException(String message, Throwable cause) {
        super(message, cause);
    }
}
