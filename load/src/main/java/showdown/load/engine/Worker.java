package showdown.load.engine;

import io.netty.bootstrap.Bootstrap;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoop;
import io.netty.channel.socket.SocketChannel;
import io.netty.util.concurrent.ScheduledFuture;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import showdown.load.SpinLead;
import showdown.load.stats.WorkerStats;
import showdown.load.tls.TlsClient;

/**
 * One load thread: an event loop that owns its connections and its {@link WorkerStats}. Everything
 * here runs on that loop's thread except the methods named as published for the collector.
 * Public for the engine, which starts and stops it, and for the protocols' connections, which ask
 * it whether to send and count into its stats.
 */
public final class Worker {

    /** wrk samples each thread's request rate every 100 ms; timeouts are checked as often. */
    public static final long TICK_NANOS = TimeUnit.MILLISECONDS.toNanos(100);
    /** A connection whose socket could not open (or would not speak) tries again after this. */
    static final long RECONNECT_BACKOFF_NANOS = TimeUnit.MILLISECONDS.toNanos(50);

    private final WorkerStats stats = new WorkerStats();
    private final EventLoop loop;
    private final Bootstrap bootstrap;
    private final List<ClientConnection> connections = new ArrayList<>();
    private final AtomicLong permits; // requests left to send in a count-bounded run, else null
    private final long timeoutNanos;
    private final TlsClient tls;
    private final boolean keepAlive;

    private boolean measuring;
    private boolean started;
    private boolean stopped;
    private CountDownLatch firstAttempts;
    private final Set<ClientConnection> attempted = Collections.newSetFromMap(new IdentityHashMap<>());
    private long rateSampleStartNanos;
    private long rateSampleRequests;
    private long stopNanos;
    private long measureStartNanos = Long.MAX_VALUE;
    private long loopCpuAtMeasureStart = -1;
    private volatile long loopCpuNanos = -1;
    private ScheduledFuture<?> ticker;
    /** The open model's pacer, and where its schedule starts after the run's origin; null in the closed model. */
    private Pacer pacer;
    private long scheduleOffsetNanos;

    private volatile boolean measuringPublished;
    private volatile boolean finishedPublished;

    /**
     * @param shareReceiveBuffer read every socket into one buffer ({@link SharedReceiveBuffer})
     * @param tls                the run's TLS client on https, else null
     * @param keepAlive          false: one request per connection ({@code --no-keepalive})
     */
    public Worker(EventLoop loop, Class<? extends SocketChannel> channelClass, boolean shareReceiveBuffer, AtomicLong permits,
           long timeoutNanos, TlsClient tls, boolean keepAlive) {
        this.loop = loop;
        this.permits = permits;
        this.timeoutNanos = timeoutNanos;
        this.tls = tls;
        this.keepAlive = keepAlive;
        this.bootstrap = new Bootstrap()
                .group(loop)
                .channel(channelClass)
                .option(ChannelOption.TCP_NODELAY, true)
                .option(ChannelOption.CONNECT_TIMEOUT_MILLIS, (int) Math.min(Integer.MAX_VALUE, TimeUnit.NANOSECONDS.toMillis(timeoutNanos)));
        if (shareReceiveBuffer) {
            bootstrap.option(ChannelOption.RCVBUF_ALLOCATOR, new SharedReceiveBuffer());
        }
    }

    public WorkerStats stats() {
        return stats;
    }

    /**
     * Open model: this loop sends on {@code schedule}, its first request due {@code offsetNanos}
     * after the run's origin, and wakes for its due times through {@code loops}, {@code spinLead}
     * before each. Called before any
     * connection is added.
     */
    public void paceOn(ArrivalSchedule schedule, long offsetNanos, PacedIoHandler.Factory loops, SpinLead spinLead) {
        if (!connections.isEmpty()) {
            throw new IllegalStateException("the pacer must exist before the connections");
        }
        Pacer p = new Pacer(schedule, System::nanoTime, this::acquirePermits, stats.pacing());
        this.pacer = p;
        this.scheduleOffsetNanos = offsetNanos;
        PacedIoHandler handler = loops.of(loop);
        loop.execute(() -> handler.attach(p, spinLead));
    }

    /** The open model's pacer, or null in the closed model. */
    public Pacer pacer() {
        return pacer;
    }

    public void add(ClientConnection c) {
        connections.add(c);
    }

    public EventLoop loop() {
        return loop;
    }

    /** The run's TLS client (https), or null. */
    public TlsClient tls() {
        return tls;
    }

    /** False when every request goes on a connection of its own. */
    public boolean keepAlive() {
        return keepAlive;
    }

    /** The request timeout, which also bounds a connect and a TLS handshake. */
    public long timeoutNanos() {
        return timeoutNanos;
    }

    Bootstrap bootstrap() {
        return bootstrap;
    }

    public boolean measuring() {
        return measuring;
    }

    /** When this loop began measuring: requests sent before it belong to the warm-up. */
    public long measureStartNanos() {
        return measureStartNanos;
    }

    public boolean stopped() {
        return stopped;
    }

    /**
     * On the loop: opens every connection, without sending yet. {@code connected} counts down
     * once per connection when its first attempt ends: its socket is ready to send (connected, and
     * on https past its handshake), or the attempt failed. So the clock starts on ready sockets and
     * no setup of the first sockets falls into the measured window.
     */
    public void connect(CountDownLatch connected) {
        this.firstAttempts = connected;
        for (ClientConnection c : connections) {
            c.connect();
        }
    }

    /**
     * Called by a connection when an attempt to open its socket ends: counts a failure and retries
     * after {@link #RECONNECT_BACKOFF_NANOS}. True when the socket is open and the run goes on; on
     * https the connection then reports {@link #attemptEnded} once its handshake ends.
     */
    boolean connectEnded(ClientConnection c, ChannelFuture attempt, Runnable retry) {
        if (!attempt.isSuccess()) {
            attemptEnded(c);
            stats.connectFailed();
            if (!stopped) {
                reconnectLater(retry);
            }
            return false;
        }
        if (stopped) {
            attemptEnded(c);
            attempt.channel().close();
            return false;
        }
        return true;
    }

    /** Runs {@code reconnect} after the back-off: a failed attempt is not retried in a tight loop. */
    public void reconnectLater(Runnable reconnect) {
        loop.schedule(reconnect, RECONNECT_BACKOFF_NANOS, TimeUnit.NANOSECONDS);
    }

    /**
     * Records an answer that arrived at {@code now} for a request due at {@code intendedAt} and sent
     * at {@code sentAt} (the same in the closed model): its latency from the due time, and in the
     * open model from the send too. Requests sent before the measured window are not counted.
     */
    public void recordAnswer(long intendedAt, long sentAt, int status, long now) {
        if (measuring && sentAt >= measureStartNanos) {
            stats.answered(status, now - intendedAt, pacer != null ? now - sentAt : -1, now);
        }
    }

    /**
     * Sends what may go on {@code c} now: the due requests the pacer hands it (open model, through
     * its {@code slot}), or as many as it has room for, each due now (closed model).
     */
    public void fill(PacedConnection c, Pacer.Slot slot) {
        if (slot != null) {
            slot.roomAvailable();
            return;
        }
        long now = System.nanoTime();
        while (c.hasRoom() && acquirePermits(1) == 1) {
            c.sendDue(now, now);
        }
    }

    /**
     * A connection's attempt ended: its socket is ready to send, or connecting or its handshake
     * failed. The first attempt of each connection counts the start latch down, once. Public for
     * connections that open their sockets themselves (HTTP/3 over UDP).
     */
    public void attemptEnded(ClientConnection c) {
        if (firstAttempts != null && attempted.add(c)) {
            firstAttempts.countDown();
        }
    }

    /** On the loop: the clock starts; every open connection begins sending. */
    public void start(boolean measureNow, long originNanos) {
        if (measureNow) {
            beginMeasuring();
        }
        started = true;
        attempted.clear();
        firstAttempts = null;
        if (pacer != null) {
            pacer.start(originNanos, scheduleOffsetNanos);
        }
        for (ClientConnection c : connections) {
            c.startSending();
        }
        ticker = loop.scheduleAtFixedRate(this::tick, TICK_NANOS, TICK_NANOS, TimeUnit.NANOSECONDS);
    }

    public boolean started() {
        return started;
    }

    /** On the loop: the warm-up is over; count from now on. */
    public void beginMeasuring() {
        int open = 0;
        for (ClientConnection c : connections) {
            open += c.open() ? 1 : 0;
        }
        stats.beginWindow(open);
        measuring = true;
        loopCpuAtMeasureStart = loopThreadCpuNanos();
        measureStartNanos = System.nanoTime();
        rateSampleStartNanos = measureStartNanos;
        rateSampleRequests = 0;
        measuringPublished = true;
    }

    /** On the loop: no more requests; closes every socket. Returns when it stopped counting. */
    public long stop() {
        if (!stopped) {
            stopped = true;
            stopNanos = System.nanoTime();
            long cpu = loopThreadCpuNanos();
            if (measuring && cpu >= 0 && loopCpuAtMeasureStart >= 0) {
                loopCpuNanos = cpu - loopCpuAtMeasureStart;
            }
            if (ticker != null) {
                ticker.cancel(false);
            }
            if (pacer != null) {
                pacer.stop();
                stats.pacing().unsentAtEnd(pacer.waiting());
            }
            for (ClientConnection c : connections) {
                c.close();
            }
            stats.publish();
        }
        return stopNanos;
    }

    private void tick() {
        long now = System.nanoTime();
        for (ClientConnection c : connections) {
            c.checkTimeout(now, timeoutNanos);
        }
        if (measuring) {
            long delta = stats.requests() - rateSampleRequests;
            if (delta > 0) {
                long elapsed = Math.max(1, now - rateSampleStartNanos);
                stats.sampleRate(delta * 1_000_000_000L / elapsed);
                rateSampleRequests = stats.requests();
                rateSampleStartNanos = now;
            }
        }
        stats.publish();
        if (permits != null && permits.get() <= 0 && allIdle()) {
            finishedPublished = true;
        }
    }

    private boolean allIdle() {
        for (ClientConnection c : connections) {
            if (!c.idle()) {
                return false;
            }
        }
        return true;
    }

    /** CPU time this loop's thread used in the measured window, or -1 when the JVM cannot tell. */
    public long loopCpuNanos() {
        return loopCpuNanos;
    }

    /** CPU time of the calling thread (this loop's, when called on the loop), or -1. */
    private static long loopThreadCpuNanos() {
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        return threads.isCurrentThreadCpuTimeSupported() ? threads.getCurrentThreadCpuTime() : -1;
    }

    /** Takes up to {@code wanted} sends from the request budget; all of them when unbounded. */
    public int acquirePermits(int wanted) {
        if (permits == null || !measuring) { // the budget counts measured requests, not the warm-up
            return wanted;
        }
        while (true) {
            long left = permits.get();
            if (left <= 0) {
                return 0;
            }
            int take = (int) Math.min(wanted, left);
            if (permits.compareAndSet(left, left - take)) {
                return take;
            }
        }
    }

    /** Published for the collector: true once the warm-up is over on this loop. */
    public boolean measuringPublished() {
        return measuringPublished;
    }

    /** Published for the collector: a count-bounded run has nothing left to do here. */
    public boolean finishedPublished() {
        return finishedPublished;
    }
}
