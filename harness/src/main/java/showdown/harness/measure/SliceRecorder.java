package showdown.harness.measure;

import java.util.ArrayList;
import java.util.List;
import java.util.function.LongFunction;
import java.util.function.LongSupplier;
import java.util.function.Supplier;
import org.HdrHistogram.Histogram;
import showdown.harness.results.CaseSample;
import showdown.harness.results.Interference;
import showdown.harness.targets.ProcessTreeStats;
import showdown.load.LoadEngine;

/**
 * Turns the load engine's slices of a measured window into {@link CaseSample}s: beside each
 * slice's requests and latency, what the server tree and this process (the generator) used, and
 * what everything else used on the same CPUs (from /proc/stat). Runs on the engine's calling
 * thread, a few times a second, never on an event loop.
 */
public final class SliceRecorder implements LoadEngine.IntervalSink {

    /** What was read at one moment: the slice boundaries' readings. */
    private record Reading(ProcessTreeStats.Sample server, long generatorCpuNanos, CpuTimes cpus) {
        long serverCpuNanos() {
            return server.cpuNanos();
        }
    }

    private final long serverPid;
    private final List<Integer> serverCpus;
    private final List<Integer> loadCpus;
    private final LongFunction<ProcessTreeStats.Sample> serverSampler;
    private final LongSupplier generatorCpuNanos;
    private final Supplier<CpuTimes> cpuTimes;
    private final List<CaseSample> samples = new ArrayList<>();
    private Reading windowStart;
    private Reading last;
    private long windowStartNanos;
    private long lastEndNanos;
    private double busiestSliceOtherShare;
    private boolean hasSlice;

    /**
     * @param serverCpus the CPUs the server may use (all of them when not pinned)
     * @param loadCpus   the CPUs this process may use; the same list as {@code serverCpus} when not pinned
     */
    public SliceRecorder(long serverPid, List<Integer> serverCpus, List<Integer> loadCpus) {
        this(serverPid, serverCpus, loadCpus, ProcessTreeStats::sample, LoadEngine::processCpuNanos, CpuTimes::read);
    }

    /** With stand-ins for the three readings, for tests. */
    SliceRecorder(long serverPid, List<Integer> serverCpus, List<Integer> loadCpus,
                  LongFunction<ProcessTreeStats.Sample> serverSampler, LongSupplier generatorCpuNanos,
                  Supplier<CpuTimes> cpuTimes) {
        this.serverPid = serverPid;
        this.serverCpus = List.copyOf(serverCpus);
        this.loadCpus = List.copyOf(loadCpus);
        this.serverSampler = serverSampler;
        this.generatorCpuNanos = generatorCpuNanos;
        this.cpuTimes = cpuTimes;
    }

    @Override
    public void onWindowStart() {
        windowStart = read();
        last = windowStart;
        windowStartNanos = 0;
        lastEndNanos = 0;
    }

    @Override
    public void onInterval(long startNanos, long endNanos, Histogram latency) {
        ServerSlice s = serverSlice(startNanos, endNanos);
        samples.add(SliceSample.of(startNanos, endNanos, latency, s.cpuNanos(), s.shares()));
    }

    /**
     * What the server tree used in one slice, and what others used of the measured CPUs.
     *
     * @param cpuNanos the server tree's CPU time in the slice
     * @param shares   others' and the hypervisor's shares; null when /proc/stat could not be read
     */
    public record ServerSlice(long cpuNanos, HostShares shares) {
    }

    /**
     * Reads the server's side of the slice that ends now, without a load's latencies: what a server
     * agent, which sends no request, records for each slice; {@link #onInterval} records the same
     * beside the load's.
     */
    public ServerSlice serverSlice(long startNanos, long endNanos) {
        if (last == null) {
            onWindowStart(); // an engine that never said the window started: count from the first slice
        }
        Reading now = read();
        HostShares shares = shares(last, now, Math.max(1, endNanos - startNanos));
        if (shares != null) {
            busiestSliceOtherShare = Math.max(busiestSliceOtherShare, shares.other());
        }
        ServerSlice slice = new ServerSlice(Math.max(0, now.serverCpuNanos() - last.serverCpuNanos()), shares);
        last = now;
        lastEndNanos = endNanos;
        hasSlice = true;
        return slice;
    }

    public List<CaseSample> samples() {
        return List.copyOf(samples);
    }

    /** The server tree's user CPU time over the whole window, in nanoseconds; -1 before any slice. */
    public long windowServerUserNanos() {
        return windowStart == null || last == null ? -1
                : Math.max(0, last.server().cpuUserNanos() - windowStart.server().cpuUserNanos());
    }

    /** The server tree's system CPU time over the whole window, in nanoseconds; -1 before any slice. */
    public long windowServerSystemNanos() {
        return windowStart == null || last == null ? -1
                : Math.max(0, last.server().cpuSystemNanos() - windowStart.server().cpuSystemNanos());
    }

    /** Interference over the whole window; null when /proc/stat could not be read or no slice ended. */
    public Interference interference() {
        if (windowStart == null || last == null || !hasSlice) {
            return null;
        }
        HostShares window = shares(windowStart, last, Math.max(1, lastEndNanos - windowStartNanos));
        if (window == null) {
            return null;
        }
        return new Interference(window.other(), window.steal(),
                InterferenceRule.disturbed(window.other(), window.steal(), busiestSliceOtherShare), busiestSliceOtherShare);
    }

    /**
     * Other processes' share of the measured CPUs between two readings: the busier of the server's
     * set (less the server's own time) and the load's set (less ours); when both are one set, less both.
     */
    private HostShares shares(Reading from, Reading to, long lengthNanos) {
        long server = Math.max(0, to.serverCpuNanos() - from.serverCpuNanos());
        long generator = Math.max(0, to.generatorCpuNanos() - from.generatorCpuNanos());
        if (serverCpus.equals(loadCpus)) {
            return HostShares.between(from.cpus(), to.cpus(), serverCpus, server + generator, lengthNanos);
        }
        return HostShares.busier(HostShares.between(from.cpus(), to.cpus(), serverCpus, server, lengthNanos),
                HostShares.between(from.cpus(), to.cpus(), loadCpus, generator, lengthNanos));
    }

    private Reading read() {
        return new Reading(serverSampler.apply(serverPid), generatorCpuNanos.getAsLong(), cpuTimes.get());
    }
}
