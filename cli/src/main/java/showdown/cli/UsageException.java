package showdown.cli;

/** The arguments do not fit the command's declarations: printed as one line with a pointer to --help, exit 2. */
final class UsageException extends RuntimeException {
    UsageException(String message) {
        super(message);
    }
}
