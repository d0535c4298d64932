package showdown.load.capacity;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.HdrHistogram.Histogram;
import showdown.load.Arrival;
import showdown.load.LoadEngine;
import showdown.load.LoadResult;
import showdown.load.LoadSpec;
import showdown.load.PacingSummary;
import showdown.load.WarmupSummary;
import showdown.load.warmup.CompilerQuiet;

/**
 * Measures a search's steps with a {@link StepLoad} (the load engine in this process unless told
 * otherwise, or load agents on other hosts): every step is a run of its own, which opens its
 * connections, settles for {@link #SETTLE} at the step's rate (the engine's warm-up, not recorded)
 * and then measures one window in {@link #SLICES_PER_WINDOW} slices, the slices the quantile's
 * interval is drawn from. Each run is bounded in time by the engine (settle + window + 1 s). An
 * {@link InterferenceCheck} watches each window; a window it marks says why in its measurement.
 *
 * <p>With {@link #warmGeneratorFirst}, the first step settles instead until the generator's own
 * compilers are quiet ({@link CompilerQuiet}, at least {@link #SETTLE}): the probe's closed-model
 * load does not take the open model's pacing path, which would otherwise be compiled during the
 * first step's window, on the generator's CPU, and its lateness counted against the server.
 */
public final class EngineStepRunner implements StepRunner {

    /** Each step runs this long at its rate before its window starts. */
    public static final Duration SETTLE = Duration.ofSeconds(1);

    /** The window is cut in this many slices for the quantile's interval. */
    public static final int SLICES_PER_WINDOW = 10;

    private final LoadSpec base;
    private final LatencyTarget target;
    private final Duration warmup;
    private final Duration probe;
    private final Duration window;
    private final InterferenceCheck interference;
    private final StepLoad load;
    private volatile boolean stopped;
    private CompilerQuiet.Rule firstStepRule;
    private WarmupSummary generatorWarmup;

    /**
     * @param base   the load as the user gave it (URLs, headers, threads, timeout, protocol); its
     *               rate, connections and durations are the search's
     * @param warmup the closed-model load before the probe, not recorded
     * @param probe  the probe's measured duration
     * @param window each step's measured window
     */
    public EngineStepRunner(LoadSpec base, LatencyTarget target, Duration warmup, Duration probe, Duration window) {
        this(base, target, warmup, probe, window, InterferenceCheck.NONE);
    }

    /** @param interference watches each step's window for other processes on the CPUs around the load */
    public EngineStepRunner(LoadSpec base, LatencyTarget target, Duration warmup, Duration probe, Duration window,
                            InterferenceCheck interference) {
        this(base, target, warmup, probe, window, interference, StepLoad.local());
    }

    /** @param load runs each load: this process's engine, or load agents on other hosts */
    public EngineStepRunner(LoadSpec base, LatencyTarget target, Duration warmup, Duration probe, Duration window,
                            InterferenceCheck interference, StepLoad load) {
        this.base = base;
        this.target = target;
        this.warmup = warmup;
        this.probe = probe;
        this.window = window;
        this.interference = interference;
        this.load = load;
    }

    /** The first step settles until the generator's compilers are quiet, by {@code rule}; returns this. */
    public EngineStepRunner warmGeneratorFirst(CompilerQuiet.Rule rule) {
        this.firstStepRule = rule;
        return this;
    }

    /** With {@link #warmGeneratorFirst}: the first step's warm-up, once it ran; else null. */
    public WarmupSummary generatorWarmup() {
        return generatorWarmup;
    }

    @Override
    public double probe(int connections) {
        LoadSpec spec = base.toBuilder().rate(0).arrival(Arrival.UNIFORM).connections(connections).requests(0)
                .warmup(warmup).duration(probe).build();
        LoadResult r = run(spec, false, LoadEngine.IntervalSink.NONE);
        return r == null || r.durationNanos() == 0 ? 0 : r.validAnswers() / r.durationSeconds();
    }

    @Override
    public StepMeasurement measure(double rate, int connections) {
        LoadSpec spec = base.toBuilder().rate(rate).connections(connections).requests(0)
                .warmup(SETTLE).duration(window).build();
        List<Histogram> slices = new ArrayList<>();
        InterferenceCheck.Watch watch = interference.watch();
        boolean warmGenerator = firstStepRule != null && generatorWarmup == null;
        if (warmGenerator) {
            spec = spec.toBuilder().warmup(Duration.ZERO).build();
        }
        LoadResult r = run(spec, warmGenerator, new LoadEngine.IntervalSink() {
            @Override
            public void onWindowStart() {
                watch.onWindowStart();
            }

            @Override
            public void onInterval(long start, long end, Histogram latency) {
                slices.add(latency.copy());
                watch.onInterval(start, end, latency);
            }
        });
        if (warmGenerator && r != null) {
            generatorWarmup = r.warmup();
        }
        return r == null ? new StepMeasurement(rate, connections, 0, 0, 0, 0, 0, null, 0, 0, false, false, 0)
                : measurement(r, slices).withDisturbance(watch.disturbance());
    }

    @Override
    public void stop() {
        stopped = true;
        load.stop();
    }

    /** Runs one load unless the search was stopped; null then. */
    private LoadResult run(LoadSpec spec, boolean warmGenerator, LoadEngine.IntervalSink sink) {
        if (stopped) {
            return null;
        }
        long sliceNanos = window.toNanos() / SLICES_PER_WINDOW;
        return warmGenerator ? load.runAfterCompilerQuiet(spec, sink, sliceNanos, firstStepRule)
                : load.run(spec, sink, sliceNanos);
    }

    private StepMeasurement measurement(LoadResult r, List<Histogram> slices) {
        PacingSummary pacing = r.pacing();
        return new StepMeasurement(r.spec().ratePerSecond(), r.spec().connections(), r.requestsPerSecond(), r.requests(),
                r.errors().total(), r.latency().getValueAtPercentile(50), target.quantileOf(r.latency()),
                SliceBootstrap.interval(slices, target.percentile()), target.quantileOf(r.uncorrectedLatency()),
                pacing.lateness().getValueAtPercentile(99), r.generatorSaturated(), pacing.connectionBound(),
                r.durationSeconds());
    }
}
