package showdown.harness.measure;

import java.util.List;
import java.util.function.Supplier;
import org.HdrHistogram.Histogram;
import showdown.harness.results.Interference;
import showdown.harness.targets.ProcessTreeStats;
import showdown.load.LoadEngine;
import showdown.load.capacity.InterferenceCheck;

/**
 * A search step's interference, read as a run's case is ({@link SliceRecorder} over
 * {@code /proc/stat}, {@link InterferenceRule}): a window during which other processes, or the
 * hypervisor, took the server's or the load's CPUs past the rule's thresholds is disturbed, and
 * the search measures it again.
 */
public final class StepInterference implements InterferenceCheck {

    private final Supplier<SliceRecorder> recorders;

    private StepInterference(Supplier<SliceRecorder> recorders) {
        this.recorders = recorders;
    }

    /**
     * For a run's search: the server tree {@code serverPid} on {@code serverCpus}, this process on
     * {@code loadCpus} (the same list when not pinned); their own CPU time is not interference.
     */
    public static StepInterference of(long serverPid, List<Integer> serverCpus, List<Integer> loadCpus) {
        return new StepInterference(() -> new SliceRecorder(serverPid, serverCpus, loadCpus));
    }

    /**
     * For {@code showdown load --slo}, which knows no server process: this process's own CPUs
     * {@code loadCpus}, where every other process's time is interference.
     */
    public static StepInterference ofLoad(List<Integer> loadCpus) {
        return new StepInterference(() -> new SliceRecorder(0, loadCpus, loadCpus,
                pid -> new ProcessTreeStats.Sample(0, 0, 0, 0), LoadEngine::processCpuNanos, CpuTimes::read));
    }

    /** With a recorder of stand-in readings, for tests. */
    static StepInterference of(Supplier<SliceRecorder> recorders) {
        return new StepInterference(recorders);
    }

    @Override
    public Watch watch() {
        SliceRecorder recorder = recorders.get();
        return new Watch() {
            @Override
            public void onWindowStart() {
                recorder.onWindowStart();
            }

            @Override
            public void onInterval(long startNanos, long endNanos, Histogram latency) {
                recorder.onInterval(startNanos, endNanos, latency);
            }

            @Override
            public String disturbance() {
                Interference i = recorder.interference();
                return i != null && i.disturbed() ? InterferenceRule.why(i) : null;
            }
        };
    }
}
