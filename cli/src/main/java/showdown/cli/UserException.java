package showdown.cli;

/** A problem the user can fix; printed as one line, exit code 2. */
public class UserException extends RuntimeException {
    public UserException(String message) {
        super(message);
    }
}
