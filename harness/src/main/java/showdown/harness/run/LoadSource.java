package showdown.harness.run;

import showdown.harness.measure.CaseMeasurer;
import showdown.harness.targets.ServedTarget;
import showdown.load.LoadSpec;
import showdown.load.ProgressListener;

/**
 * Where a run's load comes from: this process's engine ({@link #local}, the default), or load
 * agents on other hosts (docs/hosts.md). It warms a target and measures a case against it.
 */
public interface LoadSource {

    /** The engine the warm-up runs its short loads on. */
    CaseMeasurer.Engine warmupEngine();

    /**
     * Measures one case against {@code target}; a {@link showdown.load.LoadException} means the
     * target stopped answering.
     */
    CaseMeasurer.Measurement measure(LoadSpec spec, ServedTarget target, ProgressListener listener);

    /**
     * What a capacity search against {@code target} runs its probe and steps on; by default this
     * process's engine, the target on this host with the run's CPU split {@code cpus}.
     */
    default SearchLoad searchLoad(ServedTarget target, CpuSplit cpus) {
        return SearchLoad.local(target, cpus);
    }

    /** This process's engine, measuring a target of this host through /proc. */
    static LoadSource local(CaseMeasurer measurer, CaseMeasurer.Engine warmupEngine) {
        return new LoadSource() {
            @Override
            public CaseMeasurer.Engine warmupEngine() {
                return warmupEngine;
            }

            @Override
            public CaseMeasurer.Measurement measure(LoadSpec spec, ServedTarget target, ProgressListener listener) {
                long pid = target.localPid().orElseThrow(() -> new IllegalStateException(
                        "the local load measures a target of this host, not " + target.manifest().name() + " at " + target.host()));
                return measurer.measure(spec, pid, listener);
            }
        };
    }
}
