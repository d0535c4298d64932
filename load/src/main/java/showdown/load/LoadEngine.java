package showdown.load;

import io.netty.channel.EventLoop;
import io.netty.channel.IoHandlerFactory;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.util.ResourceLeakDetector;
import io.netty.util.concurrent.DefaultThreadFactory;
import io.netty.util.concurrent.EventExecutor;
import io.netty.util.concurrent.Future;
import io.netty.util.internal.logging.InternalLoggerFactory;
import io.netty.util.internal.logging.JdkLoggerFactory;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
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
import showdown.load.http1.RequestTemplate;
import showdown.load.http2.H2Connection;
import showdown.load.http2.H2Preflight;
import showdown.load.http3.H3Client;
import showdown.load.http3.H3Connection;
import showdown.load.stats.PacingStats;
import showdown.load.stats.WorkerStats;
import showdown.load.tls.TlsClient;
import showdown.load.tls.TlsFailure;
import showdown.load.tls.TlsPreflight;

/**
 * Runs one load (see {@link LoadSpec}): one event loop per thread, each owning its connections;
 * the calling thread collects interval histograms and progress once a second, and stops the loops
 * at the deadline. A run always ends by {@code warmup + duration + 1 s}, or for a count-bounded run
 * when every request has completed or failed (each bounded by the timeout).
 */
public final class LoadEngine {

    private static final long SECOND_NANOS = TimeUnit.SECONDS.toNanos(1);
    private static final long STOP_GRACE_MILLIS = 1000;
    private static final int PREFLIGHT_TIMEOUT_MILLIS = 3000;

    static {
        // Netty registers JFR events for its allocator when JFR is present: setting them up costs
        // about a quarter of a CPU-second at start-up, on the generator's CPU. Set before any Netty
        // class reads it; -Dio.netty.jfr.enabled=true still turns them on.
        System.getProperties().putIfAbsent("io.netty.jfr.enabled", "false");
        // Netty's epoll loop waits less than 10 ms with epoll_pwait2, whose wake-up the kernel may
        // delay by the thread's timer slack (50 µs by default): the open model's pacing error would
        // start there. With no threshold it arms its timerfd instead, which has no slack.
        System.getProperties().putIfAbsent("io.netty.channel.epoll.epollWaitThreshold", "0");
        // Netty looks for SLF4J, Log4j 2 and Log4j before it settles on the JDK's logging, which is
        // all this jar has: the failed lookups cost about 19 ms of the main thread at start-up.
        InternalLoggerFactory.setDefaultFactory(JdkLoggerFactory.INSTANCE);
        // Netty samples buffers for leak reports by default, capturing stack traces on the hot
        // path; a load generator pays for that in every measurement. -Dio.netty.leakDetection.level
        // still wins when a developer sets it.
        if (System.getProperty("io.netty.leakDetection.level") == null) {
            ResourceLeakDetector.setLevel(ResourceLeakDetector.Level.DISABLED);
        }
    }

    private final LoadSpec spec;
    private final ProgressListener listener;
    private final IntervalSink intervals;
    private final long sliceNanos;
    private volatile boolean stopRequested;
    private Runnable startGate = () -> { };

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

    /** Asks a running load to stop early (Ctrl-C); {@link #run()} then returns what it has. */
    public void requestStop() {
        stopRequested = true;
    }

    public LoadResult run() {
        List<Endpoint> endpoints = resolve(spec);
        Transport transport = Transports.resolve(spec.transport());
        H3Client h3 = null;
        TlsClient tls = null;
        if (spec.http3()) { // UDP: nothing to connect to first; a silent port shows as no-answer errors
            h3 = H3Client.create(spec.tls(), spec.earlyData(), Transports.datagramChannelClass(transport), spec.timeout().toNanos());
        } else {
            preflight(endpoints, spec);
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
        long measureStart = runStart + warmupNanos;
        boolean measureNow = warmupNanos == 0;
        for (Worker w : workers) {
            w.loop().execute(() -> w.start(measureNow, runStart));
            if (!measureNow) {
                w.loop().schedule(w::beginMeasuring, warmupNanos, TimeUnit.NANOSECONDS);
            }
        }

        Collector collector = new Collector(workers, runStart, measureStart);
        long deadline = spec.duration() == null ? Long.MAX_VALUE : measureStart + spec.duration().toNanos();
        long stallNanos = stallNanos(spec);
        long settled = 0;
        long lastProgress = measureStart;
        long cpuStart = -1;
        long nextTick = runStart + SECOND_NANOS;
        long nextSlice = measureStart + sliceNanos;
        while (true) {
            long now = System.nanoTime();
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
        return collector.result(spec, transport, Math.max(0, windowEnd - measureStart),
                cpuStart < 0 ? 0 : cpuEnd - cpuStart, tls != null ? tls.engineName() : h3 != null ? H3Client.ENGINE : null);
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
            workers.get(k).paceOn(new ArrivalSchedule(spec.arrival(), loopRate, k), Math.round(k * runGapNanos), pacedLoops);
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

    static List<Endpoint> resolve(LoadSpec spec) {
        boolean head = spec.method().equals("HEAD");
        List<Header> headers = new ArrayList<>(spec.headers());
        if (!spec.keepAlive() && headers.stream().noneMatch(h -> h.name().equalsIgnoreCase("connection"))) {
            headers.add(new Header("Connection", "close")); // one request per connection, said so to the server
        }
        Map<URI, Endpoint> byUrl = new LinkedHashMap<>();
        List<Endpoint> endpoints = new ArrayList<>();
        for (URI url : spec.urls()) {
            Endpoint e = byUrl.computeIfAbsent(url, u -> new Endpoint(u, address(u),
                    RequestTemplate.encode(spec.method(), u, headers, spec.body()), head));
            endpoints.add(e);
        }
        return endpoints;
    }

    private static InetSocketAddress address(URI url) {
        int defaultPort = "https".equalsIgnoreCase(url.getScheme()) ? 443 : 80;
        try {
            return new InetSocketAddress(InetAddress.getByName(Endpoint.host(url)), url.getPort() < 0 ? defaultPort : url.getPort());
        } catch (UnknownHostException e) {
            throw new LoadException("unknown host '" + url.getHost() + "' in " + url);
        }
    }

    /**
     * Fails early, in one line, when nothing listens (a run of connect errors helps nobody), or,
     * for an HTTP/2 run, when what listens does not speak h2c, or over TLS does not offer h2.
     */
    private static void preflight(List<Endpoint> endpoints, LoadSpec spec) {
        for (Endpoint e : distinctAddresses(endpoints)) {
            try (Socket s = new Socket()) {
                s.connect(e.address(), PREFLIGHT_TIMEOUT_MILLIS);
                if (spec.http2() && spec.secure()) {
                    TlsPreflight.checkH2(s, e.url(), PREFLIGHT_TIMEOUT_MILLIS);
                } else if (spec.http2()) {
                    H2Preflight.check(s, e.url(), PREFLIGHT_TIMEOUT_MILLIS);
                }
            } catch (IOException ex) {
                throw new LoadException("cannot connect to " + e.address().getHostString() + ":" + e.address().getPort()
                        + " (" + e.url() + "): " + ex.getMessage());
            }
        }
    }

    private static Collection<Endpoint> distinctAddresses(List<Endpoint> endpoints) {
        Map<InetSocketAddress, Endpoint> byAddress = new LinkedHashMap<>();
        for (Endpoint e : endpoints) {
            byAddress.putIfAbsent(e.address(), e);
        }
        return byAddress.values();
    }

    /** Merges the workers' recorders: slice by slice for the sink, once a second for progress, and at the end. */
    private static final class Collector {
        private final List<Worker> workers;
        private final long measureStart;
        private final Histogram latency = new Histogram(3);
        private final Histogram uncorrected = new Histogram(3);
        private final Histogram interval = new Histogram(3);
        private long lastRequests;
        private long lastProgressNanos;
        private long lastSliceEnd;

        Collector(List<Worker> workers, long runStart, long measureStart) {
            this.workers = workers;
            this.measureStart = measureStart;
            this.lastProgressNanos = runStart;
            this.lastSliceEnd = measureStart;
        }

        /** Requests that ended so far on every loop, answered or lost. */
        long settled() {
            long n = 0;
            for (Worker w : workers) {
                n += w.stats().publishedSettled();
            }
            return n;
        }

        boolean allFinished() {
            for (Worker w : workers) {
                if (!w.finishedPublished()) {
                    return false;
                }
            }
            return true;
        }

        long lastSliceEnd() {
            return lastSliceEnd;
        }

        void progress(ProgressListener listener, long now) {
            long requests = 0;
            long errors = 0;
            boolean warming = false;
            for (Worker w : workers) {
                requests += w.stats().publishedRequests();
                errors += w.stats().publishedErrors();
                warming |= !w.measuringPublished();
            }
            double seconds = Math.max(1, now - lastProgressNanos) / 1e9;
            double rate = warming ? 0 : Math.max(0, requests - lastRequests) / seconds;
            listener.onProgress(new Progress(now - measureStart, warming, requests, rate, errors));
            lastRequests = warming ? 0 : requests;
            lastProgressNanos = now;
        }

        /**
         * Moves every measuring worker's latencies since the last slice into the totals, and hands
         * them to the sink as the slice that ends at {@code end}.
         */
        void slice(IntervalSink sink, long end) {
            interval.reset();
            for (Worker w : workers) {
                if (!w.measuringPublished()) {
                    continue;
                }
                interval.add(w.stats().latencyInterval());
                uncorrected.add(w.stats().uncorrectedLatencyInterval());
            }
            latency.add(interval);
            sink.onInterval(lastSliceEnd - measureStart, end - measureStart, interval);
            lastSliceEnd = end;
        }

        /** The largest share of the window any loop thread spent on a CPU, or -1 when unknown. */
        private double busiestLoopShare(long durationNanos) {
            double busiest = -1;
            for (Worker w : workers) {
                long cpu = w.loopCpuNanos();
                if (cpu < 0 || durationNanos <= 0) {
                    return -1;
                }
                busiest = Math.max(busiest, cpu / (double) durationNanos);
            }
            return busiest;
        }

        /** @param tlsEngine the TLS implementation's name on https (TCP or QUIC), else null */
        LoadResult result(LoadSpec spec, Transport transport, long durationNanos, long cpuNanos, String tlsEngine) {
            long requests = 0;
            long bytesRead = 0;
            long bytesWritten = 0;
            long reconnects = 0;
            ErrorCounts errors = ErrorCounts.NONE;
            int connectionsOpen = 0;
            Histogram threadRate = new Histogram(3);
            SortedMap<Integer, Long> statuses = new TreeMap<>();
            for (Worker w : workers) {
                WorkerStats s = w.stats();
                requests += s.requests();
                bytesRead += s.bytesRead();
                bytesWritten += s.bytesWritten();
                reconnects += s.reconnects();
                connectionsOpen += s.connectionsOpenAtWindowStart();
                errors = errors.plus(s.errors());
                threadRate.add(s.threadRate());
                s.addStatusCounts(statuses);
            }
            return new LoadResult(spec, transport, durationNanos, requests, bytesRead, bytesWritten, errors,
                    reconnects, statuses, latency, spec.openModel() ? uncorrected : null, threadRate, cpuNanos,
                    busiestLoopShare(durationNanos), Runtime.getRuntime().availableProcessors(), connectionsOpen,
                    connections(tlsEngine, spec.http3()), spec.openModel() ? pacing(spec.arrival()) : null);
        }

        /** The open model's pacing over every loop. */
        private PacingSummary pacing(Arrival arrival) {
            Histogram lateness = new Histogram(3);
            Histogram waited = new Histogram(3);
            long blocked = 0;
            long unsent = 0;
            for (Worker w : workers) {
                PacingStats p = w.stats().pacing();
                lateness.add(p.lateness());
                waited.add(p.waited());
                blocked += p.blocked();
                unsent += p.unsent();
            }
            return new PacingSummary(arrival, lateness, blocked, waited, unsent);
        }

        /** The window's sockets and, on https, its handshakes, over every loop; over QUIC its errors too. */
        private ConnectionStats connections(String tlsEngine, boolean quic) {
            long opened = 0;
            long handshakes = 0;
            long resumed = 0;
            boolean resumedKnown = true;
            long[] failures = new long[TlsFailure.values().length];
            long noAnswer = 0;
            long resets = 0;
            long earlySent = 0;
            long earlyAccepted = 0;
            long earlyRejected = 0;
            SortedMap<String, Long> closes = new TreeMap<>();
            String version = null;
            String cipher = null;
            String alpn = null;
            Histogram setup = new Histogram(3);
            for (Worker w : workers) {
                WorkerStats s = w.stats();
                opened += s.socketsOpened();
                setup.add(s.setupLatency());
                handshakes += s.handshakes();
                resumedKnown &= s.resumedHandshakes() >= 0;
                resumed += Math.max(0, s.resumedHandshakes());
                noAnswer += s.quicNoAnswers();
                resets += s.streamResets();
                QuicSummary.EarlyData early = s.earlyData();
                earlySent += early.sent();
                earlyAccepted += early.accepted();
                earlyRejected += early.rejected();
                s.addQuicCloses(closes);
                for (TlsFailure f : TlsFailure.values()) {
                    failures[f.ordinal()] += s.tlsFailures(f);
                }
                if (version == null && s.tlsVersion() != null) {
                    version = s.tlsVersion();
                    cipher = s.tlsCipher();
                    alpn = s.applicationProtocol();
                }
            }
            TlsSummary summary = tlsEngine == null ? null : new TlsSummary(tlsEngine, version, cipher, alpn, handshakes,
                    resumedKnown ? resumed : -1, failures[TlsFailure.HANDSHAKE.ordinal()],
                    failures[TlsFailure.CERTIFICATE.ordinal()], failures[TlsFailure.NOT_TLS.ordinal()]);
            return new ConnectionStats(opened, setup, summary, quic ? new QuicSummary(noAnswer, resets, closes,
                    new QuicSummary.EarlyData(earlySent, earlyAccepted, earlyRejected)) : null);
        }
    }
}
