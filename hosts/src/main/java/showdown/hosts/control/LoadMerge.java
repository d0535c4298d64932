package showdown.hosts.control;

import java.util.List;
import showdown.load.LoadResult;
import showdown.load.LoadResultMerge;
import showdown.load.LoadSpec;

/**
 * The agents' results as one, merged as the engine merges its loops ({@link LoadResultMerge}).
 * What is the agents' own: the window is the longest of theirs (they share its start), and the
 * generator is the agents' processes together: their CPU time and CPUs summed, the busiest loop
 * the busiest of any agent's (unknown only when no agent knows it).
 */
public final class LoadMerge {

    private LoadMerge() {
    }

    public static LoadResult merge(LoadSpec spec, List<LoadResult> results) {
        if (results.isEmpty()) {
            throw new IllegalArgumentException("nothing to merge");
        }
        long duration = 0;
        long cpu = 0;
        double busiestLoop = -1;
        int cpus = 0;
        for (LoadResult r : results) {
            duration = Math.max(duration, r.durationNanos());
            cpu += r.generatorCpuNanos();
            busiestLoop = Math.max(busiestLoop, r.busiestLoopCpuShare());
            cpus += r.generatorCpus();
        }
        return LoadResultMerge.merge(spec, results.get(0).transport(), duration,
                new LoadResultMerge.Generator(cpu, busiestLoop, cpus), results);
    }
}
