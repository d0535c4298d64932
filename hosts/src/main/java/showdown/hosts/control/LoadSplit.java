package showdown.hosts.control;

import java.util.ArrayList;
import java.util.List;
import showdown.load.Arrival;
import showdown.load.LoadSpec;

/**
 * How one case's load is shared by n load agents: the connections as evenly as they go (an agent
 * gets none when there are fewer connections than agents), each agent's rate and request count in
 * proportion to its connections (the counts sum exactly to the case's), and in the open model
 * agent i of n starting its schedule {@code i / (n * rate)} seconds after the common instant, so
 * that the merged sends interleave as one process at the asked rate would.
 */
public final class LoadSplit {

    /** One agent's part. */
    public record Part(int agent, LoadSpec spec, double plannedShare, long scheduleDelayNanos) {
    }

    private LoadSplit() {
    }

    /**
     * @param agentCpus each agent's CPU count (its threads: at most one per CPU, at most one per connection)
     */
    public static List<Part> split(LoadSpec spec, List<Integer> agentCpus) {
        int agents = Math.min(agentCpus.size(), spec.connections());
        if (agents == 0) {
            throw new HostsException("no load agent to run the case");
        }
        List<Part> parts = new ArrayList<>();
        long requestsLeft = spec.requests();
        for (int i = 0; i < agents; i++) {
            int connections = spec.connections() / agents + (i < spec.connections() % agents ? 1 : 0);
            double share = connections / (double) spec.connections();
            LoadSpec.Builder b = spec.toBuilder().connections(connections)
                    .threads(Math.max(1, Math.min(agentCpus.get(i), connections)));
            if (spec.openModel()) {
                b.rate(spec.ratePerSecond() * share);
                if (spec.arrival().process() == Arrival.Process.POISSON) {
                    b.arrival(Arrival.poisson(spec.arrival().seed() + i)); // independent streams: their sum is Poisson
                }
            }
            if (spec.countBounded()) {
                long requests = i == agents - 1 ? requestsLeft : Math.round(spec.requests() * share);
                requests = Math.max(1, Math.min(requests, requestsLeft - (agents - 1 - i)));
                requestsLeft -= requests;
                b.requests(requests);
            }
            long delay = spec.openModel() ? Math.round(i * 1e9 / (agents * spec.ratePerSecond())) : 0;
            parts.add(new Part(i, b.build(), share, delay));
        }
        return parts;
    }
}
