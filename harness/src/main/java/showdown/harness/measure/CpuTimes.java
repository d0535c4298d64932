package showdown.harness.measure;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Per-CPU time from {@code /proc/stat} at one moment: how long each CPU was busy running
 * processes (user, nice, system) and how long the hypervisor stole from it. Interrupt and softirq
 * time are left out on purpose: on loopback they are mostly our own network traffic, not another
 * process's.
 */
public final class CpuTimes {

    /** The kernel counts in USER_HZ ticks, 100 a second on every common kernel. */
    private static final long NANOS_PER_TICK = TimeUnit.SECONDS.toNanos(1) / 100;

    private static final Path PROC_STAT = Path.of("/proc/stat");

    private final Map<Integer, long[]> byCpu;

    /** Index of each column in a cpuN line, after the name. */
    private static final int USER = 0, NICE = 1, SYSTEM = 2, STEAL = 7;

    private CpuTimes(Map<Integer, long[]> byCpu) {
        this.byCpu = byCpu;
    }

    /** Reads {@code /proc/stat} now; null where it cannot be read (not Linux). */
    public static CpuTimes read() {
        try {
            return parse(Files.readAllLines(PROC_STAT));
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    /** Parses the lines of a {@code /proc/stat}; only the per-CPU lines ({@code cpu0 …}) count. */
    static CpuTimes parse(List<String> lines) {
        Map<Integer, long[]> byCpu = new HashMap<>();
        for (String line : lines) {
            if (!line.startsWith("cpu") || line.length() < 4 || !Character.isDigit(line.charAt(3))) {
                continue;
            }
            String[] f = line.trim().split("\\s+");
            long[] ticks = new long[f.length - 1];
            for (int i = 1; i < f.length; i++) {
                ticks[i - 1] = Long.parseLong(f[i]);
            }
            byCpu.put(Integer.parseInt(f[0].substring(3)), ticks);
        }
        return new CpuTimes(byCpu);
    }

    /** The CPUs this reading has a line for: every online CPU of the host. */
    public java.util.Set<Integer> cpus() {
        return java.util.Set.copyOf(byCpu.keySet());
    }

    /** Time the CPUs spent running processes (user, nice, system) since {@code earlier}, in nanoseconds. */
    public long busyNanosSince(CpuTimes earlier, List<Integer> cpus) {
        return sinceIn(earlier, cpus, USER) + sinceIn(earlier, cpus, NICE) + sinceIn(earlier, cpus, SYSTEM);
    }

    /** Time stolen from the CPUs since {@code earlier}, in nanoseconds. */
    public long stealNanosSince(CpuTimes earlier, List<Integer> cpus) {
        return sinceIn(earlier, cpus, STEAL);
    }

    private long sinceIn(CpuTimes earlier, List<Integer> cpus, int column) {
        long ticks = 0;
        for (int cpu : cpus) {
            long[] now = byCpu.get(cpu);
            long[] then = earlier.byCpu.get(cpu);
            if (now != null && then != null && column < now.length && column < then.length) {
                ticks += Math.max(0, now[column] - then[column]);
            }
        }
        return ticks * NANOS_PER_TICK;
    }
}
