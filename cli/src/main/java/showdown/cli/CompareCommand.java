package showdown.cli;

import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;
import com.fasterxml.jackson.core.JsonProcessingException;
import showdown.harness.results.ResultsJson;
import showdown.harness.results.RunResults;
import showdown.harness.stats.ChangeTest;
import showdown.report.Comparison;
import showdown.report.ComparisonReport;

/**
 * {@code showdown compare DIR_A DIR_B}: req/s of every case both runs measured, B's change against
 * A with its confidence interval, and a verdict from a bootstrap test with a practical threshold.
 */
final class CompareCommand extends Command {

    /** The exit code of {@code --fail-on-slower} when a case is significantly slower. */
    static final int EXIT_SLOWER = 3;

    private Path dirA;
    private Path dirB;
    private double thresholdPercent = ChangeTest.DEFAULT_THRESHOLD_PERCENT;
    private boolean json;
    private boolean failOnSlower;

    CompareCommand() {
        super("compare", "Compares two results folders case by case (target, scenario, request, connections).",
                "Verdicts: faster or slower when the whole 95 % bootstrap interval of B's change lies beyond the",
                "threshold, same when it lies within it, inconclusive otherwise (docs/reports.md).");
    }

    @Override
    List<String> exitCodes() {
        return List.of("0:the comparison was printed (whatever it found)",
                "2:a folder is missing or holds no readable results.json, or a bad flag",
                "3:with --fail-on-slower: at least one case is slower beyond the threshold");
    }

    @Override
    void declare(Options o) {
        o.value("--threshold", "PCT", "The practical threshold in per cent (default: "
                        + (int) ChangeTest.DEFAULT_THRESHOLD_PERCENT + ").",
                        v -> thresholdPercent = Options.toPercent("--threshold", v))
                .flag("--json", "Print the verdicts as JSON instead of a table.", () -> json = true)
                .flag("--fail-on-slower", "Exit 3 when any case is slower beyond the threshold (for CI gates).",
                        () -> failOnSlower = true)
                .parameter("DIR_A", "The baseline results folder.", v -> dirA = Options.toPath("DIR_A", v))
                .parameter("DIR_B", "The results folder compared with it.", v -> dirB = Options.toPath("DIR_B", v));
    }

    @Override
    int call(List<String> args) {
        RunResults a = ReportCommand.readResults(dirA);
        RunResults b = ReportCommand.readResults(dirB);
        Comparison cmp = Comparison.of(a, b, thresholdPercent);
        if (json) {
            try {
                System.out.println(ResultsJson.mapper().writeValueAsString(ComparisonReport.json(cmp)));
            } catch (JsonProcessingException e) {
                throw new UncheckedIOException(e);
            }
        } else {
            System.out.print(ComparisonReport.render(dirA.toString(), a, dirB.toString(), b, cmp));
        }
        return failOnSlower && cmp.count(ChangeTest.Verdict.SLOWER) > 0 ? EXIT_SLOWER : 0;
    }
}
