package showdown.harness.targets;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Stops a process, its descendants and its process group: SIGTERM, a grace period, then SIGKILL.
 * Linux only (it reads /proc). Descendants are found through the parent links; members of the group
 * are found by scanning /proc, which also catches orphans that were re-parented to init.
 */
final class ProcessTree {

    private static final Path PROC = Path.of("/proc");
    private static final long POLL_MILLIS = 20;
    /** How long to wait for a process already sent SIGKILL to disappear. */
    private static final Duration KILL_WAIT = Duration.ofSeconds(2);

    private ProcessTree() {
    }

    /** The process group of {@code pid}, or -1 when it cannot be read (the process is gone). */
    static long processGroup(long pid) {
        String[] fields = statFields(pid);
        return fields == null ? -1 : Long.parseLong(fields[2]);
    }

    /** The group of this JVM, which must never be signalled. */
    static long ownProcessGroup() {
        return processGroup(ProcessHandle.current().pid());
    }

    /**
     * The fields of /proc/PID/stat after the command name (index 0 = state, 1 = ppid, 2 = pgrp,
     * 11 = utime, 12 = stime, 13 = cutime, 14 = cstime), or null when the process is gone.
     */
    static String[] statFields(long pid) {
        String stat;
        try {
            stat = Files.readString(PROC.resolve(Long.toString(pid)).resolve("stat"));
        } catch (IOException e) {
            return null;
        }
        // The command name is in parentheses and may itself contain spaces and ')'.
        int close = stat.lastIndexOf(')');
        return close < 0 ? null : stat.substring(close + 2).trim().split(" ");
    }

    /** The pids whose process group is {@code pgid}. */
    static List<Long> groupMembers(long pgid) {
        List<Long> members = new ArrayList<>();
        if (pgid <= 0) {
            return members;
        }
        try (DirectoryStream<Path> dirs = Files.newDirectoryStream(PROC, p -> isNumeric(p.getFileName().toString()))) {
            for (Path dir : dirs) {
                long pid = Long.parseLong(dir.getFileName().toString());
                String[] f = statFields(pid);
                // A zombie ('Z') is already dead; it only waits to be reaped by its parent.
                if (f != null && !f[0].equals("Z") && Long.parseLong(f[2]) == pgid) {
                    members.add(pid);
                }
            }
        } catch (IOException e) {
            // /proc is unreadable: fall back on the parent links alone.
        }
        return members;
    }

    private static boolean isNumeric(String s) {
        if (s.isEmpty()) {
            return false;
        }
        for (int i = 0; i < s.length(); i++) {
            if (!Character.isDigit(s.charAt(i))) {
                return false;
            }
        }
        return true;
    }

    /** The root and all its live descendants. */
    static List<ProcessHandle> snapshot(ProcessHandle root) {
        List<ProcessHandle> tree = new ArrayList<>();
        if (root.isAlive()) {
            tree.add(root);
        }
        root.descendants().forEach(tree::add);
        return tree;
    }

    /** Sends a signal ("TERM" or "KILL") to a whole process group, unless it is our own. */
    static void signalGroup(long pgid, String signal) {
        if (pgid <= 1 || pgid == ownProcessGroup()) {
            return;
        }
        try {
            Process kill = new ProcessBuilder("kill", "-s", signal, "--", "-" + pgid)
                    .redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                    .start();
            kill.waitFor(2, TimeUnit.SECONDS);
        } catch (IOException e) {
            // No kill(1): the per-process signals below still reach the tree.
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Asks every process of the tree and group to stop (SIGTERM). Returns what it signalled. */
    static Map<Long, ProcessHandle> terminate(ProcessHandle root, long pgid) {
        Map<Long, ProcessHandle> signalled = new LinkedHashMap<>();
        for (ProcessHandle h : snapshot(root)) {
            signalled.put(h.pid(), h);
        }
        for (long pid : groupMembers(pgid)) {
            ProcessHandle.of(pid).ifPresent(h -> signalled.putIfAbsent(pid, h));
        }
        signalGroup(pgid, "TERM");
        signalled.values().forEach(ProcessHandle::destroy);
        return signalled;
    }

    /**
     * Waits until everything signalled (and everything left in the group, and the root's new
     * descendants) is gone or the deadline passes; then SIGKILLs whatever is left.
     */
    static void awaitOrKill(ProcessHandle root, long pgid, Map<Long, ProcessHandle> signalled, long deadlineNanos) {
        // Stopping must finish even when this thread was interrupted (Ctrl-C): clear the flag while
        // waiting and restore it for the caller afterwards.
        boolean interrupted = Thread.interrupted();
        try {
            while (System.nanoTime() < deadlineNanos && anyAlive(root, pgid, signalled)) {
                interrupted |= sleep(POLL_MILLIS);
            }
            if (!anyAlive(root, pgid, signalled)) {
                return;
            }
            for (ProcessHandle h : snapshot(root)) {
                signalled.putIfAbsent(h.pid(), h);
            }
            signalGroup(pgid, "KILL");
            signalled.values().forEach(ProcessHandle::destroyForcibly);
            long killDeadline = System.nanoTime() + KILL_WAIT.toNanos();
            while (System.nanoTime() < killDeadline && anyAlive(root, pgid, signalled)) {
                interrupted |= sleep(POLL_MILLIS);
            }
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    private static boolean anyAlive(ProcessHandle root, long pgid, Map<Long, ProcessHandle> signalled) {
        for (ProcessHandle h : signalled.values()) {
            if (h.isAlive() && !isZombie(h.pid())) {
                return true;
            }
        }
        return (root.isAlive() && !isZombie(root.pid())) || root.descendants().findAny().isPresent()
                || !groupMembers(pgid).isEmpty();
    }

    private static boolean isZombie(long pid) {
        String[] f = statFields(pid);
        return f == null || f[0].equals("Z");
    }

    /** Stops a process tree that has no group of its own (e.g. a build): SIGTERM, grace, SIGKILL. */
    static void destroyTree(ProcessHandle root, Duration grace) {
        Map<Long, ProcessHandle> signalled = terminate(root, -1);
        awaitOrKill(root, -1, signalled, System.nanoTime() + grace.toNanos());
    }

    /** Sleeps; returns true when interrupted (the caller restores the flag once it is done). */
    private static boolean sleep(long millis) {
        try {
            Thread.sleep(millis);
            return false;
        } catch (InterruptedException e) {
            return true;
        }
    }
}
