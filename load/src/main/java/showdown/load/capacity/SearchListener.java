package showdown.load.capacity;

/** Hears a search as it goes, on the search's thread: to print each step when it is measured. */
public interface SearchListener {
    SearchListener NONE = new SearchListener() {
    };

    /** The closed-model probe measured {@code rate} valid answers per second with {@code connections}. */
    default void onProbe(double rate, int connections) {
    }

    default void onStep(Step step) {
    }
}
