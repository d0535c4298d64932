package showdown.harness.measure;

import java.time.Duration;
import showdown.harness.target.ProcessTreeStats;
import showdown.load.LoadEngine;
import showdown.load.LoadResult;
import showdown.load.LoadSpec;
import showdown.load.ProgressListener;

/**
 * Runs one measured case against a running server and collects, beside the load engine's own
 * figures, what the server used: CPU time of its whole process tree (sampled from /proc just before
 * and just after the load run) and its RSS (sampled every 250 ms while the load runs).
 *
 * <p>The CPU window is the load engine's whole run, so it also holds the connects and the closes of
 * the case's connections: a few milliseconds against a window of seconds.
 */
public final class CaseMeasurer {

    /** The load engine, as a seam: tests and the warm-up use the real one. */
    @FunctionalInterface
    public interface Engine {
        LoadResult run(LoadSpec spec, ProgressListener listener);
    }

    /** One case's figures. */
    public record Measurement(LoadResult load, ServerMetrics server, boolean generatorSaturated) {
    }

    private final Engine engine;
    private final int serverCpus;
    private final int loadCpus;
    private final Duration rssInterval;

    /**
     * @param serverCpus how many CPUs the server may use (for the saturation check)
     * @param loadCpus   how many CPUs this process, the generator, may use
     */
    public CaseMeasurer(Engine engine, int serverCpus, int loadCpus, Duration rssInterval) {
        this.engine = engine;
        this.serverCpus = serverCpus;
        this.loadCpus = loadCpus;
        this.rssInterval = rssInterval;
    }

    public static CaseMeasurer withLoadEngine(int serverCpus, int loadCpus) {
        return new CaseMeasurer(LoadEngine::run, serverCpus, loadCpus, RssSampler.DEFAULT_INTERVAL);
    }

    public Measurement measure(LoadSpec spec, long serverPid, ProgressListener listener) {
        RssSampler rss = RssSampler.start(serverPid, rssInterval);
        LoadResult result;
        ProcessTreeStats.Sample before;
        ProcessTreeStats.Sample after;
        try {
            before = ProcessTreeStats.sample(serverPid);
            result = engine.run(spec, listener);
            after = ProcessTreeStats.sample(serverPid);
        } finally {
            rss.stop();
        }
        RssSampler.RssStats mem = rss.stats();
        ServerMetrics server = new ServerMetrics(
                Math.max(0, after.cpuUserNanos() - before.cpuUserNanos()),
                Math.max(0, after.cpuSystemNanos() - before.cpuSystemNanos()),
                mem.peakBytes(), mem.averageBytes());
        boolean saturated = Saturation.generatorSaturated(result.generatorCpuNanos(), loadCpus, server.cpuNanos(),
                serverCpus, result.durationNanos());
        return new Measurement(result, server, saturated);
    }
}
