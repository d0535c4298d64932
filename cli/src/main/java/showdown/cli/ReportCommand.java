package showdown.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import showdown.harness.plan.PublishedSeeds;
import showdown.harness.results.ResultsException;
import showdown.harness.results.ResultsJson;
import showdown.harness.results.RunResults;
import showdown.report.Reports;

/** {@code showdown report DIR}: writes report.md, report.html and results.csv again from DIR/results.json. */
final class ReportCommand extends Command {

    private Path dir;

    ReportCommand() {
        super("report", "Regenerates the reports of a results folder from its results.json.",
                "They are report.md (the seeds' tables), report.html (charts, offline) and results.csv.");
    }

    @Override
    List<String> exitCodes() {
        return List.of("0:the reports were written", "2:no such folder, no results.json, or an unreadable one");
    }

    @Override
    void declare(Options o) {
        o.parameter("DIR", "A results folder (it holds results.json).", v -> dir = Options.toPath("DIR", v));
    }

    @Override
    int call(List<String> args) {
        RunResults run = readResults(dir);
        List<Path> written;
        try {
            written = Reports.write(run, dir, PublishedSeeds.NONE, null);
        } catch (ResultsException e) {
            throw new UserException(e.getMessage());
        }
        for (Path p : written) {
            System.out.println(p);
        }
        return 0;
    }

    /** The results of a folder, or a one-line {@link UserException} saying why not. Shared with compare. */
    static RunResults readResults(Path dir) {
        if (!Files.exists(dir)) {
            throw new UserException(dir + ": no such folder");
        }
        if (!Files.isDirectory(dir)) {
            throw new UserException(dir + ": not a folder (give the results folder that holds results.json)");
        }
        Path file = ResultsJson.fileIn(dir);
        if (!Files.isRegularFile(file)) {
            throw new UserException(dir + ": no " + ResultsJson.FILE_NAME + " here, so it is not a results folder");
        }
        try {
            return ResultsJson.read(file);
        } catch (ResultsException e) {
            throw new UserException(e.getMessage());
        }
    }
}
