package showdown.harness.run;

import showdown.harness.measure.StepInterference;
import showdown.harness.targets.ServedTarget;
import showdown.load.capacity.InterferenceCheck;
import showdown.load.capacity.StepLoad;

/**
 * How a run's capacity search loads its target ({@link LoadSource#searchLoad}): what runs its
 * probe and steps, what checks each step's window for other processes, and what that check cannot
 * see (said on every step line; null when it sees all the run's hosts).
 */
public record SearchLoad(StepLoad load, InterferenceCheck interference, String unchecked) {

    /** This process's engine; each step's window checked on this host's server and load CPUs. */
    static SearchLoad local(ServedTarget target, CpuSplit cpus) {
        long pid = target.localPid().orElseThrow(() -> new IllegalStateException(
                "the local load searches a target of this host, not " + target.manifest().name() + " at " + target.host()));
        return new SearchLoad(StepLoad.local(), StepInterference.of(pid, cpus.serverCpus(), cpus.loadCpus()), null);
    }
}
