package showdown.harness.targets;

/**
 * A target whose setup or build said it cannot work on this machine: it exited
 * {@value TargetManifest#SETUP_UNAVAILABLE_EXIT} (a toolchain missing or too old, a registry that
 * does not answer). Not a failure: a run records the target as unavailable with the setup's own line, the
 * message, and goes on without it.
 */
public final class TargetUnavailableException extends TargetException {

    public TargetUnavailableException(String setupsLine) {
        super(setupsLine);
    }

    /** How doctor and the reports say it: {@code unavailable here: <the setup's line>}. */
    public Availability availability() {
        return Availability.unavailable(getMessage());
    }
}
