package showdown.load.capacity;

/**
 * Measures what a {@link CapacitySearch} asks for: the load engine against a server for real, or a
 * script in tests. Called from the search's thread only; {@link #stop()} may come from any thread.
 */
public interface StepRunner {

    /**
     * A short closed-model run after a warm-up, with {@code connections} connections: valid
     * answers per second. It seeds the search; it is no ceiling.
     */
    double probe(int connections);

    /** One open-model step: settle at {@code rate}, then measure one window. */
    StepMeasurement measure(double rate, int connections);

    /** Ends the probe or step under way soon; what it returns then is not judged. */
    void stop();
}
