package showdown.load;

import io.netty.channel.EventLoop;
import io.netty.channel.IoHandlerFactory;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.util.concurrent.DefaultThreadFactory;
import io.netty.util.concurrent.EventExecutor;
import io.netty.util.concurrent.Future;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.HdrHistogram.Histogram;
import showdown.load.engine.ArrivalSchedule;
import showdown.load.engine.Endpoint;
import showdown.load.engine.PacedIoHandler;
import showdown.load.engine.Transports;
import showdown.load.engine.Worker;
import showdown.load.http1.Http1Connection;
import showdown.load.http2.H2Connection;
import showdown.load.http3.H3Client;
import showdown.load.http3.H3Connection;
import showdown.load.tls.TlsClient;
import showdown.load.warmup.CompileTime;
import showdown.load.warmup.CompilerQuiet;

/**
 * Runs one load (see {@link LoadSpec}): one event loop per thread, each owning its connections;
 * the calling thread collects interval histograms and progress once a second, and stops the loops
 * at the deadline. The warm-up is the spec's fixed one, or one that ends when the generator's own
 * compilers are quiet ({@link #warmUntilQuiet}). A run always ends by {@code warmup + duration + 1 s}
 * (the longest warm-up, for one judged by the compilers), or for a count-bounded run when every
 * request has completed or failed (each bounded by the timeout).
 */
public final class LoadEngine {

    private static final long SECOND_NANOS = TimeUnit.SECONDS.toNanos(1);
    private static final long STOP_GRACE_MILLIS = 1000;

    static {
        NettyDefaults.apply(); // before any Netty class reads them
    }

    private final LoadSpec spec;
    private final ProgressListener listener;
    private final IntervalSink intervals;
    private final long sliceNanos;
    private volatile boolean stopRequested;
    private Runnable startGate = () -> { };
    private CompilerQuiet.Rule quietRule;
    private CompileTime compileTime;

    /**
     * Receives the measured window slice by slice: each slice's latency histogram (nanoseconds),
     * for HdrHistogram interval logs and for the harness's per-slice samples. Slices tile the
     * window: the first starts at 0 (the window's start), each starts where the previous one
     * ended, and the last ends where the window does. A slice with no answer is reported too.
     * Called on the thread that called {@link #run()}, never on an event loop.
     */
    public interface IntervalSink {
        IntervalSink NONE = (startNanos, endNanos, h) -> { };

        /** The measured window starts now (the warm-up, if any, is over). */
        default void onWindowStart() {
        }

        void onInterval(long startNanosSinceWindowStart, long endNanosSinceWindowStart, Histogram latency);
    }

    /** The slice length of {@link IntervalSink}s unless a caller asks for another. */
    public static final long DEFAULT_INTERVAL_NANOS = SECOND_NANOS;

    public LoadEngine(LoadSpec spec, ProgressListener listener, IntervalSink intervals) {
        this(spec, listener, intervals, DEFAULT_INTERVAL_NANOS);
    }

    /** @param sliceNanos the length of the slices handed to {@code intervals} */
    public LoadEngine(LoadSpec spec, ProgressListener listener, IntervalSink intervals, long sliceNanos) {
        if (sliceNanos <= 0) {
            throw new IllegalArgumentException("sliceNanos must be positive, not " + sliceNanos);
        }
        this.spec = spec;
        this.listener = listener == null ? ProgressListener.NONE : listener;
        this.intervals = intervals == null ? IntervalSink.NONE : intervals;
        this.sliceNanos = sliceNanos;
    }

    /**
     * Runs the load to completion and returns what it measured. Throws {@link LoadException} for a
     * problem the user can fix (an unknown host, nothing listening at the start, a transport that
     * does not load here).
     */
    public static LoadResult run(LoadSpec spec, ProgressListener listener) {
        return new LoadEngine(spec, listener, IntervalSink.NONE).run();
    }

    /**
     * Runs {@code gate} on the calling thread once every socket is open, just before the clock
     * starts: a load shared by several hosts waits there for its common start instant.
     */
    public LoadEngine startGate(Runnable gate) {
        this.startGate = gate == null ? () -> { } : gate;
        return this;
    }

    /**
     * Warms up, unrecorded, until this JVM's compilers are quiet ({@link CompilerQuiet}) rather than
     * for the spec's fixed warm-up, which must then be zero. The result says how long it took
     * ({@link LoadResult#warmup()}).
     */
    public LoadEngine warmUntilQuiet(CompilerQuiet.Rule rule, CompileTime compileTime) {
        if (!spec.warmup().isZero()) {
            throw new IllegalArgumentException("a fixed warm-up (" + spec.warmup() + ") and one until the compilers are quiet");
        }
        this.quietRule = rule;
        this.compileTime = compileTime;
        return this;
    }

    /** Asks a running load to stop early (Ctrl-C); {@link #run()} then returns what it has. */
    public void requestStop() {
        stopRequested = true;
    }

    public LoadResult run() {
        List<Endpoint> endpoints = Endpoints.resolve(spec);
        Transport transport = Transports.resolve(spec.transport());
        H3Client h3 = null;
        TlsClient tls = null;
        if (spec.http3()) { // UDP: nothing to connect to first; a silent port shows as no-answer errors
            h3 = H3Client.create(spec.tls(), spec.earlyData(), Transports.datagramChannelClass(transport), spec.timeout().toNanos());
        } else {
            Endpoints.preflight(endpoints, spec);
            tls = spec.secure() ? TlsClient.create(spec.tls(), spec.http2()) : null;
        }
        IoHandlerFactory io = Transports.ioHandlerFactory(transport, spec.busyPollMicros());
        PacedIoHandler.Factory pacedLoops = spec.openModel() ? new PacedIoHandler.Factory(io) : null;
        MultiThreadIoEventLoopGroup group = new MultiThreadIoEventLoopGroup(spec.threads(),
                new DefaultThreadFactory("showdown-load", true), pacedLoops != null ? pacedLoops : io);
        try {
            return drive(group, pacedLoops, transport, endpoints, tls, h3);
        } finally {
            group.shutdownGracefully(0, STOP_GRACE_MILLIS, TimeUnit.MILLISECONDS)
                    .awaitUninterruptibly(2 * STOP_GRACE_MILLIS);
        }
    }

    private LoadResult drive(MultiThreadIoEventLoopGroup group, PacedIoHandler.Factory pacedLoops, Transport transport,
                             List<Endpoint> endpoints, TlsClient tls, H3Client h3) {
        long timeoutNanos = spec.timeout().toNanos();
        AtomicLong permits = spec.countBounded() ? new AtomicLong(spec.requests()) : null;
        // A handler that keeps a cut-off record would see the next socket's bytes in a shared buffer.
        boolean shareReceiveBuffer = Transports.readsInPlace(transport) && (tls == null || !tls.keepsPartialRecords());
        List<Worker> workers = new ArrayList<>();
        for (EventExecutor executor : group) {
            workers.add(new Worker((EventLoop) executor, Transports.channelClass(transport), shareReceiveBuffer, permits,
                    timeoutNanos, tls, spec.keepAlive()));
        }
        long warmupNanos = spec.warmup().toNanos();
        if (pacedLoops != null) {
            paceWorkers(workers, pacedLoops);
        }
        for (int c = 0; c < spec.connections(); c++) {
            Worker w = workers.get(c % workers.size());
            Endpoint endpoint = endpoints.get(c % endpoints.size());
            w.add(h3 != null
                    ? new H3Connection(w, endpoint, h3, spec.pipelineDepth(), spec.method(), spec.headers(), spec.body())
                    : spec.http2()
                    ? new H2Connection(w, endpoint, spec.pipelineDepth(), spec.method(), spec.headers(), spec.body())
                    : new Http1Connection(w, endpoint, spec.pipelineDepth()));
        }
        // Open every socket before the clock starts (wrk starts it first, so its first second
        // measures a connect storm); a connection that cannot connect in time retries on its own.
        CountDownLatch connected = new CountDownLatch(spec.connections());
        for (Worker w : workers) {
            w.loop().execute(() -> w.connect(connected));
        }
        awaitQuietly(connected, timeoutNanos);
        startGate.run();
        long runStart = System.nanoTime();
        CompilerQuiet quiet = quietRule == null ? null : new CompilerQuiet(quietRule, compileTime, runStart);
        // judged by the compilers: the window starts when they are quiet, at the latest after the longest warm-up
        long measureStart = runStart + (quiet != null ? quietRule.most().toNanos() : warmupNanos);
        boolean measureNow = quiet == null && warmupNanos == 0;
        for (Worker w : workers) {
            w.loop().execute(() -> w.start(measureNow, runStart));
            if (quiet == null && !measureNow) {
                w.loop().schedule(w::beginMeasuring, warmupNanos, TimeUnit.NANOSECONDS);
            }
        }

        ResultCollector collector = new ResultCollector(workers, runStart, measureStart);
        long deadline = deadline(measureStart);
        long stallNanos = stallNanos(spec);
        long settled = 0;
        long lastProgress = measureStart;
        long cpuStart = -1;
        long nextTick = runStart + SECOND_NANOS;
        long nextSlice = measureStart + sliceNanos;
        while (true) {
            long now = System.nanoTime();
            if (quiet != null && quiet.state() == CompilerQuiet.State.WARMING && now >= quiet.nextCheckNanos()
                    && quiet.check(now) != CompilerQuiet.State.WARMING) {
                measureStart = now;
                for (Worker w : workers) {
                    w.loop().execute(w::beginMeasuring);
                }
                collector.windowStarts(measureStart);
                // a late check at the longest warm-up shortens the window rather than the run's bound
                deadline = deadline(Math.min(measureStart, runStart + quietRule.most().toNanos()));
                lastProgress = measureStart;
                nextSlice = measureStart + sliceNanos;
            }
            if (cpuStart < 0 && now >= measureStart) {
                cpuStart = processCpuNanos();
                intervals.onWindowStart();
            }
            if (now >= deadline || stopRequested || (spec.countBounded() && now >= measureStart && collector.allFinished())) {
                break;
            }
            if (spec.duration() == null && now >= measureStart) { // only a request count bounds this run
                long nowSettled = collector.settled();
                if (nowSettled != settled) {
                    settled = nowSettled;
                    lastProgress = now;
                } else if (now - lastProgress > stallNanos) {
                    break; // nothing answered or failed for that long: the server is gone
                }
            }
            long wake = Math.min(deadline, Math.min(nextTick, cpuStart < 0 ? measureStart : nextSlice));
            if (quiet != null && quiet.state() == CompilerQuiet.State.WARMING) {
                wake = Math.min(wake, quiet.nextCheckNanos());
            }
            if (spec.countBounded()) {
                wake = Math.min(wake, now + Worker.TICK_NANOS);
            }
            sleepUntil(wake);
            long woke = System.nanoTime();
            if (cpuStart >= 0 && woke >= nextSlice && woke < deadline) {
                collector.slice(intervals, woke);
                while (nextSlice <= woke) {
                    nextSlice += sliceNanos;
                }
            }
            if (woke >= nextTick) {
                collector.progress(listener, woke);
                nextTick += SECOND_NANOS;
            }
        }
        long stopNanos = stopAll(workers);
        long cpuEnd = processCpuNanos();
        if (cpuStart < 0) { // stopped during the warm-up: an empty window
            intervals.onWindowStart();
        }
        long windowEnd = spec.countBounded() && !stopRequested && collector.allFinished()
                ? Math.max(measureStart, lastCompletion(workers)) : stopNanos;
        collector.slice(intervals, Math.max(windowEnd, collector.lastSliceEnd()));
        LoadResult result = collector.result(spec, transport, Math.max(0, windowEnd - measureStart),
                cpuStart < 0 ? 0 : cpuEnd - cpuStart, tls != null ? tls.engineName() : h3 != null ? H3Client.ENGINE : null);
        return quiet == null ? result : result.withWarmup(warmup(quiet, runStart, stopNanos));
    }

    /** When the measured window that starts at {@code measureStart} ends; never for a run bounded only by a count. */
    private long deadline(long measureStart) {
        return spec.duration() == null ? Long.MAX_VALUE : measureStart + spec.duration().toNanos();
    }

    /** A warm-up judged by the compilers; one stopped (Ctrl-C) before they were judged lasted until the stop. */
    private static WarmupSummary warmup(CompilerQuiet quiet, long runStart, long stopNanos) {
        if (quiet.state() == CompilerQuiet.State.WARMING) {
            return new WarmupSummary(WarmupSummary.Until.COMPILER_QUIET, (stopNanos - runStart) / 1e9, null);
        }
        return new WarmupSummary(WarmupSummary.Until.COMPILER_QUIET, quiet.durationNanos() / 1e9, quiet.state());
    }

    /**
     * Open model: each loop sends its share of the rate (in proportion to its connections) on a
     * schedule of its own. Uniform schedules interleave: loop k's first request is due k gaps of the
     * whole run's rate after the origin, so that the loops together keep that rate's even spacing.
     */
    private void paceWorkers(List<Worker> workers, PacedIoHandler.Factory pacedLoops) {
        double runGapNanos = 1e9 / spec.ratePerSecond();
        for (int k = 0; k < workers.size(); k++) {
            int loopConnections = spec.connections() / workers.size() + (k < spec.connections() % workers.size() ? 1 : 0);
            double loopRate = spec.ratePerSecond() * loopConnections / spec.connections();
            workers.get(k).paceOn(new ArrivalSchedule(spec.arrival(), loopRate, k), Math.round(k * runGapNanos), pacedLoops, spec.spinLead());
        }
    }

    /**
     * How long a run bounded only by a request count waits without any request ending before it
     * stops: a request times out within the timeout, so after that (plus a second, and the open
     * model's gap between two sends of a connection) nothing is in flight and nothing connects.
     */
    public static long stallNanos(LoadSpec spec) {
        return spec.timeout().toNanos() + SECOND_NANOS + openModelIntervalNanos(spec);
    }

    /** Open model: the mean gap between two sends of one connection; 0 in the closed model. */
    private static long openModelIntervalNanos(LoadSpec spec) {
        return spec.openModel() ? (long) (spec.connections() * 1e9 / spec.ratePerSecond()) : 0;
    }

    private static long stopAll(List<Worker> workers) {
        List<Future<Long>> stops = new ArrayList<>();
        for (Worker w : workers) {
            stops.add(w.loop().submit(w::stop));
        }
        long latest = System.nanoTime();
        for (Future<Long> f : stops) {
            if (f.awaitUninterruptibly(STOP_GRACE_MILLIS) && f.isSuccess()) {
                latest = Math.max(latest, f.getNow());
            }
        }
        return latest;
    }

    private static long lastCompletion(List<Worker> workers) {
        long last = 0;
        for (Worker w : workers) {
            last = Math.max(last, w.stats().lastCompletionNanos());
        }
        return last;
    }

    private static void awaitQuietly(CountDownLatch latch, long nanos) {
        try {
            latch.await(nanos, TimeUnit.NANOSECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static void sleepUntil(long nanoTime) {
        long wait = nanoTime - System.nanoTime();
        if (wait > 0) {
            try {
                TimeUnit.NANOSECONDS.sleep(wait);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** CPU time of this whole process (every thread, GC and JIT included); 0 where the JVM cannot tell. */
    public static long processCpuNanos() {
        if (ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os) {
            return os.getProcessCpuTime();
        }
        return 0;
    }

}
