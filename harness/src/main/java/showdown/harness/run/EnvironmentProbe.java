package showdown.harness.run;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import showdown.harness.results.Environment;

/**
 * Describes the machine a run measures on, from /proc and /sys ({@link MachineInfo}), system properties,
 * the tools' own version options and git. Never fails: unknowns stay null or {@value MachineInfo#UNKNOWN}.
 */
public final class EnvironmentProbe {

    private static final long COMMAND_TIMEOUT_SECONDS = 10;
    private static final Pattern VERSION = Pattern.compile("[0-9]+(\\.[0-9]+)+[a-z]?");

    private EnvironmentProbe() {
    }

    public static Environment collect(Path showdownHome, List<String> commandLine, CpuSplit split) {
        Map<String, String> tools = new TreeMap<>();
        String taskset = toolVersion("taskset");
        if (taskset != null) {
            tools.put("taskset", taskset);
        }
        MachineInfo machine = MachineInfo.ofThisMachine();
        return new Environment(
                MachineInfo.known(machine.cpuModel()) ? machine.cpuModel() : System.getProperty("os.arch"),
                machine.cores(),
                MachineInfo.known(machine.kernel()) ? machine.kernel() : null,
                osName(),
                jdk(),
                tools,
                gitCommit(showdownHome),
                commandLine,
                split.pinned() ? CpuList.format(split.server()) : null,
                split.pinned() ? CpuList.format(split.load()) : null,
                showdownVersion(),
                machine.cpuset(),
                machine.governor());
    }

    /** The JDK running this code: vendor and version ("Eclipse Adoptium 25.0.1+8-LTS"). */
    public static String jdk() {
        return System.getProperty("java.vm.vendor") + " " + System.getProperty("java.runtime.version");
    }

    /** Showdown's version as the build stamped it ("0.1.0-SNAPSHOT"), or {@value MachineInfo#UNKNOWN}. */
    public static String showdownVersion() {
        try (InputStream in = EnvironmentProbe.class.getResourceAsStream("showdown.properties")) {
            if (in != null) {
                Properties p = new Properties();
                p.load(in);
                String v = p.getProperty("version");
                if (v != null && !v.isBlank() && !v.startsWith("${")) {
                    return v;
                }
            }
        } catch (IOException e) {
            // unknown, below
        }
        return MachineInfo.UNKNOWN;
    }

    /**
     * The version of a command-line tool ("4.1.0" for wrk): the first dotted number its version
     * option prints on stdout or stderr; null when the tool is not installed or prints none.
     */
    public static String toolVersion(String tool) {
        String option = switch (tool) {
            case "wrk", "nginx" -> "-v"; // wrk exits 1 after printing it; nginx prints it on stderr
            case "openssl" -> "version";
            default -> "--version";
        };
        String out = output(Path.of("."), true, tool, option);
        if (out == null) {
            return null;
        }
        Matcher m = VERSION.matcher(out);
        return m.find() ? m.group() : null;
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

    /** Showdown's commit in {@code home} ("-dirty" when tracked files changed), or null outside a git checkout. */
    public static String gitCommit(Path home) {
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
        return output(dir, false, command);
    }

    /**
     * The command's output (stdout, and stderr too when {@code anyExit}), or null when it cannot run,
     * or fails and {@code anyExit} is false.
     */
    private static String output(Path dir, boolean anyExit, String... command) {
        try {
            ProcessBuilder pb = new ProcessBuilder(command).directory(dir.toFile());
            if (anyExit) {
                pb.redirectErrorStream(true);
            } else {
                pb.redirectError(ProcessBuilder.Redirect.DISCARD);
            }
            Process p = pb.start();
            p.getOutputStream().close();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!p.waitFor(COMMAND_TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                return null;
            }
            return anyExit || p.exitValue() == 0 ? out : null;
        } catch (IOException e) {
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }
}
