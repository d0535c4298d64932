package showdown.hosts.agent;

import java.io.IOException;
import java.net.URI;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import org.HdrHistogram.Histogram;
import showdown.hosts.wire.Channel;
import showdown.hosts.wire.HistogramCodec;
import showdown.hosts.wire.LoadResultJson;
import showdown.hosts.wire.Message;
import showdown.load.LoadEngine;
import showdown.load.LoadException;
import showdown.load.LoadResult;
import showdown.load.LoadSpec;
import showdown.load.ProgressListener;

/**
 * The load role: runs the engine on a plan whose every URL is in the agent's allow list. Once its
 * connections are open it says so and waits for the common start instant (converted to this
 * host's clock with the measured offset), so that a slow start of one agent never shifts its
 * window against the others'; then it streams each slice of the window, and the whole result.
 * Slices are queued on the channel without waiting, so a stalled controller never stalls the
 * load clock; a plan that lost any slice that way ends with {@code LoadFailed}, never a result.
 */
final class LoadWork implements Agent.RoleWork {

    private final AgentConfig config;
    private final Channel channel;
    private final AllowList allow;
    /** How long a ready agent waits for the start before it gives the plan up. */
    static final java.time.Duration START_WAIT = java.time.Duration.ofSeconds(60);

    private final AtomicReference<LoadEngine> running = new AtomicReference<>();
    /** The running plan's start instant (controller's clock), or {@link #ABORTED}; completed by the controller. */
    private volatile java.util.concurrent.CompletableFuture<Long> start = new java.util.concurrent.CompletableFuture<>();
    private volatile String startingCase;
    private static final long ABORTED = Long.MIN_VALUE;

    LoadWork(AgentConfig config, Channel channel) {
        this.config = config;
        this.channel = channel;
        this.allow = new AllowList(config.allow());
    }

    @Override
    public void handle(Message m) throws IOException {
        if (m instanceof Message.LoadStart s) {
            if (s.caseId().equals(startingCase)) {
                start.complete(s.startEpochNanos());
            }
            return;
        }
        if (m instanceof Message.LoadAbort a) {
            if (a.caseId().equals(startingCase)) {
                start.complete(ABORTED);
            }
            return;
        }
        if (!(m instanceof Message.LoadPlan plan)) {
            channel.send(new Message.Refused("a load agent takes load plans, not " + m.getClass().getSimpleName()));
            return;
        }
        LoadSpec spec;
        try {
            spec = plan.spec().toSpec();
        } catch (LoadException | IllegalArgumentException e) {
            refuse(channel, plan, "it is not valid: " + Agent.oneLine(e));
            return;
        }
        for (URI url : spec.urls()) {
            Optional<String> refusal = allow.refusal(url);
            if (refusal.isPresent()) {
                refuse(channel, plan, refusal.get());
                return;
            }
        }
        if (running.get() != null) {
            refuse(channel, plan, "another plan is running");
            return;
        }
        Thread.ofPlatform().name("showdown-agent-load").daemon().start(() -> run(plan, spec, channel));
    }

    private void refuse(Channel channel, Message.LoadPlan plan, String reason) {
        Agent.refusal(config, "a plan: " + reason);
        channel.trySend(new Message.LoadFailed(plan.caseId(), "refused the plan: " + reason));
    }

    private void run(Message.LoadPlan plan, LoadSpec spec, Channel channel) {
        SliceSender slices = new SliceSender(plan.caseId(), channel);
        long[] planned = {ABORTED};
        long[] startedAt = {ABORTED};
        java.util.concurrent.CompletableFuture<Long> startFuture = new java.util.concurrent.CompletableFuture<>();
        start = startFuture;
        startingCase = plan.caseId();
        LoadEngine[] self = new LoadEngine[1];
        LoadEngine engine = new LoadEngine(spec, ProgressListener.NONE, slices, plan.sliceNanos())
                .startGate(() -> {
                    channel.trySend(new Message.LoadReady(plan.caseId()));
                    long t0 = awaitStart(startFuture);
                    if (t0 == ABORTED) {
                        self[0].requestStop(); // nothing is measured: the case is off
                        return;
                    }
                    planned[0] = ControllerInstant.onAgentClock(t0, plan.clockOffsetNanos(), plan.scheduleDelayNanos());
                    config.clock().sleepUntil(planned[0]);
                    startedAt[0] = config.clock().epochNanos();
                });
        self[0] = engine;
        if (!running.compareAndSet(null, engine)) {
            channel.trySend(new Message.LoadFailed(plan.caseId(), "refused the plan: another plan is running"));
            return;
        }
        long droppedBefore = channel.dropped();
        try {
            LoadResult result = engine.run();
            long lost = channel.dropped() - droppedBefore;
            if (lost > 0) { // a slice missing from the merge would bias the case: none of it counts
                channel.trySend(new Message.LoadFailed(plan.caseId(), lost + " of its slices could not be sent: the"
                        + " controller did not read them in time"));
                return;
            }
            HostReadings host = slices.host;
            long late = startedAt[0] == ABORTED ? 0 : startedAt[0] - planned[0];
            channel.trySend(new Message.LoadFinished(plan.caseId(), LoadResultJson.of(result), late, host.otherShare(),
                    host.stealShare(), host.busiestSliceOtherShare()));
        } catch (LoadException e) {
            channel.trySend(new Message.LoadFailed(plan.caseId(), Agent.oneLine(e)));
        } finally {
            running.set(null);
        }
    }

    private static long awaitStart(java.util.concurrent.CompletableFuture<Long> future) {
        try {
            return future.get(START_WAIT.toNanos(), java.util.concurrent.TimeUnit.NANOSECONDS);
        } catch (java.util.concurrent.TimeoutException | java.util.concurrent.ExecutionException e) {
            return ABORTED;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return ABORTED;
        }
    }

    @Override
    public void close() {
        start.complete(ABORTED);
        LoadEngine e = running.get();
        if (e != null) {
            e.requestStop();
        }
    }

    /** Sends each slice as the engine hands it over, with this process's CPU time over it. */
    private static final class SliceSender implements LoadEngine.IntervalSink {
        private final String caseId;
        private final Channel channel;
        private final HostReadings host = new HostReadings();
        private int index;
        private long lastCpuNanos;

        SliceSender(String caseId, Channel channel) {
            this.caseId = caseId;
            this.channel = channel;
        }

        @Override
        public void onWindowStart() {
            lastCpuNanos = LoadEngine.processCpuNanos();
            host.windowStarted();
        }

        @Override
        public void onInterval(long startNanos, long endNanos, Histogram latency) {
            long cpu = LoadEngine.processCpuNanos();
            host.sliceEnded();
            // on the load clock's thread: queued without waiting, a slice that finds no room is counted lost
            channel.offer(new Message.LoadSlice(caseId, index++, startNanos, endNanos, HistogramCodec.encode(latency),
                    latency.getTotalCount(), cpu - lastCpuNanos));
            lastCpuNanos = cpu;
        }
    }
}
