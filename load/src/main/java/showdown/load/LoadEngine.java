package showdown.load;

/** Runs one load: see {@link LoadSpec}. Work in progress: the engine lands in the next commit. */
public final class LoadEngine {
    private LoadEngine() {
    }

    /**
     * Runs the load to completion and returns what it measured. Throws {@link LoadException} for a
     * problem the user can fix (for example nothing listening at the start).
     */
    public static LoadResult run(LoadSpec spec, ProgressListener listener) {
        throw new UnsupportedOperationException("the load engine is being written");
    }
}
