package showdown.hosts.control;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.HdrHistogram.Histogram;
import showdown.harness.measure.CaseMeasurer;
import showdown.harness.measure.HostShares;
import showdown.harness.measure.Saturation;
import showdown.harness.measure.SliceSample;
import showdown.harness.measure.ServerMetrics;
import showdown.harness.results.CaseHosts;
import showdown.harness.results.CaseSample;
import showdown.harness.results.Interference;
import showdown.harness.run.CpuSplit;
import showdown.harness.run.LoadSource;
import showdown.harness.run.SearchLoad;
import showdown.harness.targets.ServedTarget;
import showdown.hosts.wire.Message;
import showdown.load.LoadEngine;
import showdown.load.LoadResult;
import showdown.load.LoadSpec;
import showdown.load.ProgressListener;

/**
 * Load from agents, measured as a local run measures: the load agents run the case from one
 * instant T0 ({@link AgentLoad}), and as soon as T0 is chosen the server agent is told to sample
 * the target over the same window (T0 plus the warm-up, on its own clock corrected by its offset),
 * slice by slice. The case's
 * slices join the merged load's requests and latency with the server's CPU and interference.
 */
public final class AgentMeasurer implements LoadSource {

    private static final Duration WINDOW_TIMEOUT = Duration.ofSeconds(30);

    private final AgentLoad load;
    private final ServerAgentHost server;
    private final long sliceNanos;

    public AgentMeasurer(AgentLoad load, ServerAgentHost server, Duration slice) {
        this.load = load;
        this.server = server;
        this.sliceNanos = slice.toNanos();
    }

    @Override
    public CaseMeasurer.Engine warmupEngine() {
        return (spec, listener, slices, slice) -> load.run(spec, slices, slice, start -> { }).merged();
    }

    /**
     * The search's probe and steps on the load agents ({@link AgentStepLoad}), each step's window
     * checked with the load hosts' readings.
     */
    @Override
    public SearchLoad searchLoad(ServedTarget target, CpuSplit cpus) {
        AgentStepLoad steps = new AgentStepLoad(load);
        return new SearchLoad(steps, steps, AgentStepLoad.UNCHECKED);
    }

    @Override
    public CaseMeasurer.Measurement measure(LoadSpec spec, ServedTarget target, ProgressListener listener) {
        AgentLink serverLink = server.link();
        ClockOffset serverOffset = load.clocks().offset(serverLink);
        String caseId = UUID.randomUUID().toString();
        boolean[] watching = {false};
        List<long[]> bounds = new ArrayList<>();
        List<Histogram> latencies = new ArrayList<>();
        AgentLoad.Outcome outcome;
        try {
            outcome = load.run(spec, new LoadEngine.IntervalSink() {
                @Override
                public void onInterval(long from, long to, Histogram latency) {
                    bounds.add(new long[] {from, to});
                    latencies.add(latency.copy());
                }
            }, sliceNanos, start -> {
                serverLink.send(new Message.WatchServer(caseId, start, serverOffset.offsetNanos(), spec.warmup().toNanos(),
                        sliceNanos));
                watching[0] = true;
            });
        } finally {
            if (watching[0]) {
                serverLink.trySend(new Message.EndWatch(caseId));
            }
        }
        Message.ServerWindow window = awaitWindow(serverLink, caseId); // the case did start: the watch ran
        if (!window.alive() && target instanceof ServerAgentHost.RemoteTarget remote) {
            remote.markExited();
        }
        List<CaseSample> samples = samples(bounds, latencies, window.slices());
        ServerMetrics serverMetrics = new ServerMetrics(window.userNanos(), window.systemNanos(), window.peakRssBytes(),
                window.averageRssBytes());
        Interference interference = window.otherShare() == null ? null
                : new Interference(window.otherShare(), window.stealShare() == null ? 0 : window.stealShare(),
                        window.disturbed(), window.busiestSliceOtherShare());
        for (AgentLoad.Share s : outcome.shares()) {
            interference = busier(interference, s.host());
        }
        long serverCpuNanos = serverMetrics.cpuNanos();
        int serverCpus = serverLink.welcome().cpus();
        List<CaseHosts.AgentShare> shares = outcome.shares().stream()
                .map(s -> new CaseHosts.AgentShare(s.agent(), s.address(), s.plannedShare(), s.requests(), s.requestShare(),
                        s.cpuSeconds(), s.clockOffsetMillis(), s.clockErrorMillis(),
                        saturated(s.result(), serverCpuNanos, serverCpus), s.lost(),
                        s.host() == null ? null : s.host().otherCpuShare(), s.host() != null && s.host().disturbed(),
                        s.startedLateMillis()))
                .toList();
        boolean saturated = shares.stream().anyMatch(CaseHosts.AgentShare::saturated);
        return new CaseMeasurer.Measurement(outcome.merged(), serverMetrics, saturated, samples, interference,
                window.compileSeconds(), window.compileShare(),
                new CaseHosts(server.describe(), shares, outcome.missingShare(), serverOffset.offsetMillis(),
                        serverOffset.errorMillis()));
    }

    /**
     * Whether one load agent, not the server, set the pace: the local run's rule ({@link Saturation})
     * on the agent's CPUs and the server host's, over the agent's window.
     */
    static boolean saturated(LoadResult agent, long serverCpuNanos, int serverCpus) {
        return agent != null && Saturation.generatorSaturated(agent.generatorCpuNanos(), agent.generatorCpus(),
                serverCpuNanos, serverCpus, agent.durationNanos());
    }

    /**
     * The case's interference: the busiest of the server's host and the load hosts, as a local run
     * takes the busier of its server and load CPU sets; disturbed when any of them was.
     */
    static Interference busier(Interference a, Interference b) {
        if (a == null || b == null) {
            return a == null ? b : a;
        }
        return new Interference(Math.max(a.otherCpuShare(), b.otherCpuShare()), Math.max(a.stealShare(), b.stealShare()),
                a.disturbed() || b.disturbed(), Math.max(busiest(a), busiest(b)));
    }

    private static double busiest(Interference i) {
        return i.busiestSliceOtherShare() == null ? i.otherCpuShare() : i.busiestSliceOtherShare();
    }

    private static Message.ServerWindow awaitWindow(AgentLink link, String caseId) {
        while (true) {
            Message.ServerWindow w = link.await(Message.ServerWindow.class, WINDOW_TIMEOUT);
            if (w.caseId().equals(caseId)) {
                return w;
            }
        }
    }

    /** The merged load's slices with the server's slice of the same index (they share T0 and the length). */
    static List<CaseSample> samples(List<long[]> bounds, List<Histogram> latencies, List<Message.ServerSlice> server) {
        List<CaseSample> samples = new ArrayList<>();
        for (int i = 0; i < bounds.size(); i++) {
            Message.ServerSlice s = i < server.size() ? server.get(i) : null;
            HostShares shares = s == null || s.otherShare() == null ? null
                    : new HostShares(s.otherShare(), s.stealShare() == null ? 0 : s.stealShare());
            samples.add(SliceSample.of(bounds.get(i)[0], bounds.get(i)[1], latencies.get(i),
                    s == null ? null : s.cpuNanos(), shares));
        }
        return samples;
    }
}
