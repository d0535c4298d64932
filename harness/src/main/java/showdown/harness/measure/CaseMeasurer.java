package showdown.harness.measure;

import java.time.Duration;
import java.util.List;
import showdown.harness.results.CaseHosts;
import showdown.harness.results.CaseSample;
import showdown.harness.results.Interference;
import showdown.harness.targets.JitActivity;
import showdown.harness.targets.ProcessTreeStats;
import showdown.load.LoadEngine;
import showdown.load.LoadResult;
import showdown.load.LoadSpec;
import showdown.load.ProgressListener;

/**
 * Runs one measured case against a running server and collects, beside the load engine's own
 * figures, what the server used: CPU time of its whole process tree over the measured window
 * (sampled from /proc at the window's start and at every slice's end) and its RSS (sampled every
 * 250 ms while the load runs), slice by slice with what other processes used on the same CPUs.
 */
public final class CaseMeasurer {

    /** The slice length of a case's samples. */
    public static final Duration DEFAULT_SLICE = Duration.ofMillis(250);

    /** The load engine, as a seam: tests use a stand-in, the run the real one. */
    @FunctionalInterface
    public interface Engine {
        /** The real engine. */
        Engine LOAD_ENGINE = (spec, listener, slices, sliceNanos) -> new LoadEngine(spec, listener, slices, sliceNanos).run();

        LoadResult run(LoadSpec spec, ProgressListener listener, LoadEngine.IntervalSink slices, long sliceNanos);
    }

    /**
     * One case's figures.
     *
     * @param samples      the window's slices, in order
     * @param interference what other processes used on the measured CPUs; null when unknown
     * @param compileSeconds CPU time the server's JIT compilers used while the case ran (its
     *                     connects and settle included); null when the server has no JIT
     * @param compileShare that time as a share of one CPU over the case's wall time; null likewise
     * @param hosts        where the case ran in a multi-host run; null for a local case
     */
    public record Measurement(LoadResult load, ServerMetrics server, boolean generatorSaturated,
                              List<CaseSample> samples, Interference interference, Double compileSeconds,
                              Double compileShare, CaseHosts hosts) {
    }

    private final Engine engine;
    private final List<Integer> serverCpus;
    private final List<Integer> loadCpus;
    private final Duration rssInterval;
    private final Duration slice;

    /**
     * @param serverCpus the CPUs the server may use (for the saturation check and interference)
     * @param loadCpus   the CPUs this process, the generator, may use; the same list when not pinned
     */
    public CaseMeasurer(Engine engine, List<Integer> serverCpus, List<Integer> loadCpus, Duration rssInterval,
                        Duration slice) {
        this.engine = engine;
        this.serverCpus = List.copyOf(serverCpus);
        this.loadCpus = List.copyOf(loadCpus);
        this.rssInterval = rssInterval;
        this.slice = slice;
    }

    public Measurement measure(LoadSpec spec, long serverPid, ProgressListener listener) {
        CaseCompile compile = CaseCompile.start(JitActivity.watch(serverPid));
        RssSampler rss = RssSampler.start(serverPid, rssInterval);
        SliceRecorder slices = new SliceRecorder(serverPid, serverCpus, loadCpus);
        LoadResult result;
        ProcessTreeStats.Sample before;
        ProcessTreeStats.Sample after;
        try {
            before = ProcessTreeStats.sample(serverPid);
            result = engine.run(spec, listener, slices, slice.toNanos());
            after = ProcessTreeStats.sample(serverPid);
        } finally {
            rss.stop();
        }
        CaseCompile.Figures jit = compile.end();
        RssSampler.RssStats mem = rss.stats();
        // The window's own readings when the engine gave them; around the whole run otherwise.
        long user = slices.windowServerUserNanos() >= 0 ? slices.windowServerUserNanos()
                : Math.max(0, after.cpuUserNanos() - before.cpuUserNanos());
        long system = slices.windowServerSystemNanos() >= 0 ? slices.windowServerSystemNanos()
                : Math.max(0, after.cpuSystemNanos() - before.cpuSystemNanos());
        ServerMetrics server = new ServerMetrics(user, system, mem.peakBytes(), mem.averageBytes());
        boolean saturated = Saturation.generatorSaturated(result.generatorCpuNanos(), loadCpus.size(), server.cpuNanos(),
                serverCpus.size(), result.durationNanos());
        return new Measurement(result, server, saturated, slices.samples(), slices.interference(), jit.seconds(),
                jit.share(), null);
    }
}
