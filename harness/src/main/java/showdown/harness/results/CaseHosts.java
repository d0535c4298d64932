package showdown.harness.results;

import java.util.List;

/**
 * *1.6*: where a case of a multi-host run ran (docs/hosts.md): the server's host and each load
 * agent's part. Absent in a local run's cases.
 *
 * @param server       the server agent's name and address, e.g. {@code server (192.0.2.10:7700)}
 * @param agents       the load agents the case was planned on, in order
 * @param missingShare the share (0..1) of the planned load whose agent was lost mid-case: 0 for a
 *                     complete case; the case's figures then lack that share
 * @param serverClockOffsetMillis the server agent's clock minus the controller's, measured before
 *                     the case; null in results written before it was recorded
 * @param serverClockErrorMillis the most that offset can be off (half its round trip); null likewise
 */
public record CaseHosts(String server, List<AgentShare> agents, double missingShare, Double serverClockOffsetMillis,
                        Double serverClockErrorMillis) {

    public CaseHosts {
        agents = agents == null ? List.of() : List.copyOf(agents);
    }

    public boolean complete() {
        return missingShare == 0;
    }

    /**
     * What the console says of the hosts after a case's figures: lost agents and the share they
     * took with them, then every clock offset with its error, e.g.
     * {@code load-2 LOST (50% of the load missing); clocks (ms): server +0.004 ±0.010, load-1 -0.031 ±0.012}.
     */
    public String consoleSummary() {
        StringBuilder s = new StringBuilder();
        List<String> lost = agents.stream().filter(AgentShare::lost).map(AgentShare::name).toList();
        if (!lost.isEmpty()) {
            s.append(String.join(", ", lost)).append(" LOST (").append(Math.round(missingShare * 100))
                    .append("% of the load missing); ");
        }
        s.append("clocks (ms):");
        String separator = " ";
        if (serverClockOffsetMillis != null) {
            s.append(separator).append("server ").append(clock(serverClockOffsetMillis, serverClockErrorMillis));
            separator = ", ";
        }
        for (AgentShare a : agents) {
            if (!a.lost()) {
                s.append(separator).append(a.name()).append(' ').append(clock(a.clockOffsetMillis(), a.clockErrorMillis()));
                separator = ", ";
            }
        }
        return s.toString();
    }

    private static String clock(double offsetMillis, Double errorMillis) {
        return String.format(java.util.Locale.ROOT, "%+.3f", offsetMillis)
                + (errorMillis == null ? "" : String.format(java.util.Locale.ROOT, " ±%.3f", errorMillis));
    }

    /**
     * One load agent's part of a case.
     *
     * @param name              its name in the inventory
     * @param address           where the controller reached it, HOST:PORT
     * @param plannedShare      the share (0..1) of the case's connections and rate it was given
     * @param requests          the requests it completed in the window (they sum to the case's)
     * @param requestShare      those as a share (0..1) of the case's requests
     * @param cpuSeconds        its process's CPU time over its window
     * @param clockOffsetMillis its clock minus the controller's, measured before the case
     * @param clockErrorMillis  the most that offset can be off (half its round trip); null in
     *                          results written before it was recorded
     * @param saturated         it, not the server, probably set the pace (the local run's rule,
     *                          {@code Saturation}, on its CPUs and the server host's)
     * @param lost              it was lost mid-case; its requests are missing from the case
     * @param otherCpuShare     what other processes used of its host's CPUs over its window (0..1);
     *                          null when lost or unknown
     * @param disturbed         its host was disturbed by the local run's rule (docs/run.md)
     * @param startedLateMillis how long after the common instant (plus its schedule's offset) its
     *                          window started, on its own clock: near 0 when the window is one window
     */
    public record AgentShare(String name, String address, double plannedShare, long requests, double requestShare,
                             double cpuSeconds, double clockOffsetMillis, Double clockErrorMillis, boolean saturated,
                             boolean lost,
                             Double otherCpuShare, boolean disturbed, double startedLateMillis) {
    }
}
