package showdown.cli;

import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import showdown.harness.results.RunResults;
import showdown.report.Comparison;
import showdown.report.ComparisonReport;

/**
 * {@code showdown compare DIR_A DIR_B}: req/s of every case both runs measured, and whether B was
 * faster, slower, or a tie within the runs' own spread.
 */
@Command(name = "compare", mixinStandardHelpOptions = true,
        description = {"Compares two results folders case by case (target, scenario, request, connections).",
                "A tie: the req/s min-max ranges of the repetitions overlap, or, with a single repetition,",
                "the difference is within ±5 %. Otherwise B is faster or slower than A."},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:the comparison was printed (whatever it found)", "2:a folder is missing or holds no readable results.json"})
final class CompareCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "DIR_A", description = "The baseline results folder.")
    Path dirA;

    @Parameters(index = "1", paramLabel = "DIR_B", description = "The results folder compared with it.")
    Path dirB;

    @Override
    public Integer call() {
        RunResults a = ReportCommand.readResults(dirA);
        RunResults b = ReportCommand.readResults(dirB);
        Comparison cmp = Comparison.of(a, b);
        spec.commandLine().getOut().print(ComparisonReport.render(dirA.toString(), a, dirB.toString(), b, cmp));
        spec.commandLine().getOut().flush();
        return 0;
    }
}
