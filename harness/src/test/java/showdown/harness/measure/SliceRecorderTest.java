package showdown.harness.measure;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import showdown.harness.results.CaseSample;
import showdown.harness.results.Interference;
import showdown.harness.targets.ProcessTreeStats;

/** Slices and interference from readings with known answers (ticks are 10 ms). */
class SliceRecorderTest {

    private static final long MS = 1_000_000L;
    private static final long SLICE = 250 * MS;

    /** A /proc/stat with two CPUs: user, nice, system, idle, iowait, irq, softirq, steal. */
    private static CpuTimes stat(long cpu0Busy, long cpu1Busy, long cpu1Steal) {
        return CpuTimes.parse(List.of(
                "cpu  0 0 0 0 0 0 0 0 0 0",
                "cpu0 " + cpu0Busy + " 0 0 1000 0 0 7 0 0 0",
                "cpu1 " + (cpu1Busy / 2) + " 0 " + (cpu1Busy - cpu1Busy / 2) + " 1000 0 0 9 " + cpu1Steal + " 0 0",
                "intr 12345"));
    }

    private static ProcessTreeStats.Sample server(long cpuMillis) {
        return new ProcessTreeStats.Sample(cpuMillis * MS, 0, 0, 1);
    }

    private static Histogram answers(long n, long nanos) {
        Histogram h = new Histogram(3);
        h.recordValueWithCount(nanos, n);
        return h;
    }

    @Test
    void onlyTheServerAndTheGeneratorOnTheirCpusIsUndisturbed() {
        // Slice 1: the server used 250 ms of CPU 0 (25 ticks), the generator 200 ms of CPU 1 (20 ticks).
        Deque<ProcessTreeStats.Sample> servers = new ArrayDeque<>(List.of(server(0), server(250), server(500)));
        Deque<Long> generator = new ArrayDeque<>(List.of(0L, 200 * MS, 400 * MS));
        Deque<CpuTimes> stats = new ArrayDeque<>(List.of(stat(0, 0, 0), stat(25, 20, 0), stat(50, 40, 0)));
        SliceRecorder r = new SliceRecorder(1, List.of(0), List.of(1), pid -> servers.removeFirst(),
                generator::removeFirst, stats::removeFirst);
        r.onWindowStart();
        r.onInterval(0, SLICE, answers(5_000, 2 * MS));
        r.onInterval(SLICE, 2 * SLICE, answers(4_000, 3 * MS));
        List<CaseSample> s = r.samples();
        assertThat(s).hasSize(2);
        assertThat(s.get(0).requestsPerSecond()).isCloseTo(20_000, within(1e-6));
        assertThat(s.get(0).serverCpuMicrosPerRequest()).isCloseTo(50.0, within(1e-9)); // 250 ms / 5,000
        assertThat(s.get(1).serverCpuMicrosPerRequest()).isCloseTo(62.5, within(1e-9)); // 250 ms / 4,000
        assertThat(s.get(1).p99Micros()).isCloseTo(3_000, within(3.0));
        assertThat(s.get(0).otherCpuShare()).isCloseTo(0.0, within(1e-9));
        Interference i = r.interference();
        assertThat(i.otherCpuShare()).isCloseTo(0.0, within(1e-9));
        assertThat(i.disturbed()).isFalse();
        assertThat(r.windowServerUserNanos()).isEqualTo(500 * MS);
    }

    @Test
    void aServerAgentsSlicesCarryTheServersCpuAndOthersSharesWithoutALoad() {
        // one set of two CPUs: the server used 300 ms, the generator (the agent) nothing, CPUs busy 400 ms of 500
        Deque<ProcessTreeStats.Sample> servers = new ArrayDeque<>(List.of(server(0), server(300)));
        Deque<Long> generator = new ArrayDeque<>(List.of(0L, 0L));
        Deque<CpuTimes> stats = new ArrayDeque<>(List.of(stat(0, 0, 0), stat(30, 10, 5)));
        SliceRecorder r = new SliceRecorder(1, List.of(0, 1), List.of(0, 1), pid -> servers.removeFirst(),
                generator::removeFirst, stats::removeFirst);
        r.onWindowStart();
        SliceRecorder.ServerSlice slice = r.serverSlice(0, SLICE);
        assertThat(slice.cpuNanos()).isEqualTo(300 * MS);
        assertThat(slice.shares().other()).isCloseTo(0.2, within(1e-9)); // 100 ms of others' over 2 x 250 ms
        assertThat(slice.shares().steal()).isCloseTo(0.1, within(1e-9)); // 50 ms stolen over 2 x 250 ms
        assertThat(r.samples()).as("no load, no sample").isEmpty();
        assertThat(r.interference().otherCpuShare()).isCloseTo(0.2, within(1e-9));
    }

    @Test
    void aBusyLoopOnTheServerCpuInOneSliceMarksTheCase() {
        // Slice 2: CPU 0 was busy 250 ms but the server used only 100 ms: 150 ms of someone else's, 60 %.
        Deque<ProcessTreeStats.Sample> servers = new ArrayDeque<>(List.of(server(0), server(250), server(350),
                server(600), server(850)));
        Deque<Long> generator = new ArrayDeque<>(List.of(0L, 100 * MS, 200 * MS, 300 * MS, 400 * MS));
        Deque<CpuTimes> stats = new ArrayDeque<>(List.of(stat(0, 0, 0), stat(25, 10, 0), stat(50, 20, 0),
                stat(75, 30, 0), stat(100, 40, 0)));
        SliceRecorder r = new SliceRecorder(1, List.of(0), List.of(1), pid -> servers.removeFirst(),
                generator::removeFirst, stats::removeFirst);
        r.onWindowStart();
        for (int k = 0; k < 4; k++) {
            r.onInterval(k * SLICE, (k + 1) * SLICE, answers(1_000, MS));
        }
        assertThat(r.samples()).extracting(CaseSample::otherCpuShare).containsExactly(0.0, 0.6, 0.0, 0.0);
        Interference i = r.interference();
        assertThat(i.otherCpuShare()).isCloseTo(0.15, within(1e-9)); // 150 ms of 1,000 ms on CPU 0
        assertThat(i.disturbed()).isTrue(); // below the window's 10 %? no: 15 %, and one slice at 60 %
    }

    @Test
    void stolenTimeCountsOnItsOwn() {
        Deque<ProcessTreeStats.Sample> servers = new ArrayDeque<>(List.of(server(0), server(0)));
        Deque<Long> generator = new ArrayDeque<>(List.of(0L, 0L));
        // CPU 1 had 5 ticks (50 ms) stolen in a 250 ms slice: 20 %.
        Deque<CpuTimes> stats = new ArrayDeque<>(List.of(stat(0, 0, 0), stat(0, 0, 5)));
        SliceRecorder r = new SliceRecorder(1, List.of(0), List.of(1), pid -> servers.removeFirst(),
                generator::removeFirst, stats::removeFirst);
        r.onWindowStart();
        r.onInterval(0, SLICE, answers(10, MS));
        assertThat(r.samples().get(0).stealShare()).isCloseTo(0.2, within(1e-9));
        assertThat(r.interference().disturbed()).isTrue();
    }

    @Test
    void withoutProcStatThereIsNoInterferenceFigure() {
        SliceRecorder r = new SliceRecorder(1, List.of(0), List.of(1), pid -> server(0), () -> 0L, () -> null);
        r.onWindowStart();
        r.onInterval(0, SLICE, answers(0, MS));
        assertThat(r.samples().get(0).otherCpuShare()).isNull();
        assertThat(r.samples().get(0).serverCpuMicrosPerRequest()).isNull(); // no request in the slice
        assertThat(r.interference()).isNull();
    }

    @Test
    void theRuleThresholds() {
        assertThat(InterferenceRule.disturbed(0.09, 0.0, 0.29)).isFalse();
        assertThat(InterferenceRule.disturbed(0.11, 0.0, 0.0)).isTrue();
        assertThat(InterferenceRule.disturbed(0.0, 0.06, 0.0)).isTrue();
        assertThat(InterferenceRule.disturbed(0.0, 0.0, 0.31)).isTrue();
    }
}
