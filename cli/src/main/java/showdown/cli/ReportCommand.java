package showdown.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import showdown.harness.results.ResultsException;
import showdown.harness.results.ResultsJson;
import showdown.harness.results.RunResults;
import showdown.report.Reports;

/** {@code showdown report DIR}: writes report.md, report.html and results.csv again from DIR/results.json. */
@Command(name = "report", mixinStandardHelpOptions = true,
        description = {"Regenerates the reports of a results folder from its results.json:",
                "report.md (the seeds' tables), report.html (charts, offline) and results.csv."},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:the reports were written", "2:no such folder, no results.json, or an unreadable one"})
final class ReportCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "DIR", description = "A results folder (it holds results.json).")
    Path dir;

    @Override
    public Integer call() {
        RunResults run = readResults(dir);
        List<Path> written;
        try {
            written = Reports.write(run, dir);
        } catch (ResultsException e) {
            throw new UserException(e.getMessage());
        }
        for (Path p : written) {
            spec.commandLine().getOut().println(p);
        }
        spec.commandLine().getOut().flush();
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
