package showdown.harness.run;

import java.util.ArrayList;
import java.util.List;
import showdown.harness.plan.PlanException;

/**
 * Which CPUs the server and the load generator get. With two or more CPUs they get disjoint sets
 * (by default the server the first half, the load the second), so that neither steals the other's
 * cycles; with one CPU, or with {@code --cpus off}, nothing is pinned and both share every CPU.
 *
 * @param server CPUs the target is pinned to; empty when not pinned
 * @param load   CPUs this JVM (the load engine) is pinned to; empty when not pinned
 * @param all    every CPU this process may use at the start
 */
public record CpuSplit(List<Integer> server, List<Integer> load, List<Integer> all) {

    public CpuSplit {
        server = List.copyOf(server);
        load = List.copyOf(load);
        all = List.copyOf(all);
    }

    public boolean pinned() {
        return !server.isEmpty();
    }

    /** CPUs the server may run on: its set, or all when not pinned. */
    public int serverCpuCount() {
        return pinned() ? server.size() : all.size();
    }

    /** The server's CPUs as measured: its set, or all when not pinned. */
    public List<Integer> serverCpus() {
        return pinned() ? server : all;
    }

    /** The generator's CPUs as measured: its set, or all when not pinned. */
    public List<Integer> loadCpus() {
        return pinned() ? load : all;
    }

    public int loadCpuCount() {
        return pinned() ? load.size() : all.size();
    }

    /** The default: the first half for the server, the second half for the load; no split on one CPU. */
    public static CpuSplit halves(List<Integer> available) {
        if (available.size() < 2) {
            return new CpuSplit(List.of(), List.of(), available);
        }
        int half = available.size() / 2;
        return new CpuSplit(available.subList(0, half), available.subList(half, available.size()), available);
    }

    /**
     * Parses {@code --cpus}: either {@code off}, or {@code server=LIST} and {@code load=LIST} (both
     * required). The sets must be disjoint and within the CPUs this process may use.
     */
    public static CpuSplit parse(List<String> specs, List<Integer> available) {
        if (specs == null || specs.isEmpty()) {
            return halves(available);
        }
        if (specs.size() == 1 && specs.get(0).equals("off")) {
            return new CpuSplit(List.of(), List.of(), available);
        }
        List<Integer> server = null;
        List<Integer> load = null;
        for (String spec : specs) {
            int eq = spec.indexOf('=');
            String key = eq < 0 ? spec : spec.substring(0, eq);
            if (eq < 0 || !(key.equals("server") || key.equals("load"))) {
                throw new PlanException("--cpus: expected server=LIST load=LIST or off, not '" + spec + "'");
            }
            List<Integer> cpus = CpuList.parse(spec.substring(eq + 1), "--cpus " + key);
            for (int c : cpus) {
                if (!available.contains(c)) {
                    throw new PlanException("--cpus " + key + ": CPU " + c + " is not available here (available: "
                            + CpuList.format(available) + ")");
                }
            }
            if (key.equals("server")) {
                server = cpus;
            } else {
                load = cpus;
            }
        }
        if (server == null || load == null) {
            throw new PlanException("--cpus: give both server=LIST and load=LIST (or off)");
        }
        List<Integer> overlap = new ArrayList<>(server);
        overlap.retainAll(load);
        if (!overlap.isEmpty()) {
            throw new PlanException("--cpus: server and load share CPU " + CpuList.format(overlap) + "; the sets must be disjoint");
        }
        return new CpuSplit(server, load, available);
    }

    /** How the environment records it, e.g. {@code server 0, load 1} or {@code not pinned}. */
    public String describe() {
        return pinned() ? "server on CPUs " + CpuList.format(server) + ", load on CPUs " + CpuList.format(load)
                : "not pinned (" + all.size() + " CPU" + (all.size() == 1 ? "" : "s") + " shared)";
    }
}
