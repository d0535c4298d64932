package showdown.cli;

import java.nio.file.Path;
import java.util.List;
import showdown.harness.targets.ShowdownHome;
import showdown.report.benchlog.BenchLog;
import showdown.report.benchlog.BenchLogException;

/**
 * {@code showdown bench-report} (hidden, run by {@code bench/report}): renders the measurement log into
 * bench/results/README.md and the generated table of docs/accuracy.md.
 */
final class BenchReportCommand extends Command {

    private Path home;

    BenchReportCommand() {
        super("bench-report", "Renders bench/results/README.md and the table of docs/accuracy.md from the records.");
    }

    @Override
    boolean hidden() {
        return true;
    }

    @Override
    List<String> exitCodes() {
        return List.of("0:both files were written", "2:a record or note is malformed (one line names it and the field)");
    }

    @Override
    void declare(Options o) {
        o.value("--home", "DIR", "The Showdown folder (default: the launcher's).", v -> home = Options.toPath("--home", v));
    }

    @Override
    int call(List<String> args) {
        try {
            for (Path written : BenchLog.load(home != null ? home : ShowdownHome.resolve()).write()) {
                System.out.println("wrote " + written);
            }
        } catch (BenchLogException e) {
            throw new UserException(e.getMessage());
        }
        return 0;
    }
}
