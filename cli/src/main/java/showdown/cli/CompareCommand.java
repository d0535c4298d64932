package showdown.cli;

import java.nio.file.Path;
import java.util.List;
import showdown.harness.results.RunResults;
import showdown.report.Comparison;
import showdown.report.ComparisonReport;

/**
 * {@code showdown compare DIR_A DIR_B}: req/s of every case both runs measured, and whether B was
 * faster, slower, or a tie within the runs' own spread.
 */
final class CompareCommand extends Command {

    private Path dirA;
    private Path dirB;

    CompareCommand() {
        super("compare", "Compares two results folders case by case (target, scenario, request, connections).",
                "A tie: the req/s min-max ranges of the repetitions overlap, or, with a single repetition,",
                "the difference is within ±5 %. Otherwise B is faster or slower than A.");
    }

    @Override
    List<String> exitCodes() {
        return List.of("0:the comparison was printed (whatever it found)", "2:a folder is missing or holds no readable results.json");
    }

    @Override
    void declare(Options o) {
        o.parameter("DIR_A", "The baseline results folder.", v -> dirA = Options.toPath("DIR_A", v))
                .parameter("DIR_B", "The results folder compared with it.", v -> dirB = Options.toPath("DIR_B", v));
    }

    @Override
    int call(List<String> args) {
        RunResults a = ReportCommand.readResults(dirA);
        RunResults b = ReportCommand.readResults(dirB);
        Comparison cmp = Comparison.of(a, b);
        System.out.print(ComparisonReport.render(dirA.toString(), a, dirB.toString(), b, cmp));
        return 0;
    }
}
