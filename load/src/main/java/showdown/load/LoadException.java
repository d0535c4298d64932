package showdown.load;

/**
 * A problem the user caused or can fix (bad URL, nothing listening, bad option): the CLI prints its
 * message as one line and exits 2. Bugs are never wrapped in it.
 */
public class LoadException extends RuntimeException {
    public LoadException(String message) {
        super(message);
    }

    public LoadException(String message, Throwable cause) {
        super(message, cause);
    }
}
