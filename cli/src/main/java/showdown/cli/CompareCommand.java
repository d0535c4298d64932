package showdown.cli;

import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import com.fasterxml.jackson.core.JsonProcessingException;
import showdown.harness.results.CaseResult;
import showdown.harness.results.ResultsJson;
import showdown.harness.results.RunResults;
import showdown.harness.results.WarmupOutcome;
import showdown.harness.stats.ChangeTest;
import showdown.report.Comparison;
import showdown.report.ComparisonReport;

/**
 * {@code showdown compare DIR_A DIR_B}: req/s of every case both sides measured, B's change against
 * A with its confidence interval over rounds, and a verdict against a practical threshold. A side
 * may be several folders, comma-separated: their cases are that side's rounds, which is how runs of
 * A and B made in alternation are compared on a machine whose speed drifts.
 */
final class CompareCommand extends Command {

    /** The exit code of {@code --fail-on-slower} when a case is significantly slower. */
    static final int EXIT_SLOWER = 3;

    private List<Path> dirsA;
    private List<Path> dirsB;
    private double thresholdPercent = ChangeTest.DEFAULT_THRESHOLD_PERCENT;
    private boolean keepDisturbed;
    private boolean json;
    private boolean failOnSlower;

    CompareCommand() {
        super("compare", "Compares two results folders case by case (target, scenario, request, connections).",
                "Verdicts: faster or slower when the whole 95 % interval of B's change over the rounds lies beyond",
                "the threshold, same when it lies within it, inconclusive otherwise or with one round a side",
                "(docs/reports.md). A side may be several folders, comma-separated: their cases count as rounds.");
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
                .flag("--keep-disturbed", "Keep the rounds the runs marked disturbed; by default a case's disturbed"
                        + " rounds are left out while two clean ones remain on that side.", () -> keepDisturbed = true)
                .flag("--fail-on-slower", "Exit 3 when any case is slower beyond the threshold (for CI gates).",
                        () -> failOnSlower = true)
                .parameter("DIR_A", "The baseline results folder, or folders: A1,A2,...",
                        v -> dirsA = paths("DIR_A", v))
                .parameter("DIR_B", "The results folder(s) compared with it.", v -> dirsB = paths("DIR_B", v));
    }

    @Override
    int call(List<String> args) {
        RunResults a = side(dirsA);
        RunResults b = side(dirsB);
        Comparison cmp = Comparison.of(a, b, thresholdPercent, keepDisturbed);
        if (json) {
            try {
                System.out.println(ResultsJson.mapper().writeValueAsString(ComparisonReport.json(cmp)));
            } catch (JsonProcessingException e) {
                throw new UncheckedIOException(e);
            }
        } else {
            System.out.print(ComparisonReport.render(name(dirsA), a, name(dirsB), b, cmp));
        }
        return failOnSlower && cmp.count(ChangeTest.Verdict.SLOWER) > 0 ? EXIT_SLOWER : 0;
    }

    private static List<Path> paths(String name, String value) {
        List<String> items = Options.items(value);
        if (items.isEmpty()) {
            throw new UsageException(name + ": give a results folder");
        }
        return items.stream().map(v -> Options.toPath(name, v)).toList();
    }

    /** One side: a folder's run, or several folders' cases and warm-ups as one run's rounds. */
    static RunResults side(List<Path> dirs) {
        RunResults first = ReportCommand.readResults(dirs.get(0));
        if (dirs.size() == 1) {
            return first;
        }
        List<CaseResult> cases = new ArrayList<>();
        List<WarmupOutcome> warmups = new ArrayList<>();
        for (Path dir : dirs) {
            RunResults r = dir == dirs.get(0) ? first : ReportCommand.readResults(dir);
            cases.addAll(r.cases());
            warmups.addAll(r.warmups());
        }
        return first.withCases(cases).withWarmups(warmups);
    }

    private static String name(List<Path> dirs) {
        return String.join(",", dirs.stream().map(Path::toString).toList());
    }
}
