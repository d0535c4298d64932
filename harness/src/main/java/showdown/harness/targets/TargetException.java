package showdown.harness.targets;

/**
 * A problem with a target that the user can fix: a bad manifest, an unknown name, a failed build,
 * a target that never became ready. The CLI prints its message (first line = the summary) and
 * exits 2. Bugs are never wrapped in it.
 */
public class TargetException extends RuntimeException {
    public TargetException(String message) {
        super(message);
    }

    public TargetException(String message, Throwable cause) {
        super(message, cause);
    }
}
