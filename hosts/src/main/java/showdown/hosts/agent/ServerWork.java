package showdown.hosts.agent;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import showdown.harness.measure.CaseCompile;
import showdown.harness.measure.RssSampler;
import showdown.harness.measure.SliceRecorder;
import showdown.harness.results.Interference;
import showdown.harness.run.CpuAffinity;
import showdown.harness.targets.CompilerTime;
import showdown.harness.targets.JitActivity;
import showdown.harness.targets.ProcessTreeStats;
import showdown.harness.targets.RunningTarget;
import showdown.harness.targets.StartOptions;
import showdown.harness.targets.TargetBuilder;
import showdown.harness.targets.TargetCatalog;
import showdown.harness.targets.TargetException;
import showdown.harness.targets.TargetLifetime;
import showdown.harness.targets.TargetUnavailableException;
import showdown.harness.targets.TargetManifest;
import showdown.hosts.wire.Channel;
import showdown.hosts.wire.Message;

/**
 * The server role: starts a target by its name from the agent's own checkout (never a command
 * from the wire), samples what its process tree uses over a measured window exactly as a local
 * run does ({@link SliceRecorder}, {@link RssSampler}, {@link CaseCompile}: /proc, what other
 * processes used of this host's CPUs, and its JIT compilers' CPU time, read for the controller's
 * warm-up too), and stops it on "stop", on the controller's silence and when the agent ends.
 *
 * <p>One instance serves one controller connection. Its requests run in order on its own platform
 * thread, {@code showdown-agent-server}, which starts every target with
 * {@link TargetLifetime#ENDS_WITH_STARTING_THREAD}: when that thread ends (the work is closed, or
 * the agent's process dies however it dies) the kernel ends the target. {@link #close()} never
 * waits for a request that is running (a build takes minutes): it stops what runs and lets the
 * thread end, and a target that thread starts after the close is stopped before it is reported.
 */
final class ServerWork implements Agent.RoleWork {

    /** The variable a target reads its listening address from (docs/hosts.md); 127.0.0.1 when unset. */
    static final String LISTEN_HOST_VARIABLE = "HOST";
    static final String ANY_ADDRESS = "0.0.0.0";

    private final AgentConfig config;
    private final Channel channel;
    private final LinkedBlockingQueue<Message> requests = new LinkedBlockingQueue<>();
    private final Thread worker;
    /** Guards {@link #target} and {@link #watch}; held for short steps only, never across a build or a start. */
    private final Object state = new Object();
    private volatile boolean closed;
    private RunningTarget target;
    /** The running target's JIT compilers, read only on the role's thread. */
    private CompilerTime compilers = CompilerTime.NONE;
    private Watch watch;

    ServerWork(AgentConfig config, Channel channel) {
        this.config = config;
        this.channel = channel;
        this.worker = Thread.ofPlatform().name("showdown-agent-server").daemon().start(this::work);
    }

    /**
     * Queues the request for the role's own thread, in order: building and starting a target takes
     * minutes, and the thread that reads the controller must go on reading the controller's heartbeats meanwhile.
     */
    @Override
    public void handle(Message m) {
        requests.add(m);
    }

    private void work() {
        try {
            while (!closed) {
                Message m = requests.take();
                try {
                    handleInOrder(m);
                } catch (IOException e) {
                    return; // the controller is gone: the agent closes this work when its connection ends
                }
            }
        } catch (InterruptedException e) {
            // closed
        }
    }

    private void handleInOrder(Message m) throws IOException {
        switch (m) {
            case Message.StartTarget s -> start(s);
            case Message.WatchServer w -> {
                synchronized (state) {
                    if (target == null) {
                        channel.send(new Message.TargetFailed("", "no target is running"));
                        return;
                    }
                    if (watch != null) {
                        watch.end();
                    }
                    watch = new Watch(w, target.pid());
                    watch.begin();
                }
            }
            case Message.EndWatch e -> {
                Watch w;
                synchronized (state) {
                    w = watch;
                    watch = null;
                }
                if (w == null || !w.caseId.equals(e.caseId())) {
                    channel.send(new Message.Refused("no window is being watched for case " + e.caseId()));
                    return;
                }
                channel.send(w.end());
            }
            case Message.ReadCompilers r -> {
                CompilerTime jit;
                synchronized (state) {
                    jit = compilers;
                }
                channel.send(new Message.CompilerReading(jit.hasCompiler(), jit.cpuNanosSinceLast()));
            }
            case Message.StopTarget s -> {
                stopTarget();
                channel.send(new Message.TargetStopped());
            }
            default -> channel.send(new Message.Refused("a server agent does not take " + m.getClass().getSimpleName()));
        }
    }

    private void start(Message.StartTarget s) throws IOException {
        stopTarget();
        TargetManifest m;
        RunningTarget started;
        try {
            m = TargetCatalog.discover(config.home()).require(s.name());
            Path logs = config.home().resolve("results").resolve("agent-logs");
            TargetBuilder.ensureBuilt(m, config.home(), logs.resolve(m.name() + ".build.log"),
                    TargetLifetime.ENDS_WITH_STARTING_THREAD);
            if (closed) { // the controller left during the build: start nothing
                return;
            }
            List<Integer> cpus = s.cpus() == null ? List.of() : s.cpus();
            java.util.Map<String, String> env = new java.util.HashMap<>(s.env() == null ? java.util.Map.of() : s.env());
            // the load comes from other hosts: a target that honours HOST listens on every address
            env.putIfAbsent(LISTEN_HOST_VARIABLE, ANY_ADDRESS);
            started = RunningTarget.start(m, new StartOptions(config.home(), 0, cpus, logs, StartOptions.DEFAULT_READY_TIMEOUT,
                    env), TargetLifetime.ENDS_WITH_STARTING_THREAD);
        } catch (TargetUnavailableException e) {
            channel.send(new Message.TargetUnavailable(s.name(), e.getMessage()));
            return;
        } catch (TargetException e) {
            channel.send(new Message.TargetFailed(s.name(), Agent.oneLine(e)));
            return;
        }
        synchronized (state) {
            if (closed) { // the controller left while it started: nobody will stop it
                started.close();
                return;
            }
            target = started;
            compilers = started.watchCompilers();
        }
        long idleRss = ProcessTreeStats.sample(started.pid()).rssBytes();
        channel.send(new Message.TargetStarted(m.name(), started.port(), started.tlsPort(),
                started.timeToFirstResponse().toMillis(), idleRss, started.unavailableProtocols().byId()));
    }

    private void stopTarget() {
        synchronized (state) {
            if (watch != null) {
                watch.end();
                watch = null;
            }
            if (target != null) {
                target.close();
                target = null;
                compilers = CompilerTime.NONE;
            }
        }
    }

    /** Stops the target and the watch, and ends the role's thread without waiting for the request it runs. */
    @Override
    public void close() {
        closed = true;
        worker.interrupt();
        stopTarget();
    }

    /** One measured window: starts at the plan's instant on this host's clock, sliced as the load is. */
    private final class Watch {
        private final String caseId;
        private final long pid;
        private final long windowStartEpochNanos;
        private final long sliceNanos;
        private final List<Integer> cpus = CpuAffinity.allowed();
        private final SliceRecorder recorder;
        private final List<Message.ServerSlice> slices = new ArrayList<>();
        private final CountDownLatch stopped = new CountDownLatch(1);
        private RssSampler rss;
        private CaseCompile compile;
        private Thread thread;
        private volatile boolean ending;

        Watch(Message.WatchServer w, long pid) {
            this.caseId = w.caseId();
            this.pid = pid;
            this.windowStartEpochNanos = ControllerInstant.onAgentClock(w.startEpochNanos(), w.clockOffsetNanos(),
                    w.warmupNanos());
            this.sliceNanos = w.sliceNanos();
            // the target has the host: other processes (this agent included) are what disturbs it
            this.recorder = new SliceRecorder(pid, cpus, cpus);
        }

        void begin() {
            rss = RssSampler.start(pid, RssSampler.DEFAULT_INTERVAL);
            compile = CaseCompile.start(JitActivity.watch(pid));
            thread = Thread.ofPlatform().name("showdown-agent-watch").daemon().start(this::sample);
        }

        private void sample() {
            try {
                config.clock().sleepUntil(windowStartEpochNanos);
                recorder.onWindowStart();
                long start = System.nanoTime();
                long lastEnd = 0;
                while (true) {
                    long next = lastEnd + sliceNanos;
                    long wait = start + next - System.nanoTime();
                    boolean last = ending || (wait > 0 && !sleep(wait));
                    long end = last ? System.nanoTime() - start : next;
                    SliceRecorder.ServerSlice s = recorder.serverSlice(lastEnd, end);
                    slices.add(new Message.ServerSlice(lastEnd, end, s.cpuNanos(),
                            s.shares() == null ? null : s.shares().other(), s.shares() == null ? null : s.shares().steal()));
                    lastEnd = end;
                    if (last) {
                        return;
                    }
                }
            } finally {
                stopped.countDown();
            }
        }

        /** False when woken to end. */
        private boolean sleep(long nanos) {
            try {
                TimeUnit.NANOSECONDS.sleep(nanos);
                return !ending;
            } catch (InterruptedException e) {
                return false;
            }
        }

        Message.ServerWindow end() {
            ending = true;
            thread.interrupt();
            try {
                stopped.await(5, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            rss.stop();
            CaseCompile.Figures jit = compile.end();
            RssSampler.RssStats mem = rss.stats();
            Interference i = recorder.interference();
            boolean alive = target != null && target.isAlive();
            return new Message.ServerWindow(caseId, Math.max(0, recorder.windowServerUserNanos()),
                    Math.max(0, recorder.windowServerSystemNanos()), mem.peakBytes(), mem.averageBytes(), List.copyOf(slices),
                    i == null ? null : i.otherCpuShare(), i == null ? null : i.stealShare(),
                    i == null ? null : i.busiestSliceOtherShare(), i != null && i.disturbed(), alive, jit.seconds(),
                    jit.share());
        }
    }
}
