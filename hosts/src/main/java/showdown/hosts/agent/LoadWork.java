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
 * The load role: runs the engine on a plan whose every URL is in the agent's allow list, starts
 * its clock at the plan's instant (converted to this host's clock with the measured offset), and
 * streams each slice of the window, then the whole result.
 */
final class LoadWork implements Agent.RoleWork {

    private final AgentConfig config;
    private final AllowList allow;
    private final AtomicReference<LoadEngine> running = new AtomicReference<>();

    LoadWork(AgentConfig config) {
        this.config = config;
        this.allow = new AllowList(config.allow());
    }

    @Override
    public void handle(Message m, Channel channel) throws IOException {
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
        long startOnThisClock = plan.startEpochNanos() + plan.clockOffsetNanos() + plan.scheduleDelayNanos();
        SliceSender slices = new SliceSender(plan.caseId(), channel);
        LoadEngine engine = new LoadEngine(spec, ProgressListener.NONE, slices, plan.sliceNanos())
                .startGate(() -> config.clock().sleepUntil(startOnThisClock));
        if (!running.compareAndSet(null, engine)) {
            channel.trySend(new Message.LoadFailed(plan.caseId(), "refused the plan: another plan is running"));
            return;
        }
        try {
            LoadResult result = engine.run();
            HostReadings host = slices.host;
            channel.trySend(new Message.LoadFinished(plan.caseId(), LoadResultJson.of(result), host.otherShare(),
                    host.stealShare(), host.busiestSliceOtherShare()));
        } catch (LoadException e) {
            channel.trySend(new Message.LoadFailed(plan.caseId(), Agent.oneLine(e)));
        } finally {
            running.set(null);
        }
    }

    @Override
    public void close() {
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
            channel.trySend(new Message.LoadSlice(caseId, index++, startNanos, endNanos, HistogramCodec.encode(latency),
                    latency.getTotalCount(), cpu - lastCpuNanos));
            lastCpuNanos = cpu;
        }
    }
}
