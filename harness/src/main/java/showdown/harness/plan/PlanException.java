package showdown.harness.plan;

/**
 * A problem the user can fix in a scenario or profile file, or in a run option: its message is one
 * line that names the file or option. Bugs are never wrapped in it.
 */
public class PlanException extends RuntimeException {
    public PlanException(String message) {
        super(message);
    }
}
