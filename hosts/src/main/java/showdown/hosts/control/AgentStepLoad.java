package showdown.hosts.control;

import java.util.Locale;
import org.HdrHistogram.Histogram;
import showdown.harness.measure.InterferenceRule;
import showdown.harness.results.Interference;
import showdown.load.LoadEngine;
import showdown.load.LoadResult;
import showdown.load.LoadSpec;
import showdown.load.capacity.InterferenceCheck;
import showdown.load.capacity.StepLoad;

/**
 * A capacity search's probe and steps on the load agents: each is one case of {@link AgentLoad},
 * its rate and connections split as an open-model case's are ({@link LoadSplit}), its slices the
 * agents' slices of the same index added. Each step's window is checked with what the load agents
 * read of their own hosts over it (the run's interference rule); the server's host is watched per
 * case, not per step ({@link #UNCHECKED}). A step some agent's part is missing from (the agent was
 * lost) is disturbed, so the search measures it again on the agents left. A step under way on the
 * agents runs out its bounded time: {@link #stop()} only keeps the next from starting.
 */
public final class AgentStepLoad implements StepLoad, InterferenceCheck {

    /** What the per-step check cannot see, said on every step line. */
    static final String UNCHECKED = "the server's host is not checked for interference per step";

    private final AgentLoad load;
    /** Why the last load counts as disturbed; null when it does not. */
    private volatile String lastDisturbance;
    private volatile AgentLoad.Outcome last;

    public AgentStepLoad(AgentLoad load) {
        this.load = load;
    }

    @Override
    public LoadResult run(LoadSpec spec, LoadEngine.IntervalSink slices, long sliceNanos) {
        lastDisturbance = null;
        AgentLoad.Outcome outcome = load.run(spec, slices, sliceNanos, start -> { });
        last = outcome;
        lastDisturbance = disturbance(outcome);
        return outcome.merged();
    }

    /** The last load's outcome: the merged result and each agent's share of it; null before the first. */
    public AgentLoad.Outcome last() {
        return last;
    }

    @Override
    public void stop() {
        // a case on the agents cannot be ended early; the search starts no step after it
    }

    @Override
    public Watch watch() {
        return new Watch() {
            @Override
            public void onInterval(long startNanos, long endNanos, Histogram latency) {
            }

            @Override
            public String disturbance() {
                return lastDisturbance;
            }
        };
    }

    /** Why a step's outcome counts as disturbed: a lost agent's part, or a load host past the rule; null otherwise. */
    static String disturbance(AgentLoad.Outcome outcome) {
        if (!outcome.complete()) {
            return String.format(Locale.ROOT, "%.0f %% of the load was lost with its agent", outcome.missingShare() * 100);
        }
        Interference busiest = null;
        for (AgentLoad.Share s : outcome.shares()) {
            busiest = AgentMeasurer.busier(busiest, s.host());
        }
        return busiest != null && busiest.disturbed() ? "on a load host: " + InterferenceRule.why(busiest) : null;
    }
}
