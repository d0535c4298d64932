package showdown.harness.measure;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import showdown.harness.targets.ProcessTreeStats;
import showdown.load.capacity.InterferenceCheck;

/** A search step's window judged by the run's interference rule, from fake /proc/stat readings. */
class StepInterferenceTest {

    private static final long MS = 1_000_000L;
    private static final long SLICE = 250 * MS;

    /** A /proc/stat with two CPUs, busy (user) ticks of 10 ms each. */
    private static CpuTimes stat(long cpu0Busy, long cpu1Busy) {
        return CpuTimes.parse(List.of("cpu0 " + cpu0Busy + " 0 0 1000 0 0 0 0 0 0",
                "cpu1 " + cpu1Busy + " 0 0 1000 0 0 0 0 0 0"));
    }

    private static Histogram answers() {
        Histogram h = new Histogram(3);
        h.recordValueWithCount(MS, 100);
        return h;
    }

    /**
     * A step of two slices: the server (on CPU 0) used 250 ms a slice and the generator (on CPU 1)
     * 200 ms; {@code cpu1Busy} is what CPU 1 was busy in all by each slice's end.
     */
    private static String windowWith(long... cpu1Busy) {
        Deque<ProcessTreeStats.Sample> servers = new ArrayDeque<>(List.of(server(0), server(250), server(500)));
        Deque<Long> generator = new ArrayDeque<>(List.of(0L, 200 * MS, 400 * MS));
        Deque<CpuTimes> stats = new ArrayDeque<>(List.of(stat(0, 0), stat(25, cpu1Busy[0]), stat(50, cpu1Busy[1])));
        InterferenceCheck check = StepInterference.of(() -> new SliceRecorder(1, List.of(0), List.of(1),
                pid -> servers.removeFirst(), generator::removeFirst, stats::removeFirst));
        InterferenceCheck.Watch watch = check.watch();
        watch.onWindowStart();
        watch.onInterval(0, SLICE, answers());
        watch.onInterval(SLICE, 2 * SLICE, answers());
        return watch.disturbance();
    }

    private static ProcessTreeStats.Sample server(long cpuMillis) {
        return new ProcessTreeStats.Sample(cpuMillis * MS, 0, 0, 1);
    }

    @Test
    void aWindowWithOnlyTheServerAndTheGeneratorIsUndisturbed() {
        assertThat(windowWith(20, 40)).isNull();
    }

    @Test
    void aWindowWhereOtherProcessesTookTheLoadsCpuSaysWhy() {
        // CPU 1 busy 250 ms a slice: 50 ms a slice beyond the generator's, 20 % of it over the window
        assertThat(windowWith(25, 50)).isEqualTo("other processes used 20 % of the measured CPUs");
    }

    @Test
    void aBurstInOneSliceIsEnough() {
        // nothing beyond the generator in the first slice, 40 % of CPU 1 taken by others in the second
        assertThat(windowWith(20, 50)).contains("other processes used 40 % of them in one slice");
    }

    @Test
    void eachWatchReadsItsOwnWindow() {
        // CPU 0 idle; CPU 1 wholly busy in the first window, 80 % in the second, the generator idle in both
        Deque<CpuTimes> stats = new ArrayDeque<>(List.of(stat(0, 0), stat(0, 25), stat(0, 0), stat(0, 20)));
        InterferenceCheck check = StepInterference.of(() -> new SliceRecorder(1, List.of(0), List.of(1),
                pid -> server(0), () -> 0L, stats::removeFirst));
        InterferenceCheck.Watch first = check.watch();
        first.onWindowStart();
        first.onInterval(0, SLICE, answers());
        InterferenceCheck.Watch second = check.watch();
        second.onWindowStart();
        second.onInterval(0, SLICE, answers());
        assertThat(first.disturbance()).startsWith("other processes used 100 % of the measured CPUs");
        assertThat(second.disturbance()).startsWith("other processes used 80 % of the measured CPUs");
    }
}
