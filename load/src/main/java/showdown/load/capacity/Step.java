package showdown.load.capacity;

/**
 * One measured step of a search, as printed and written: which phase asked for it, what it
 * measured, and the verdict.
 *
 * @param number      1 for the first step
 * @param phase       the search's phase when it ran
 * @param attempt     1 for a rate's first window, 2 and more when it is measured again
 * @param measurement what the window measured
 * @param verdict     what the judge made of it
 * @param pointPassed whether its point figures met the target (an undecided step's best guess)
 * @param next        what the search does about this rate next
 */
public record Step(int number, SearchPhase phase, int attempt, StepMeasurement measurement, Verdict verdict,
                   boolean pointPassed, Next next) {

    /** What a step leads to for its own rate. */
    public enum Next {
        /** The verdict stands for this rate; the search moves to another. */
        DECIDED,
        /** The window could not tell, or was disturbed: the same rate is measured again. */
        AGAIN,
        /** Requests waited for a connection: the same rate again with more connections. */
        MORE_CONNECTIONS
    }

    public boolean decided() {
        return next == Next.DECIDED;
    }

    public double rate() {
        return measurement.askedRate();
    }
}
