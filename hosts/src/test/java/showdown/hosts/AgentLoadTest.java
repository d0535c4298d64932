package showdown.hosts;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import showdown.contract.AgentRole;
import showdown.hosts.control.AgentLink;
import showdown.hosts.control.AgentLoad;
import showdown.hosts.control.AgentStepLoad;
import showdown.hosts.control.ClockOffset;
import showdown.hosts.control.HostsException;
import showdown.hosts.control.LoadMerge;
import showdown.hosts.control.LoadSplit;
import showdown.hosts.wire.HistogramCodec;
import showdown.hosts.wire.LoadResultJson;
import showdown.load.ErrorCounts;
import showdown.load.LoadEngine;
import showdown.load.LoadException;
import showdown.load.LoadResult;
import showdown.load.LoadSpec;
import showdown.load.Transport;
import showdown.load.capacity.EngineStepRunner;
import showdown.load.capacity.LatencyTarget;
import showdown.load.capacity.StepMeasurement;

/** Load from agents on 127.0.0.1 against a counting server: exact counts, exact merges, refusals. */
class AgentLoadTest {

    @TempDir
    Path dir;

    @Test
    void theMergeOfAgentsHistogramsIsTheHistogramOfAllTheirValues() {
        Random random = new Random(36);
        Histogram oneProcess = new Histogram(3);
        List<LoadResult> agents = new ArrayList<>();
        LoadSpec spec = LoadSpec.builder().url("http://127.0.0.1:1/").connections(4).threads(1).build();
        long total = 0;
        for (int agent = 0; agent < 3; agent++) {
            Histogram h = new Histogram(3);
            int n = 10_000 + agent * 777;
            for (int i = 0; i < n; i++) {
                long nanos = (long) Math.exp(8 + random.nextGaussian() * (1 + agent)); // a different spread each
                h.recordValue(nanos);
                oneProcess.recordValue(nanos);
            }
            total += n;
            LoadResult r = new LoadResult(spec, Transport.NIO, 1_000_000_000L, n, 0, 0, ErrorCounts.NONE, 0,
                    new java.util.TreeMap<>(java.util.Map.of(200, (long) n)), h, null, new Histogram(3), 0, 0.1, 1, 4, null);
            agents.add(LoadResultJson.of(r).toResult(spec)); // over the wire's encoding, as the agents send it
        }
        LoadResult merged = LoadMerge.merge(spec, agents);
        assertThat(merged.latency()).isEqualTo(oneProcess);
        assertThat(merged.latency().getValueAtPercentile(99.9)).isEqualTo(oneProcess.getValueAtPercentile(99.9));
        assertThat(merged.requests()).isEqualTo(total);
        assertThat(merged.statusCounts()).containsEntry(200, total);
        assertThat(HistogramCodec.decode(HistogramCodec.encode(oneProcess))).isEqualTo(oneProcess);
    }

    @Test
    void aCaseOnTwoAgentsCountsEveryRequestOnce() throws Exception {
        try (AgentHarness h = new AgentHarness(dir)) {
            int port = h.startServer();
            List<AgentLink> links = twoLoadAgents(h, List.of("127.0.0.1"), Clock.system());
            AgentLoad load = new AgentLoad(links, Clock.system(), ClockOffset.DEFAULT_MAX);
            LoadSpec spec = LoadSpec.builder().url("http://127.0.0.1:" + port + "/").connections(5).threads(2)
                    .requests(3001).build();
            List<Long> sliceCounts = new ArrayList<>();
            AgentLoad.Outcome o = load.run(spec, (start, end, latency) -> sliceCounts.add(latency.getTotalCount()),
                    100_000_000L, start -> { });
            assertThat(o.complete()).isTrue();
            assertThat(o.merged().requests()).isEqualTo(3001);
            assertThat(h.served.get()).isEqualTo(3001);
            assertThat(o.merged().latency().getTotalCount()).isEqualTo(3001);
            assertThat(o.merged().statusCounts()).containsEntry(200, 3001L);
            assertThat(o.shares()).hasSize(2);
            assertThat(o.shares().stream().mapToLong(AgentLoad.Share::requests).sum()).isEqualTo(3001);
            assertThat(o.shares().get(0).plannedShare()).isEqualTo(0.6);
            assertThat(sliceCounts.stream().mapToLong(Long::longValue).sum()).isEqualTo(3001);
            assertThat(o.shares()).allSatisfy(s -> assertThat(Math.abs(s.clockOffsetMillis())).isLessThan(1.0));
            // each agent waited for the common instant: never before it
            assertThat(o.shares()).allSatisfy(s -> assertThat(s.startedLateMillis()).isNotNegative());
        }
    }

    @Test
    void aSearchStepOnTwoAgentsSplitsItsRateAndAddsTheirSlices() throws Exception {
        try (AgentHarness h = new AgentHarness(dir)) {
            int port = h.startServer();
            AgentStepLoad steps = new AgentStepLoad(new AgentLoad(twoLoadAgents(h, List.of("127.0.0.1"), Clock.system()),
                    Clock.system(), ClockOffset.DEFAULT_MAX));
            LoadSpec base = LoadSpec.builder().url("http://127.0.0.1:" + port + "/").connections(4).threads(1).build();
            EngineStepRunner runner = new EngineStepRunner(base, LatencyTarget.parse("p99=900ms"), Duration.ZERO,
                    Duration.ofMillis(500), Duration.ofMillis(500), steps, steps);

            StepMeasurement m = runner.measure(200, 4);

            AgentLoad.Outcome step = steps.last();
            assertThat(step.complete()).isTrue();
            assertThat(step.shares()).hasSize(2).allSatisfy(s -> {
                assertThat(s.plannedShare()).isEqualTo(0.5);
                assertThat(s.requests()).isPositive();
                assertThat(s.result().spec().ratePerSecond()).isEqualTo(100.0);
            });
            assertThat(m.requests()).isPositive().isEqualTo(step.merged().requests())
                    .isEqualTo(step.shares().stream().mapToLong(AgentLoad.Share::requests).sum());
            assertThat(m.quantileInterval()).as("the bootstrap over the agents' slices, added").isNotNull();
            assertThat(m.latenessP99Nanos()).isNotNegative();
        }
    }

    @Test
    void aPlanForAServerNotAllowedIsRefusedOnBothSides() throws Exception {
        try (AgentHarness h = new AgentHarness(dir)) {
            int port = h.startServer();
            AgentHarness.Running agent = h.startAgent(AgentRole.LOAD, List.of("127.0.0.1:" + (port + 1)),
                    Duration.ofSeconds(30), Clock.system());
            AgentLoad load = new AgentLoad(List.of(h.link("load-1", agent, AgentRole.LOAD)), Clock.system(),
                    ClockOffset.DEFAULT_MAX);
            LoadSpec spec = LoadSpec.builder().url("http://127.0.0.1:" + port + "/").connections(1).threads(1)
                    .requests(10).build();
            assertThatThrownBy(() -> load.run(spec, LoadEngine.IntervalSink.NONE, 100_000_000L, start -> { }))
                    .isInstanceOf(LoadException.class)
                    .hasMessage("agent load-1: refused the plan: 127.0.0.1:" + port + " is not in this agent's --allow list 127.0.0.1:"
                            + (port + 1));
            ChannelTest.awaitPrinted(agent, "showdown agent: refused a plan: 127.0.0.1:" + port + " is not in");
            assertThat(h.served.get()).isZero();
        }
    }

    /** A load agent named load-1, allowed 127.0.0.1, whose clock is {@code aheadNanos} ahead of this host's. */
    private static AgentLink loadAgentAhead(AgentHarness h, long aheadNanos) throws java.io.IOException {
        AgentHarness.Running agent = h.startAgent(AgentRole.LOAD, List.of("127.0.0.1"), Duration.ofSeconds(30),
                Clock.system().offsetBy(aheadNanos));
        return h.link("load-1", agent, AgentRole.LOAD);
    }

    private static LoadSpec tenRequests(int port) {
        return LoadSpec.builder().url("http://127.0.0.1:" + port + "/").connections(1).threads(1).requests(10).build();
    }

    /** Well above the offset's measurement error on one host, far below the 400 ms a wrong sign would make. */
    private static final long COMPENSATION_ALLOWANCE_NANOS = 2_000_000L;

    @Test
    void anAgentWhoseClockIsOffPastTheBoundIsRefused() throws Exception {
        try (AgentHarness h = new AgentHarness(dir)) {
            LoadSpec spec = tenRequests(h.startServer());
            AgentLink link = loadAgentAhead(h, 5_000_000L);
            ClockOffset measured = ClockOffset.measure(link, Clock.system());
            assertThat(measured.offsetNanos()).isBetween(5_000_000L - measured.roundTripNanos(),
                    5_000_000L + measured.roundTripNanos());
            AgentLoad load = new AgentLoad(List.of(link), Clock.system(), Duration.ofMillis(1));
            assertThatThrownBy(() -> load.run(spec, LoadEngine.IntervalSink.NONE, 100_000_000L, start -> { }))
                    .isInstanceOf(HostsException.class)
                    .hasMessageStartingWith("agent load-1 at " + link.address() + ": its clock is ")
                    .hasMessageMatching(".*its clock is [45]\\.[0-9]{3} ms off the controller's.*")
                    .hasMessageContaining("above --max-clock-offset 1.000 ms");
            assertThat(h.served.get()).isZero();
            // within a looser bound, the offset is measured and compensated: the case runs, and the
            // agent's offset is recorded ahead (+5 ms), within its stated error
            AgentLoad loose = new AgentLoad(List.of(link), Clock.system(), Duration.ofMillis(50));
            AgentLoad.Outcome o = loose.run(spec, LoadEngine.IntervalSink.NONE, 100_000_000L, start -> { });
            assertThat(o.merged().requests()).isEqualTo(10);
            AgentLoad.Share share = o.shares().get(0);
            assertThat(share.clockOffsetMillis()).isBetween(5.0 - share.clockErrorMillis(), 5.0 + share.clockErrorMillis());
        }
    }

    /**
     * An agent whose clock is 200 ms ahead starts its window at T0 on the controller's clock: its
     * first request is never before T0. A compensation of the wrong sign would send it 400 ms early
     * (in practice at once, T0 being 250 ms ahead), which no delay on one host can hide.
     */
    @Test
    void anAgentsClockOffsetIsCompensatedInItsDirection() throws Exception {
        try (AgentHarness h = new AgentHarness(dir)) {
            LoadSpec spec = tenRequests(h.startServer());
            AgentLoad load = new AgentLoad(List.of(loadAgentAhead(h, 200_000_000L)), Clock.system(), Duration.ofSeconds(1));
            long[] t0 = new long[1];
            assertThat(load.run(spec, LoadEngine.IntervalSink.NONE, 100_000_000L, start -> t0[0] = start).merged()
                    .requests()).isEqualTo(10);
            assertThat(h.firstRequestEpochNanos.get() - t0[0]).as("the first request relative to T0, ns")
                    .isGreaterThan(-COMPENSATION_ALLOWANCE_NANOS);
        }
    }

    @Test
    void anAgentLostMidCaseLeavesTheCaseIncompleteWithItsShareMissing() throws Exception {
        try (AgentHarness h = new AgentHarness(dir)) {
            int port = h.startServer();
            AgentHarness.Running first = h.startAgent(AgentRole.LOAD, List.of("127.0.0.1"), Duration.ofSeconds(30),
                    Clock.system());
            AgentHarness.Running second = h.startAgent(AgentRole.LOAD, List.of("127.0.0.1"), Duration.ofSeconds(30),
                    Clock.system());
            List<AgentLink> links = List.of(h.link("load-1", first, AgentRole.LOAD), h.link("load-2", second, AgentRole.LOAD));
            AgentLoad load = new AgentLoad(links, Clock.system(), ClockOffset.DEFAULT_MAX);
            LoadSpec spec = LoadSpec.builder().url("http://127.0.0.1:" + port + "/").connections(2).threads(1)
                    .rate(200).duration(Duration.ofSeconds(3)).build();
            AgentLoad.Outcome o = load.run(spec, LoadEngine.IntervalSink.NONE, 250_000_000L, start ->
                    Thread.ofVirtual().start(() -> {
                        Clock.system().sleepUntil(start + 1_000_000_000L); // a second into the 3 s window
                        second.agent().close(); // its connections and its channel go, as when the process is killed
                    }));
            assertThat(o.complete()).isFalse();
            assertThat(o.missingShare()).isEqualTo(0.5);
            assertThat(o.shares().get(1).lost()).isTrue();
            assertThat(o.shares().get(1).requests()).isZero();
            assertThat(o.shares().get(0).lost()).isFalse();
            assertThat(o.merged().requests()).isEqualTo(o.shares().get(0).requests()).isPositive();
            assertThat(load.agents()).extracting(AgentLink::name).containsExactly("load-1");
        }
    }

    @Test
    void theSplitKeepsTheCountsAndSpacesTheAgentsSchedules() {
        LoadSpec spec = LoadSpec.builder().url("http://127.0.0.1:1/").connections(7).threads(2).rate(1000)
                .requests(1001).build();
        List<LoadSplit.Part> parts = LoadSplit.split(spec, List.of(4, 1, 2));
        assertThat(parts).extracting(p -> p.spec().connections()).containsExactly(3, 2, 2);
        assertThat(parts).extracting(p -> p.spec().threads()).containsExactly(3, 1, 2);
        assertThat(parts.stream().mapToLong(p -> p.spec().requests()).sum()).isEqualTo(1001);
        assertThat(parts.stream().mapToDouble(p -> p.spec().ratePerSecond()).sum()).isCloseTo(1000, org.assertj.core.data.Offset.offset(1e-9));
        // agent i of 3 at 1000/s: i/(3*1000) s = i * 333,333 ns
        assertThat(parts).extracting(LoadSplit.Part::scheduleDelayNanos).containsExactly(0L, 333_333L, 666_667L);
        assertThat(LoadSplit.split(spec.toBuilder().connections(1).threads(1).build(), List.of(2, 2))).hasSize(1);
    }

    private static List<AgentLink> twoLoadAgents(AgentHarness h, List<String> allow, Clock clock) throws Exception {
        List<AgentLink> links = new ArrayList<>();
        for (int i = 1; i <= 2; i++) {
            links.add(h.link("load-" + i, h.startAgent(AgentRole.LOAD, allow, Duration.ofSeconds(30), clock), AgentRole.LOAD));
        }
        return links;
    }
}
