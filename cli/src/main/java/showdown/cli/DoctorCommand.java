package showdown.cli;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import showdown.harness.targets.Availability;
import showdown.harness.targets.Placeholders;
import showdown.harness.targets.ShowdownHome;
import showdown.harness.targets.TargetCatalog;
import showdown.harness.targets.TargetManifest;

/** {@code showdown doctor}: one line per target with what it needs before it can run here. */
final class DoctorCommand extends Command {

    DoctorCommand() {
        super("doctor", "Lists every target and what it needs before it can run here.",
                "Status: ready, needs build, needs setup: <command>, or unavailable here: <reason>.",
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
            out.println(pad(t.name(), nameWidth) + pad(t.language(), languageWidth) + Availability.of(t, home).describe());
        }
        out.flush();
        return 0;
    }

    private static String pad(String s, int width) {
        return s.length() >= width ? s + " " : s + " ".repeat(width - s.length());
    }
}
