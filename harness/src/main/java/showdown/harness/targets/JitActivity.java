package showdown.harness.targets;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

/**
 * How much CPU a target's JIT compilers used since the last look, read from the threads of its
 * process tree in /proc. A JVM compiles its hot code on threads of its own (HotSpot: "C1
 * CompilerThread0", "C2 CompilerThread0"; Graal: "JVMCI..."; OpenJ9: "JIT Compilation Thread"),
 * so their CPU time says, without asking the JVM anything, whether the code under load is still
 * being compiled: a warm JVM's compilers sit idle.
 *
 * <p>HotSpot adds and retires compiler threads as its queue grows and drains, so the time is kept
 * per thread: a thread that is gone took its time with it, but what it used before the last look
 * was counted then. Not thread-safe; one caller at a time.
 */
public final class JitActivity implements CompilerTime {

    /** The start of the 15-character thread names ({@code comm}) of every JIT compiler thread we know. */
    static final List<String> COMPILER_THREAD_PREFIXES = List.of("C1 CompilerThre", "C2 CompilerThre", "JVMCI",
            "JIT Compilation");

    private static final Path PROC = Path.of("/proc");
    private static final long TASKSET_TIMEOUT_SECONDS = 10;

    private final long rootPid;
    private final Map<Long, Long> ticksByThread = new HashMap<>();
    private boolean seenCompiler;

    private JitActivity(long rootPid) {
        this.rootPid = rootPid;
    }

    /** Starts watching the tree under {@code rootPid}; the first {@link #cpuNanosSinceLast()} counts from now. */
    public static JitActivity watch(long rootPid) {
        JitActivity a = new JitActivity(rootPid);
        a.cpuNanosSinceLast();
        return a;
    }

    /** Whether the tree has had a JIT compiler thread since watching began (false: not a JIT-compiled runtime). */
    @Override
    public boolean hasCompiler() {
        return seenCompiler;
    }

    /** CPU time the compiler threads used since the previous call (or since {@link #watch}). */
    @Override
    public long cpuNanosSinceLast() {
        long delta = 0;
        ProcessHandle root = ProcessHandle.of(rootPid).orElse(null);
        if (root == null) {
            return 0;
        }
        for (ProcessHandle h : ProcessTree.snapshot(root)) {
            delta += scan(h.pid());
        }
        return delta * ProcessTreeStats.NANOS_PER_TICK;
    }

    /**
     * Moves every JIT compiler thread of the tree to {@code cpus} ({@code taskset -p} on each
     * thread); the other threads stay where they are. A compiler thread that HotSpot adds later is
     * started by a compiler thread and inherits its mask. Returns how many threads were moved; a
     * thread that could not be moved (taskset missing or refusing, the thread gone) is left as it was.
     */
    public int placeCompilers(List<Integer> cpus) {
        ProcessHandle root = ProcessHandle.of(rootPid).orElse(null);
        if (root == null || cpus.isEmpty()) {
            return 0;
        }
        String list = cpus.stream().map(String::valueOf).collect(Collectors.joining(","));
        int moved = 0;
        for (long tid : compilerThreads(root)) {
            if (taskset(list, tid)) {
                moved++;
            }
        }
        return moved;
    }

    private static List<Long> compilerThreads(ProcessHandle root) {
        List<Long> tids = new ArrayList<>();
        for (ProcessHandle h : ProcessTree.snapshot(root)) {
            for (Path task : compilerTasks(h.pid())) {
                tids.add(Long.parseLong(task.getFileName().toString()));
            }
        }
        return tids;
    }

    /** The /proc task folders of one process's compiler threads; none when the process is gone. */
    private static List<Path> compilerTasks(long pid) {
        List<Path> found = new ArrayList<>();
        try (DirectoryStream<Path> tasks = Files.newDirectoryStream(PROC.resolve(Long.toString(pid)).resolve("task"))) {
            for (Path task : tasks) {
                if (isCompilerThread(task)) {
                    found.add(task);
                }
            }
        } catch (IOException | RuntimeException e) {
            // the process ended while we read it: what was listed stands
        }
        return found;
    }

    private static boolean taskset(String cpuList, long tid) {
        try {
            Process p = new ProcessBuilder("taskset", "-p", "-c", cpuList, Long.toString(tid))
                    .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            if (!p.waitFor(TASKSET_TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                return false;
            }
            return p.exitValue() == 0;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /** Ticks the compiler threads of one process used since the last scan; new threads count from zero. */
    private long scan(long pid) {
        long delta = 0;
        for (Path task : compilerTasks(pid)) {
            long ticks = cpuTicks(task);
            if (ticks < 0) {
                continue; // it ended between the listing and the read
            }
            seenCompiler = true;
            long tid = Long.parseLong(task.getFileName().toString());
            Long before = ticksByThread.put(tid, ticks);
            delta += Math.max(0, ticks - (before == null ? 0 : before));
        }
        return delta;
    }

    static boolean isCompilerThread(Path task) {
        try {
            String comm = Files.readString(task.resolve("comm")).strip();
            for (String prefix : COMPILER_THREAD_PREFIXES) {
                if (comm.startsWith(prefix)) {
                    return true;
                }
            }
            return false;
        } catch (IOException e) {
            return false;
        }
    }

    /** utime + stime of one thread, or -1 when it is gone. */
    private static long cpuTicks(Path task) {
        try {
            String stat = Files.readString(task.resolve("stat"));
            // The name in parentheses may hold spaces; the fields after it are fixed.
            String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            return Long.parseLong(f[11]) + Long.parseLong(f[12]);
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }
}
