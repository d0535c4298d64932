package showdown.harness.results;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The machine and software a run measured on, so that two results folders can be compared honestly.
 *
 * @param cpuModel     the CPU model name, as /proc/cpuinfo gives it
 * @param cores        logical CPUs the operating system reports
 * @param kernel       the kernel release (uname -r)
 * @param os           the operating system name and version
 * @param jdk          the JDK that ran Showdown and the Java targets (vendor and version)
 * @param toolVersions other tools the run used, by name (for example node, go, wrk), with their versions
 * @param gitCommit    the Showdown commit, with a "-dirty" suffix when the tree had changes; null when unknown
 * @param commandLine  the full command line of the run, argument by argument
 * @param serverCpus   CPUs the server was pinned to, in taskset list form ("0", "2-3"); null when not pinned
 * @param loadCpus     CPUs the load generator was pinned to, same form; null when not pinned
 * @param showdownVersion the Showdown version that ran ("0.1.0-SNAPSHOT"); null in files before 1.6
 * @param cpuset       the CPUs Showdown itself was allowed to use, taskset list form; "unknown" where it
 *                     cannot be read, null in files before 1.6
 * @param governor     the CPU frequency governor ("performance"); "unknown" where the machine has none to
 *                     read (most VMs), null in files before 1.6
 */
public record Environment(
        String cpuModel,
        int cores,
        String kernel,
        String os,
        String jdk,
        Map<String, String> toolVersions,
        String gitCommit,
        List<String> commandLine,
        String serverCpus,
        String loadCpus,
        String showdownVersion,
        String cpuset,
        String governor) {

    public Environment {
        toolVersions = toolVersions == null ? Map.of() : java.util.Collections.unmodifiableMap(new TreeMap<>(toolVersions));
        commandLine = commandLine == null ? List.of() : List.copyOf(commandLine);
    }

    /** True when server and load generator ran on disjoint CPU sets. */
    public boolean pinned() {
        return serverCpus != null && loadCpus != null;
    }

    /** The CPU split in one phrase, for report headers. */
    public String cpuSplit() {
        return pinned()
                ? "server on CPUs " + serverCpus + ", load generator on CPUs " + loadCpus
                : "not pinned: server and load generator shared all " + cores + " CPUs";
    }
}
