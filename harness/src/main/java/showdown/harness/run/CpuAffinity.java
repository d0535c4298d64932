package showdown.harness.run;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import showdown.harness.plan.PlanException;

/**
 * This JVM's own CPU affinity. The load engine runs in this JVM, so pinning the load means pinning
 * this process: {@code taskset -a -p} sets every existing thread, and threads started later
 * inherit the mask of the thread that starts them.
 */
public final class CpuAffinity {

    private static final long TASKSET_TIMEOUT_SECONDS = 10;

    private CpuAffinity() {
    }

    /** The CPUs this process may run on now, from /proc/self/status (all processors when unreadable). */
    public static List<Integer> allowed() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
                if (line.startsWith("Cpus_allowed_list:")) {
                    return CpuList.parse(line.substring("Cpus_allowed_list:".length()).trim(), "/proc/self/status");
                }
            }
        } catch (IOException | RuntimeException e) {
            // not Linux, or an unusual /proc: fall back below
        }
        int n = Runtime.getRuntime().availableProcessors();
        return java.util.stream.IntStream.range(0, n).boxed().toList();
    }

    /**
     * Pins every thread of this process to {@code cpus}.
     *
     * @throws PlanException when taskset is missing or refuses: one line, with the way out ({@code --cpus off})
     */
    public static void pinThisProcess(List<Integer> cpus) {
        long pid = ProcessHandle.current().pid();
        List<String> command = List.of("taskset", "-a", "-p", "-c", CpuList.format(cpus), Long.toString(pid));
        try {
            Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes());
            if (!p.waitFor(TASKSET_TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new PlanException("taskset did not finish in " + TASKSET_TIMEOUT_SECONDS + " s; pass --cpus off to run unpinned");
            }
            if (p.exitValue() != 0) {
                throw new PlanException("cannot pin the load generator to CPUs " + CpuList.format(cpus) + ": taskset said '"
                        + out.strip().lines().reduce((a, b) -> b).orElse("") + "'; pass --cpus off to run unpinned");
            }
        } catch (IOException e) {
            throw new PlanException("cannot pin the load generator: taskset is not available (" + e.getMessage()
                    + "); install util-linux or pass --cpus off");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new PlanException("interrupted while pinning the load generator");
        }
    }
}
