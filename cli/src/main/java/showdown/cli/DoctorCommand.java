package showdown.cli;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import showdown.harness.targets.Availability;
import showdown.harness.targets.Placeholders;
import showdown.harness.targets.ShowdownHome;
import showdown.harness.targets.TargetCatalog;
import showdown.harness.targets.TargetException;
import showdown.harness.targets.TargetManifest;
import showdown.harness.targets.UnavailableProtocols;

/** {@code showdown doctor}: one line per target with what it needs before it can run here. */
final class DoctorCommand extends Command {

    DoctorCommand() {
        super("doctor", "Lists every target and what it needs before it can run here.",
                "Status: ready, needs build, needs setup: <command>, or unavailable here: <reason>;"
                        + " after a target that can run, in brackets, a protocol its last build could not provide here.",
                "Builds nothing and starts nothing.");
    }

    @Override
    int call(List<String> args) {
        Path home = ShowdownHome.resolve();
        List<TargetManifest> targets = TargetCatalog.discover(home).all();
        PrintStream out = System.out;
        out.println("showdown home: " + home);
        out.println("java for targets: " + Placeholders.java() + " (Java " + Runtime.version().feature() + " runs showdown)");
        int nameWidth = Math.max(6, targets.stream().mapToInt(t -> t.name().length()).max().orElse(0)) + 2;
        int languageWidth = Math.max(8, targets.stream().mapToInt(t -> t.language().length()).max().orElse(0)) + 2;
        out.println(pad("TARGET", nameWidth) + pad("LANGUAGE", languageWidth) + "STATUS");
        for (TargetManifest t : targets) {
            Availability availability = Availability.of(t, home);
            out.println(pad(t.name(), nameWidth) + pad(t.language(), languageWidth) + availability.describe()
                    + (availability.canRun() ? unavailableProtocols(t) : ""));
        }
        out.flush();
        return 0;
    }

    /** What its last build could not provide here: {@code  (h3 unavailable here: <line>)}, or "". */
    private static String unavailableProtocols(TargetManifest t) {
        try {
            UnavailableProtocols u = UnavailableProtocols.read(t);
            return u.isEmpty() ? "" : " (" + u.describe() + ")";
        } catch (TargetException e) {
            return " (" + e.getMessage() + ")";
        }
    }

    private static String pad(String s, int width) {
        return s.length() >= width ? s + " " : s + " ".repeat(width - s.length());
    }
}
