package showdown.harness.results;

/**
 * A results file that cannot be used: missing, unreadable, not JSON, or of an unknown schema version.
 * The message is one line meant for the user.
 */
public class ResultsException extends RuntimeException {
    public ResultsException(String message) {
        super(message);
    }

    public ResultsException(String message, Throwable cause) {
        super(message, cause);
    }
}
