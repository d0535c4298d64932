package showdown.harness.targets;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/** Builds a target when its build output is missing or older than its sources. */
public final class TargetBuilder {

    /** A cold Maven build of a framework app downloads its dependencies; allow for a slow network. */
    public static final Duration BUILD_TIMEOUT = Duration.ofMinutes(20);
    private static final Duration STOP_GRACE = Duration.ofSeconds(5);

    /** Builds in flight; a shutdown hook stops them, so Ctrl-C or SIGTERM leaves no build behind. */
    private static final Set<Process> BUILDING = ConcurrentHashMap.newKeySet();

    static {
        Runtime.getRuntime().addShutdownHook(new Thread(
                () -> BUILDING.forEach(p -> ProcessTree.destroyTree(p.toHandle(), STOP_GRACE)), "showdown-stop-builds"));
    }

    /**
     * One lock per build output: two targets that share one (express-cluster builds the express
     * target's {@code node_modules}) must not run their builds into the same folder at once.
     */
    private static final ConcurrentHashMap<Path, Object> OUTPUT_LOCKS = new ConcurrentHashMap<>();

    private TargetBuilder() {
    }

    /**
     * True when the target has a build and its output is missing or older than any file under its
     * source folders ({@link #SOURCE_FOLDERS}) or its {@code pom.xml} (or the manifest itself).
     */
    public static boolean needsBuild(TargetManifest m) {
        if (m.build() == null) {
            return false;
        }
        Path output = m.build().outputPath(m.dir());
        if (!Files.isRegularFile(output)) {
            return true;
        }
        try {
            FileTime built = Files.getLastModifiedTime(output);
            return newestSource(m.dir()).compareTo(built) > 0;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Where a target's compiled sources live: {@code src/} (Java, Go, Rust, Haskell, Gleam), {@code lib/} (Elixir). */
    static final List<String> SOURCE_FOLDERS = List.of("src", "lib");

    private static FileTime newestSource(Path dir) throws IOException {
        FileTime newest = FileTime.fromMillis(0);
        for (Path single : List.of(dir.resolve("pom.xml"), dir.resolve(TargetManifest.FILE_NAME))) {
            if (Files.isRegularFile(single)) {
                newest = max(newest, Files.getLastModifiedTime(single));
            }
        }
        for (String folder : SOURCE_FOLDERS) {
            Path sources = dir.resolve(folder);
            if (Files.isDirectory(sources)) {
                try (Stream<Path> files = Files.walk(sources)) {
                    for (Path f : (Iterable<Path>) files.filter(Files::isRegularFile)::iterator) {
                        newest = max(newest, Files.getLastModifiedTime(f));
                    }
                }
            }
        }
        return newest;
    }

    private static FileTime max(FileTime a, FileTime b) {
        return a.compareTo(b) >= 0 ? a : b;
    }

    /**
     * Runs {@code build.command} in the target folder when {@link #needsBuild} says so, with its output
     * (stdout and stderr) in {@code logFile}.
     *
     * @throws TargetUnavailableException with the setup's own line when the build exits
     *         {@value TargetManifest#SETUP_UNAVAILABLE_EXIT} (a setup run as the build that cannot work here)
     * @throws TargetException naming the log file when the build fails, times out, or produces no output
     */
    public static void ensureBuilt(TargetManifest m, Path showdownHome, Path logFile) {
        ensureBuilt(m, showdownHome, logFile, TargetLifetime.INDEPENDENT);
    }

    /** As {@link #ensureBuilt(TargetManifest, Path, Path)}, the build bound to the calling thread when {@code lifetime} says so. */
    public static void ensureBuilt(TargetManifest m, Path showdownHome, Path logFile, TargetLifetime lifetime) {
        if (!needsBuild(m)) {
            return;
        }
        Path output = m.build().outputPath(m.dir()).toAbsolutePath().normalize();
        synchronized (OUTPUT_LOCKS.computeIfAbsent(output, k -> new Object())) {
            // Another target that shares this output may have built it while this one waited.
            if (needsBuild(m)) {
                build(m, showdownHome, logFile, output, lifetime);
            }
        }
    }

    private static void build(TargetManifest m, Path showdownHome, Path logFile, Path output, TargetLifetime lifetime) {
        Placeholders placeholders = Placeholders.forBuild(showdownHome);
        List<String> command = placeholders.expand(m.build().command(), m.name() + " build.command");
        int exit;
        try {
            Files.createDirectories(logFile.toAbsolutePath().getParent());
            List<String> launched = new java.util.ArrayList<>(lifetime.commandPrefix());
            launched.addAll(command);
            ProcessBuilder pb = new ProcessBuilder(launched)
                    .directory(m.dir().toFile())
                    .redirectErrorStream(true)
                    .redirectOutput(logFile.toFile())
                    .redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()));
            pb.environment().put("SHOWDOWN_HOME", placeholders.expand("${SHOWDOWN_HOME}", "build"));
            Process p;
            try {
                p = pb.start();
            } catch (IOException e) {
                throw new TargetException("cannot build " + m.name() + ": cannot run " + command.get(0) + ": " + e.getMessage());
            }
            BUILDING.add(p);
            try {
                if (!p.waitFor(BUILD_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS)) {
                    ProcessTree.destroyTree(p.toHandle(), STOP_GRACE);
                    throw new TargetException("building " + m.name() + " took over " + BUILD_TIMEOUT.toMinutes()
                            + " minutes and was stopped; see " + logFile);
                }
            } catch (InterruptedException e) {
                ProcessTree.destroyTree(p.toHandle(), STOP_GRACE);
                Thread.currentThread().interrupt();
                throw new TargetException("building " + m.name() + " was interrupted");
            } finally {
                BUILDING.remove(p);
            }
            exit = p.exitValue();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        if (exit == TargetManifest.SETUP_UNAVAILABLE_EXIT) {
            throw new TargetUnavailableException(setupsLine(logFile, m.name()));
        }
        if (exit != 0) {
            throw new TargetException("building " + m.name() + " failed (exit " + exit + "); see " + logFile);
        }
        if (!Files.isRegularFile(output)) {
            throw new TargetException("building " + m.name() + " succeeded but produced no " + m.build().output()
                    + "; see " + logFile);
        }
        try {
            // A tool that finds nothing to do may leave an old output in place; the build succeeded, so
            // the output is current and must not look stale next time.
            Files.setLastModifiedTime(output, FileTime.fromMillis(System.currentTimeMillis()));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Why a setup said it cannot work here: the last line of its log that starts with
     * {@value TargetManifest#SETUP_LINE_PREFIX} (without it), else the log's last line.
     */
    static String setupsLine(Path logFile, String target) {
        List<String> lines;
        try {
            lines = new String(Files.readAllBytes(logFile), java.nio.charset.StandardCharsets.UTF_8).lines()
                    .map(String::strip).filter(l -> !l.isEmpty()).toList();
        } catch (IOException e) {
            lines = List.of();
        }
        for (int i = lines.size() - 1; i >= 0; i--) {
            if (lines.get(i).startsWith(TargetManifest.SETUP_LINE_PREFIX)) {
                return lines.get(i).substring(TargetManifest.SETUP_LINE_PREFIX.length()).strip();
            }
        }
        return lines.isEmpty() ? target + "'s build said it cannot work here (exit "
                + TargetManifest.SETUP_UNAVAILABLE_EXIT + ") and printed nothing" : lines.get(lines.size() - 1);
    }
}
