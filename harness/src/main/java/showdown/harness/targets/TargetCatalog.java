package showdown.harness.targets;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/** Every target under {@code <home>/targets}, found by its {@code target.yaml}, sorted by name. */
public final class TargetCatalog {

    /** Folders that hold build output or dependencies, never a manifest; skipping them keeps discovery fast. */
    private static final Set<String> SKIPPED_FOLDERS = Set.of("target", "node_modules", ".git", "build", "_build",
            "deps", "vendor", ".venv", ".gradle");

    private final List<TargetManifest> targets;
    private final Map<String, TargetManifest> byName;

    private TargetCatalog(List<TargetManifest> targets) {
        this.targets = List.copyOf(targets);
        this.byName = targets.stream().collect(Collectors.toUnmodifiableMap(TargetManifest::name, t -> t));
    }

    /**
     * Loads every {@code targets/**}{@code /target.yaml} under the Showdown home.
     *
     * @throws TargetException when there is no targets folder, a manifest is invalid, or two share a name
     */
    public static TargetCatalog discover(Path showdownHome) {
        Path root = showdownHome.resolve("targets");
        if (!Files.isDirectory(root)) {
            throw new TargetException("no targets/ folder in " + showdownHome.toAbsolutePath().normalize()
                    + "; run from the Showdown checkout or set SHOWDOWN_HOME");
        }
        List<TargetManifest> found = new ArrayList<>();
        for (Path file : manifestFiles(root)) {
            found.add(TargetManifest.load(file));
        }
        found.sort(Comparator.comparing(TargetManifest::name));
        Map<String, TargetManifest> seen = new HashMap<>();
        for (TargetManifest m : found) {
            TargetManifest other = seen.putIfAbsent(m.name(), m);
            if (other != null) {
                throw new TargetException("two targets are named '" + m.name() + "': " + other.dir() + " and " + m.dir());
            }
        }
        return new TargetCatalog(found);
    }

    /** Builds a catalog from manifests already loaded (tests, or a single manifest given by path). */
    public static TargetCatalog of(List<TargetManifest> manifests) {
        List<TargetManifest> sorted = new ArrayList<>(manifests);
        sorted.sort(Comparator.comparing(TargetManifest::name));
        return new TargetCatalog(sorted);
    }

    private static List<Path> manifestFiles(Path root) {
        List<Path> files = new ArrayList<>();
        try {
            Files.walkFileTree(root, new SimpleFileVisitor<>() {
                @Override
                public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs) {
                    return !dir.equals(root) && SKIPPED_FOLDERS.contains(dir.getFileName().toString())
                            ? FileVisitResult.SKIP_SUBTREE : FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) {
                    if (file.getFileName().toString().equals(TargetManifest.FILE_NAME)) {
                        files.add(file);
                    }
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult visitFileFailed(Path file, IOException e) {
                    return FileVisitResult.CONTINUE; // an unreadable folder (permissions, a vanished build dir) holds no target
                }
            });
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return files;
    }

    /** All targets, sorted by name. */
    public List<TargetManifest> all() {
        return targets;
    }

    /** The targets whose language is the given one (e.g. "java"), sorted by name. */
    public List<TargetManifest> byLanguage(String language) {
        return targets.stream().filter(t -> t.language().equalsIgnoreCase(language)).toList();
    }

    /**
     * The target with that name.
     *
     * @throws TargetException naming the known targets when there is none
     */
    public TargetManifest require(String name) {
        TargetManifest m = byName.get(name);
        if (m == null) {
            String known = targets.isEmpty() ? "none" : targets.stream().map(TargetManifest::name).collect(Collectors.joining(", "));
            throw new TargetException("unknown target '" + name + "' (known: " + known + ")");
        }
        return m;
    }
}
