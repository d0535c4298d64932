package showdown.load.capacity;

import showdown.load.LoadEngine;
import showdown.load.LoadResult;
import showdown.load.LoadSpec;
import showdown.load.ProgressListener;
import showdown.load.warmup.CompileTime;
import showdown.load.warmup.CompilerQuiet;

/**
 * Runs one load of a search (its probe or one step) and hands each slice of its window to a sink:
 * the load engine in this process ({@link #local()}), or load agents on other hosts, whose slices
 * arrive merged (each slice's histograms added across agents) and whose result is merged the same way.
 */
public interface StepLoad {

    /**
     * Runs {@code spec}, cutting its window in slices of {@code sliceNanos}; null when the load was
     * stopped before it began.
     */
    LoadResult run(LoadSpec spec, LoadEngine.IntervalSink slices, long sliceNanos);

    /**
     * Runs {@code spec} (which has no fixed warm-up) after a warm-up until the generator's compilers
     * are quiet ({@link CompilerQuiet}). A load elsewhere, whose compilers this process cannot
     * read, warms up for the rule's least instead.
     */
    default LoadResult runAfterCompilerQuiet(LoadSpec spec, LoadEngine.IntervalSink slices, long sliceNanos,
                                             CompilerQuiet.Rule rule) {
        return run(spec.toBuilder().warmup(rule.least()).build(), slices, sliceNanos);
    }

    /** Ends the load under way soon, if it can; a load that cannot be ended early runs out its bounded time. */
    void stop();

    /** The load engine in this process; {@link #stop()} ends its run under way. */
    static StepLoad local() {
        return new StepLoad() {
            private volatile boolean stopped;
            private volatile LoadEngine current;

            @Override
            public LoadResult run(LoadSpec spec, LoadEngine.IntervalSink slices, long sliceNanos) {
                return run(new LoadEngine(spec, ProgressListener.NONE, slices, sliceNanos));
            }

            @Override
            public LoadResult runAfterCompilerQuiet(LoadSpec spec, LoadEngine.IntervalSink slices, long sliceNanos,
                                                    CompilerQuiet.Rule rule) {
                return run(new LoadEngine(spec, ProgressListener.NONE, slices, sliceNanos)
                        .warmUntilQuiet(rule, CompileTime.thisJvm()));
            }

            private LoadResult run(LoadEngine engine) {
                current = engine;
                if (stopped) { // stop() came before the assignment
                    engine.requestStop();
                }
                try {
                    return engine.run();
                } finally {
                    current = null;
                }
            }

            @Override
            public void stop() {
                stopped = true;
                LoadEngine engine = current;
                if (engine != null) {
                    engine.requestStop();
                }
            }
        };
    }
}
