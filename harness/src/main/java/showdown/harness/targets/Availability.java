package showdown.harness.targets;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Whether a target can run on this machine, as {@code showdown doctor} shows it.
 *
 * @param status what is needed
 * @param detail the setup command (and, for a registry-bound target, where its packages come from) for
 *               {@link Status#NEEDS_SETUP}, the reason for {@link Status#UNAVAILABLE}, else ""
 */
public record Availability(Status status, String detail) {

    public enum Status { READY, NEEDS_BUILD, NEEDS_SETUP, UNAVAILABLE }

    public static final Availability READY = new Availability(Status.READY, "");
    public static final Availability NEEDS_BUILD = new Availability(Status.NEEDS_BUILD, "");

    public Availability {
        Objects.requireNonNull(status, "status");
        detail = detail == null ? "" : detail;
    }

    public static Availability needsSetup(String command) {
        return new Availability(Status.NEEDS_SETUP, command);
    }

    public static Availability unavailable(String reason) {
        return new Availability(Status.UNAVAILABLE, reason);
    }

    /** True when Showdown can build (if needed) and start the target without a manual step. */
    public boolean canRun() {
        return status == Status.READY || status == Status.NEEDS_BUILD;
    }

    /** How doctor prints it: {@code ready}, {@code needs build}, {@code needs setup: CMD}, {@code unavailable here: WHY}. */
    public String describe() {
        return switch (status) {
            case READY -> "ready";
            case NEEDS_BUILD -> "needs build";
            case NEEDS_SETUP -> "needs setup: " + detail;
            case UNAVAILABLE -> "unavailable here: " + detail;
        };
    }

    /**
     * Decided on this machine, now: first whether the target's setup ran here and said it cannot work
     * ({@code setup.unavailable}, with its line), then its {@code requires} against PATH and, for a
     * target whose packages come from a registry ({@code registry:}), whether its setup has fetched
     * them ({@code fetched:}), then whether its build output is stale. {@code java} always counts as
     * present: targets start with {@code ${JAVA}}, Showdown's own JDK.
     */
    public static Availability of(TargetManifest m, Path showdownHome) {
        Path unavailableMarker = m.setupUnavailablePath();
        if (Files.isRegularFile(unavailableMarker)) {
            // Its setup ran and said it cannot work here: say why, rather than "needs setup" or a failing build.
            return unavailable(readFirstLine(unavailableMarker));
        }
        List<String> missing = new ArrayList<>();
        for (String command : m.requires()) {
            if (!command.equals("java") && !onPath(command)) {
                missing.add(command);
            }
        }
        Path setup = m.setupPath();
        boolean hasSetup = setup != null && Files.isRegularFile(setup);
        boolean notFetched = m.registry() != null && !Files.exists(m.fetchedPath());
        if (missing.isEmpty() && !notFetched) {
            return TargetBuilder.needsBuild(m) ? NEEDS_BUILD : READY;
        }
        if (hasSetup) {
            // Whether its registry answers is for its setup to find out, on this machine.
            return needsSetup(relative(showdownHome, setup)
                    + (notFetched ? " (its packages come from " + m.registry() + ")" : ""));
        }
        String setupMissing = setup == null ? " and no setup script" : " (its setup script " + m.setup() + " does not exist)";
        return unavailable(missing.isEmpty() ? "no packages from " + m.registry() + " in " + m.fetched() + setupMissing
                : "missing on PATH: " + String.join(", ", missing) + (setup == null ? "" : setupMissing));
    }

    private static String readFirstLine(Path file) {
        try {
            String text = Files.readString(file).strip();
            int end = text.indexOf('\n');
            return end < 0 ? text : text.substring(0, end);
        } catch (IOException e) {
            return "its setup said it cannot work here (" + file.getFileName() + " unreadable: " + e.getMessage() + ")";
        }
    }

    private static String relative(Path showdownHome, Path file) {
        return showdownHome.toAbsolutePath().normalize().relativize(file).toString();
    }

    /** Whether an executable of that name (or that path) exists, as the shell would find it. */
    static boolean onPath(String command) {
        if (command.contains("/")) {
            return Files.isExecutable(Path.of(command));
        }
        String path = System.getenv("PATH");
        if (path == null) {
            return false;
        }
        for (String dir : path.split(File.pathSeparator)) {
            if (!dir.isEmpty() && Files.isExecutable(Path.of(dir, command))) {
                return true;
            }
        }
        return false;
    }
}
