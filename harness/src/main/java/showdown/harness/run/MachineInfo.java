package showdown.harness.run;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.TreeSet;
import java.util.regex.Pattern;

/**
 * The machine facts a measurement depends on, read from /proc and /sys: every field that cannot be
 * read is {@value #UNKNOWN}, never an error (containers and other kernels lack some of these files).
 *
 * @param cpuModel the CPU model name, as /proc/cpuinfo's first "model name" gives it
 * @param cores    logical CPUs of the machine (/proc/cpuinfo's "processor" lines), not only those this
 *                 process may use; {@link Runtime#availableProcessors()} where /proc/cpuinfo is missing
 * @param cpuset   the CPUs this process may run on, in taskset list form ("0-1"), from /proc/self/status
 * @param kernel   the kernel release (uname -r)
 * @param governor the CPU frequency governor ("performance"); several CPUs with different governors
 *                 give them all, comma-separated; {@value #UNKNOWN} where there is no cpufreq (most VMs)
 */
public record MachineInfo(String cpuModel, int cores, String cpuset, String kernel, String governor) {

    /** The value of a fact that could not be read. */
    public static final String UNKNOWN = "unknown";

    private static final Pattern CPU_DIR = Pattern.compile("cpu[0-9]+");

    /** This machine, from the real /proc and /sys. */
    public static MachineInfo ofThisMachine() {
        return read(Path.of("/proc"), Path.of("/sys"));
    }

    /** The machine described by {@code proc} and {@code sys}: the roots of /proc and /sys, or copies of them. */
    public static MachineInfo read(Path proc, Path sys) {
        String cpuinfo = readFile(proc.resolve("cpuinfo"));
        return new MachineInfo(cpuModel(cpuinfo), cores(cpuinfo), cpuset(readFile(proc.resolve("self/status"))),
                orUnknown(readFile(proc.resolve("sys/kernel/osrelease"))), governor(sys.resolve("devices/system/cpu")));
    }

    /** True when {@code value} is a fact that was read, not {@value #UNKNOWN} or null. */
    public static boolean known(String value) {
        return value != null && !value.isBlank() && !UNKNOWN.equals(value);
    }

    private static String cpuModel(String cpuinfo) {
        return orUnknown(field(cpuinfo, "model name"));
    }

    private static int cores(String cpuinfo) {
        if (cpuinfo != null) {
            int n = (int) cpuinfo.lines().filter(l -> l.startsWith("processor") && l.contains(":")).count();
            if (n > 0) {
                return n;
            }
        }
        return Runtime.getRuntime().availableProcessors();
    }

    private static String cpuset(String status) {
        return orUnknown(field(status, "Cpus_allowed_list"));
    }

    private static String governor(Path cpus) {
        TreeSet<String> governors = new TreeSet<>();
        try (DirectoryStream<Path> dirs = Files.newDirectoryStream(cpus, p -> CPU_DIR.matcher(p.getFileName().toString()).matches())) {
            for (Path cpu : dirs) {
                String g = readFile(cpu.resolve("cpufreq/scaling_governor"));
                if (g != null && !g.isBlank()) {
                    governors.add(g);
                }
            }
        } catch (IOException | RuntimeException e) {
            return UNKNOWN;
        }
        return governors.isEmpty() ? UNKNOWN : String.join(",", governors);
    }

    /** The value of the first "name : value" line of a /proc file, or null. */
    private static String field(String text, String name) {
        if (text == null) {
            return null;
        }
        for (String line : text.split("\n")) {
            int colon = line.indexOf(':');
            if (colon > 0 && line.substring(0, colon).trim().equals(name)) {
                return line.substring(colon + 1).trim();
            }
        }
        return null;
    }

    private static String orUnknown(String s) {
        return s == null || s.isBlank() ? UNKNOWN : s;
    }

    private static String readFile(Path file) {
        try {
            return Files.readString(file, StandardCharsets.ISO_8859_1).trim();
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }
}
