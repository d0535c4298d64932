package showdown.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import showdown.harness.plan.PlanException;
import showdown.harness.plan.PublishedSeeds;
import showdown.harness.results.ResultsException;
import showdown.harness.results.ResultsJson;
import showdown.harness.results.RunResults;
import showdown.harness.targets.ShowdownHome;
import showdown.report.Reports;
import showdown.report.Reproduction;
import showdown.report.Summaries;

/** {@code showdown report DIR}: writes report.md, report.html and results.csv again from DIR/results.json. */
final class ReportCommand extends Command {

    private Path dir;
    private String reference;

    ReportCommand() {
        super("report", "Regenerates the reports of a results folder from its results.json.",
                "They are report.md (the seeds' tables), report.html (charts, offline) and results.csv.",
                "Each seed scenario in the run is compared with the seed's published table (its reproduction).");
    }

    @Override
    List<String> exitCodes() {
        return List.of("0:the reports were written",
                "2:no such folder, no results.json, an unreadable one, or a --reference the run cannot use");
    }

    @Override
    void declare(Options o) {
        o.parameter("DIR", "A results folder (it holds results.json).", v -> dir = Options.toPath("DIR", v))
                .value("--reference", "TARGET", "The target the reproduction normalises to (default: per seed, the"
                        + " first of its frameworks the run measured).", v -> reference = v);
    }

    @Override
    int call(List<String> args) {
        RunResults run = readResults(dir);
        PublishedSeeds published = published();
        if (reference != null) {
            checkReference(reference, Reproduction.forRun(new Summaries(run), published, null));
        }
        List<Path> written;
        try {
            written = Reports.write(run, dir, published, reference);
        } catch (ResultsException e) {
            throw new UserException(e.getMessage());
        }
        for (Path p : written) {
            System.out.println(p);
        }
        return 0;
    }

    /** The seeds' published tables of this checkout; shared with run and reproduce. */
    static PublishedSeeds published() {
        try {
            return PublishedSeeds.load(ShowdownHome.resolve().resolve("scenarios"));
        } catch (PlanException e) {
            throw new UserException(e.getMessage());
        }
    }

    /**
     * A {@code --reference} must be a target that stands for a seed framework measured in the run; a
     * name that fits none is a one-line error naming the ones that would.
     */
    static void checkReference(String reference, List<Reproduction> reproductions) {
        if (reproductions.isEmpty()) {
            throw new UserException("--reference " + reference + ": the run has no seed scenario with a published"
                    + " table to compare with");
        }
        Set<String> candidates = Reproduction.referenceCandidates(reproductions);
        if (!candidates.contains(reference)) {
            throw new UserException("--reference " + reference + ": not a target measured for a seed framework in this"
                    + " run (" + (candidates.isEmpty() ? "none was" : "give one of " + String.join(", ", candidates)) + ")");
        }
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
