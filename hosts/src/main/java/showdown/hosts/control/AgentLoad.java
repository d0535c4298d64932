package showdown.hosts.control;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;
import java.util.function.LongConsumer;
import org.HdrHistogram.Histogram;
import showdown.harness.measure.InterferenceRule;
import showdown.harness.results.Interference;
import showdown.hosts.Clock;
import showdown.hosts.wire.HistogramCodec;
import showdown.hosts.wire.LoadSpecJson;
import showdown.hosts.wire.Message;
import showdown.load.LoadEngine;
import showdown.load.LoadException;
import showdown.load.LoadResult;
import showdown.load.LoadSpec;

/**
 * Load from agents: one case split over the load agents ({@link LoadSplit}), in two steps. Each
 * agent opens its connections and says it is ready; once all are, the controller picks an instant
 * T0 a little ahead on its own clock and every agent starts its window then (converting T0 with
 * its measured offset, refused above the bound), so that a slow start of one agent never shifts
 * its window against the others'. The slices and results are merged ({@link LoadMerge}). An agent
 * lost mid-case leaves the case incomplete: the outcome says which share of the planned load is
 * missing, and the agent is out of later cases.
 */
public final class AgentLoad {

    /** How far ahead of "now" T0 is, once every agent is ready: time for the start to reach them all. */
    public static final Duration START_MARGIN = Duration.ofMillis(250);
    /** How long an agent may take to open its connections (a cold JVM, the engine's connect timeouts). */
    private static final Duration READY_TIMEOUT = Duration.ofSeconds(60);
    /** Beyond the planned window, how long the controller waits for an agent's result. */
    private static final Duration RESULT_GRACE = Duration.ofSeconds(30);

    /**
     * One agent's part of a case.
     *
     * @param plannedShare   the share of the case's connections (and rate) it was given
     * @param requestShare   the share of the merged requests it completed; 0 when lost
     * @param cpuSeconds     its process's CPU time over its window
     * @param clockOffsetMillis its clock minus the controller's, as measured before the case
     * @param clockErrorMillis the most that offset can be off: half the round trip it comes from
     * @param result         its own load result; null when lost (whether it set the pace is judged
     *                       with the server's figures, by {@link showdown.harness.measure.Saturation})
     * @param lost           it was lost mid-case: its requests are not in the merged result
     * @param host           what others used of its host's CPUs; null when lost or unknown
     * @param startedLateMillis how long after its planned instant (T0 plus its schedule's offset) its
     *                       window's clock started, on its own clock; 0 when lost
     */
    public record Share(String agent, String address, double plannedShare, long requests, double requestShare,
                        double cpuSeconds, double clockOffsetMillis, double clockErrorMillis, LoadResult result, boolean lost,
                        Interference host, double startedLateMillis) {
    }

    /** A case's merged load, each agent's part, and the share of the planned load that is missing. */
    public record Outcome(LoadResult merged, List<Share> shares, double missingShare) {
        public boolean complete() {
            return missingShare == 0;
        }
    }

    private final List<AgentLink> links;
    private final AgentClocks clocks;
    private final Clock clock;

    public AgentLoad(List<AgentLink> links, Clock clock, Duration maxClockOffset) {
        this(links, new AgentClocks(clock, maxClockOffset));
    }

    public AgentLoad(List<AgentLink> links, AgentClocks clocks) {
        this.links = new ArrayList<>(links);
        this.clocks = clocks;
        this.clock = clocks.clock();
    }

    /** The agents still in the run. */
    public synchronized List<AgentLink> agents() {
        return List.copyOf(links);
    }

    /** The controller's clock and the run's bound: how every agent's offset is measured. */
    public AgentClocks clocks() {
        return clocks;
    }

    /**
     * Runs one case on the agents and hands the merged slices to {@code sink} once every agent is
     * done; {@code onStart} learns T0 (controller's clock) as soon as it is chosen.
     *
     * @throws LoadException when an agent could not run its part (refused, server not answering)
     * @throws HostsException when no agent is left or a clock is off past the bound
     */
    public Outcome run(LoadSpec spec, LoadEngine.IntervalSink sink, long sliceNanos, LongConsumer onStart) {
        List<AgentLink> agents = new ArrayList<>();
        List<ClockOffset> offsets = new ArrayList<>();
        for (AgentLink a : agents()) {
            try {
                offsets.add(clocks.offset(a));
                agents.add(a);
            } catch (AgentLostException e) {
                synchronized (this) {
                    links.remove(a); // lost between cases: the case runs on the others, and says so
                }
            }
        }
        if (agents.isEmpty()) {
            throw new HostsException("no load agent is left in the run");
        }
        List<LoadSplit.Part> parts = LoadSplit.split(spec, agents.stream().map(a -> a.welcome().cpus()).toList());
        String caseId = UUID.randomUUID().toString();
        List<Collector> collectors = new ArrayList<>();
        for (LoadSplit.Part p : parts) {
            AgentLink link = agents.get(p.agent());
            link.send(new Message.LoadPlan(caseId, LoadSpecJson.of(p.spec()), offsets.get(p.agent()).offsetNanos(),
                    p.scheduleDelayNanos(), sliceNanos));
            collectors.add(new Collector(link, p, caseId, offsets.get(p.agent())));
        }
        each(collectors, c -> c.awaitReady(READY_TIMEOUT.toNanos()));
        List<Collector> ready = collectors.stream().filter(c -> c.ready).toList();
        if (ready.isEmpty() || collectors.stream().anyMatch(c -> c.failure != null)) {
            ready.forEach(c -> c.link.trySend(new Message.LoadAbort(caseId)));
            return finish(spec, collectors, sink); // throws: a failure, or every agent lost
        }
        long start = clock.epochNanos() + START_MARGIN.toNanos();
        onStart.accept(start);
        ready.forEach(c -> c.link.trySend(new Message.LoadStart(caseId, start)));
        long waitNanos = start - clock.epochNanos() + spec.warmup().toNanos()
                + (spec.duration() == null ? LoadEngine.stallNanos(spec) * 4 : spec.duration().toNanos())
                + spec.timeout().toNanos() + RESULT_GRACE.toNanos();
        each(ready, c -> c.collect(waitNanos));
        return finish(spec, collectors, sink);
    }

    /** Runs {@code step} for every collector at once, each on a thread of its own, and waits for all. */
    private static void each(List<Collector> collectors, java.util.function.Consumer<Collector> step) {
        List<Thread> threads = collectors.stream()
                .map(c -> Thread.ofVirtual().name("showdown-collect-" + c.link.name()).start(() -> step.accept(c)))
                .toList();
        for (Thread t : threads) {
            try {
                t.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new HostsException("interrupted while the agents ran a case");
            }
        }
    }

    private Outcome finish(LoadSpec spec, List<Collector> collectors, LoadEngine.IntervalSink sink) {
        for (Collector c : collectors) {
            if (c.failure != null) {
                throw new LoadException("agent " + c.link.name() + ": " + c.failure);
            }
        }
        List<LoadResult> results = new ArrayList<>();
        double missing = 0;
        for (Collector c : collectors) {
            if (c.result != null) {
                results.add(c.result);
            } else {
                missing += c.part.plannedShare();
                synchronized (this) {
                    links.remove(c.link);
                }
            }
        }
        if (results.isEmpty()) {
            throw new HostsException("every load agent was lost in the case: " + collectors.get(0).lostReason);
        }
        LoadResult merged = LoadMerge.merge(spec, results);
        deliverSlices(collectors, sink);
        List<Share> shares = new ArrayList<>();
        for (Collector c : collectors) {
            LoadResult r = c.result;
            shares.add(new Share(c.link.name(), c.link.address(), c.part.plannedShare(), r == null ? 0 : r.requests(),
                    r == null || merged.requests() == 0 ? 0 : r.requests() / (double) merged.requests(),
                    r == null ? 0 : r.generatorCpuNanos() / 1e9, c.offset.offsetMillis(), c.offset.errorMillis(), r,
                    r == null, c.host, c.startedLateNanos / 1e6));
        }
        return new Outcome(merged, shares, Math.min(1, missing));
    }

    /** Slice i of the case: slice i of every agent that sent it, added. */
    private static void deliverSlices(List<Collector> collectors, LoadEngine.IntervalSink sink) {
        Map<Integer, long[]> bounds = new TreeMap<>();
        Map<Integer, Histogram> merged = new TreeMap<>();
        for (Collector c : collectors) {
            if (c.result == null) {
                continue; // a lost agent's slices would make some slices whole and others not
            }
            for (Message.LoadSlice s : c.slices) {
                long[] b = bounds.computeIfAbsent(s.index(), i -> new long[] {s.startNanos(), s.endNanos()});
                b[0] = Math.min(b[0], s.startNanos());
                b[1] = Math.max(b[1], s.endNanos());
                merged.computeIfAbsent(s.index(), i -> new Histogram(3)).add(HistogramCodec.decode(s.latency()));
            }
        }
        sink.onWindowStart();
        long lastEnd = 0;
        for (Map.Entry<Integer, Histogram> e : merged.entrySet()) {
            long[] b = bounds.get(e.getKey());
            long end = Math.max(lastEnd, b[1]);
            sink.onInterval(lastEnd, end, e.getValue());
            lastEnd = end;
        }
    }

    /** A load host's readings, judged by the local run's rule; null when it could not read them. */
    static Interference interference(Message.LoadFinished f) {
        if (f.otherCpuShare() == null) {
            return null;
        }
        double steal = f.stealShare() == null ? 0 : f.stealShare();
        double busiest = f.busiestSliceOtherShare() == null ? f.otherCpuShare() : f.busiestSliceOtherShare();
        return new Interference(f.otherCpuShare(), steal, InterferenceRule.disturbed(f.otherCpuShare(), steal, busiest),
                busiest);
    }

    /** How far a collector follows an agent: until it is ready to start, or until its result. */
    private enum Step { READY, RESULT }

    /** One agent's messages for one case, on a thread of its own. */
    private static final class Collector {
        final AgentLink link;
        final LoadSplit.Part part;
        final String caseId;
        final ClockOffset offset;
        final List<Message.LoadSlice> slices = new ArrayList<>();
        boolean ready;
        LoadResult result;
        Interference host;
        long startedLateNanos;
        String failure;
        String lostReason;

        Collector(AgentLink link, LoadSplit.Part part, String caseId, ClockOffset offset) {
            this.link = link;
            this.part = part;
            this.caseId = caseId;
            this.offset = offset;
        }

        /** Until the agent says its connections are open, fails, or is lost. */
        void awaitReady(long waitNanos) {
            follow(Step.READY, waitNanos);
        }

        /** Until the agent sends its result (its slices before it), fails, or is lost. */
        void collect(long waitNanos) {
            follow(Step.RESULT, waitNanos);
        }

        /** Reads this case's messages of the agent until {@code step} is reached, the agent fails or is lost. */
        private void follow(Step step, long waitNanos) {
            long deadline = System.nanoTime() + waitNanos;
            try {
                while (true) {
                    Message m = link.next(deadline);
                    switch (m) {
                        case null -> {
                            lostReason = (step == Step.READY ? "not ready" : "no result") + " within "
                                    + waitNanos / 1_000_000_000L + " s";
                            link.close();
                            return;
                        }
                        case Message.LoadReady r when r.caseId().equals(caseId) -> {
                            ready = true;
                            if (step == Step.READY) {
                                return;
                            }
                        }
                        case Message.LoadSlice s when s.caseId().equals(caseId) -> slices.add(s);
                        case Message.LoadFinished f when f.caseId().equals(caseId) -> {
                            result = f.result().toResult(part.spec());
                            host = interference(f);
                            startedLateNanos = f.startedLateNanos();
                            return;
                        }
                        case Message.LoadFailed f when f.caseId().equals(caseId) -> {
                            failure = f.reason();
                            return;
                        }
                        default -> { } // a late message of an earlier case
                    }
                }
            } catch (AgentLostException e) {
                lostReason = e.getMessage();
            }
        }
    }
}
