package showdown.harness.run;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import showdown.harness.results.Environment;

/** Describes the machine a run measures on, from /proc, system properties and git. Never fails: unknowns stay null. */
public final class EnvironmentProbe {

    private static final long COMMAND_TIMEOUT_SECONDS = 10;

    private EnvironmentProbe() {
    }

    public static Environment collect(Path showdownHome, List<String> commandLine, CpuSplit split) {
        Map<String, String> tools = new TreeMap<>();
        String taskset = firstLine(run(showdownHome, "taskset", "--version"));
        if (taskset != null) {
            tools.put("taskset", taskset.replaceFirst("^taskset from ", ""));
        }
        return new Environment(
                cpuModel(),
                logicalCpus(),
                read("/proc/sys/kernel/osrelease"),
                osName(),
                System.getProperty("java.vm.vendor") + " " + System.getProperty("java.runtime.version"),
                tools,
                gitCommit(showdownHome),
                commandLine,
                split.pinned() ? CpuList.format(split.server()) : null,
                split.pinned() ? CpuList.format(split.load()) : null);
    }

    static String cpuModel() {
        String info = read("/proc/cpuinfo");
        if (info != null) {
            for (String line : info.split("\n")) {
                if (line.startsWith("model name") && line.contains(":")) {
                    return line.substring(line.indexOf(':') + 1).trim();
                }
            }
        }
        return System.getProperty("os.arch");
    }

    /** Every logical CPU of the machine (not only those this process may use now). */
    static int logicalCpus() {
        String info = read("/proc/cpuinfo");
        if (info != null) {
            int n = (int) info.lines().filter(l -> l.startsWith("processor")).count();
            if (n > 0) {
                return n;
            }
        }
        return Runtime.getRuntime().availableProcessors();
    }

    static String osName() {
        String release = read("/etc/os-release");
        if (release != null) {
            for (String line : release.split("\n")) {
                if (line.startsWith("PRETTY_NAME=")) {
                    return line.substring("PRETTY_NAME=".length()).replace("\"", "").trim();
                }
            }
        }
        return System.getProperty("os.name") + " " + System.getProperty("os.version");
    }

    static String gitCommit(Path home) {
        String head = firstLine(run(home, "git", "rev-parse", "HEAD"));
        if (head == null) {
            return null;
        }
        String status = run(home, "git", "status", "--porcelain", "--untracked-files=no");
        return status != null && !status.isBlank() ? head + "-dirty" : head;
    }

    private static String read(String file) {
        try {
            return Files.readString(Path.of(file), StandardCharsets.ISO_8859_1).trim();
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    private static String firstLine(String s) {
        return s == null || s.isBlank() ? null : s.strip().lines().findFirst().orElse(null);
    }

    /** The command's stdout, or null when it cannot run or fails. */
    private static String run(Path dir, String... command) {
        try {
            Process p = new ProcessBuilder(command).directory(dir.toFile())
                    .redirectError(ProcessBuilder.Redirect.DISCARD).start();
            p.getOutputStream().close();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!p.waitFor(COMMAND_TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                return null;
            }
            return p.exitValue() == 0 ? out : null;
        } catch (IOException e) {
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }
}
