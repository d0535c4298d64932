package showdown.harness.targets;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * CPU time and resident memory of a process and all its descendants, read from /proc (Linux).
 * The run harness samples it before and after a measured window to get CPU-µs per request.
 */
public final class ProcessTreeStats {

    /** Linux reports CPU times in clock ticks; {@code getconf CLK_TCK} is 100 on every common kernel. */
    static final long DEFAULT_CLOCK_TICKS_PER_SECOND = 100;

    /** One clock tick of /proc's CPU times, in nanoseconds (from {@code getconf CLK_TCK}). */
    static final long NANOS_PER_TICK = TimeUnit.SECONDS.toNanos(1) / clockTicksPerSecond();

    private ProcessTreeStats() {
    }

    /**
     * One sample of a process tree.
     *
     * @param cpuUserNanos   user CPU time of the live processes plus that of their reaped children
     * @param cpuSystemNanos system CPU time, likewise
     * @param rssBytes       the sum of VmRSS (shared pages are counted once per process)
     * @param processes      how many live processes the tree holds (0 when the root is gone)
     */
    public record Sample(long cpuUserNanos, long cpuSystemNanos, long rssBytes, int processes) {
        public long cpuNanos() {
            return cpuUserNanos + cpuSystemNanos;
        }
    }

    /** Samples the process {@code pid} and its descendants; all zeros when it is gone. */
    public static Sample sample(long pid) {
        List<Long> pids = new ArrayList<>();
        ProcessHandle.of(pid).ifPresent(root -> {
            pids.add(root.pid());
            root.descendants().forEach(h -> pids.add(h.pid()));
        });
        long userTicks = 0;
        long systemTicks = 0;
        long rssBytes = 0;
        int processes = 0;
        for (long p : pids) {
            String[] f = ProcessTree.statFields(p);
            if (f == null) {
                continue; // it exited between the listing and the read
            }
            processes++;
            // cutime/cstime hold the time of children already reaped; live children are counted
            // by their own utime/stime, so nothing is counted twice.
            userTicks += Long.parseLong(f[11]) + Long.parseLong(f[13]);
            systemTicks += Long.parseLong(f[12]) + Long.parseLong(f[14]);
            rssBytes += rssBytes(p);
        }
        return new Sample(userTicks * NANOS_PER_TICK, systemTicks * NANOS_PER_TICK, rssBytes, processes);
    }

    /** VmRSS of one process in bytes; 0 for a kernel thread, a zombie or a process that is gone. */
    static long rssBytes(long pid) {
        try {
            for (String line : Files.readAllLines(Path.of("/proc", Long.toString(pid), "status"))) {
                if (line.startsWith("VmRSS:")) {
                    String[] parts = line.substring("VmRSS:".length()).trim().split("\\s+");
                    return Long.parseLong(parts[0]) * 1024; // the kernel prints kB (KiB)
                }
            }
        } catch (IOException | RuntimeException e) {
            return 0;
        }
        return 0;
    }

    private static long clockTicksPerSecond() {
        try {
            Process p = new ProcessBuilder("getconf", "CLK_TCK").redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes()).trim();
            if (p.waitFor(2, TimeUnit.SECONDS) && p.exitValue() == 0 && !out.isEmpty()) {
                long ticks = Long.parseLong(out);
                if (ticks > 0) {
                    return ticks;
                }
            }
        } catch (IOException | RuntimeException e) {
            // fall through to the default
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return DEFAULT_CLOCK_TICKS_PER_SECOND;
    }
}
