package showdown.cli;

import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;
import showdown.harness.plan.PlanException;
import showdown.harness.results.ResultsException;
import showdown.harness.run.ContractVerifier;
import showdown.harness.run.RunListener;
import showdown.harness.run.RunSettings;
import showdown.harness.run.Suite;
import showdown.harness.run.SuiteRunner;
import showdown.harness.target.ShowdownHome;
import showdown.harness.target.TargetException;
import showdown.report.Reports;

/**
 * {@code showdown run}: the whole suite, or a slice of it, into a results folder, then the reports.
 * The work is in {@link Suite}; this class only turns flags into {@link RunSettings}.
 */
@Command(name = "run", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Runs the benchmark suite and writes the reports.",
                "Each target: build if needed, start pinned to the server CPUs, verify, warm up, measure every case, stop.",
                "Every finished case is saved at once in DIR/results.json; --resume DIR finishes an interrupted run."},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:every target that could run was measured", "1:a target failed (build, start, verification or load)",
                "2:bad input (flag, profile, scenario or target name)"})
final class RunCommand implements Callable<Integer> {

    /**
     * Tests set this to watch (or interrupt) a run started through {@link Main#execute}; the command
     * line never does. Package-private on purpose.
     */
    static volatile RunListener listenerForTests = RunListener.NONE;

    @Spec
    CommandSpec spec;

    @Option(names = "--target", paramLabel = "NAME", description = "A target to run (repeatable; default: every target).")
    List<String> targets = new ArrayList<>();

    @Option(names = "--scenario", paramLabel = "NAME",
            description = "A scenario to run: spock-scotty, mist, phoenix-showdown, techempower (repeatable; default: all).")
    List<String> scenarios = new ArrayList<>();

    @Option(names = "--profile", paramLabel = "quick|seeds|full|FILE", defaultValue = "quick",
            description = "How long and how hard (default: ${DEFAULT-VALUE}).")
    String profile;

    @Option(names = "--duration", paramLabel = "D", description = "The measured window of each case, e.g. 5s (default: the profile's).")
    String duration;

    @Option(names = "--warmup", paramLabel = "D", description = "Warm-up load per target start, e.g. 10s, 0s for none (default: the profile's).")
    String warmup;

    @Option(names = "--connections", paramLabel = "C", split = ",",
            description = "Load levels for every scenario, e.g. 1,2,4,8 (threads: one per load CPU; default: the profile's).")
    List<Integer> connections = new ArrayList<>();

    @Option(names = "--repeat", paramLabel = "N", description = "Rounds over all targets, interleaved (default: the profile's).")
    Integer repeat;

    @Option(names = "--cpus", paramLabel = "SET", arity = "1..2",
            description = "CPU split: server=LIST load=LIST, e.g. --cpus server=0 load=1, or off for no pinning"
                    + " (default: first half server, second half load).")
    List<String> cpus = new ArrayList<>();

    @Option(names = "--out", paramLabel = "DIR", description = "The results folder (default: results/<UTC timestamp> under SHOWDOWN_HOME).")
    Path out;

    @Option(names = "--resume", paramLabel = "DIR", description = "Finish the interrupted run in DIR with its own settings: recorded cases are kept and skipped.")
    Path resume;

    @Option(names = "--no-verify", negatable = false, description = "Measure without checking each target against the contract first.")
    boolean noVerify;

    @Option(names = "--seed", paramLabel = "N", hidden = true, description = "Seed for drawn ids and bodies (default: random).")
    Long seed;

    @Override
    public Integer call() {
        Path home = ShowdownHome.resolve();
        Suite.Hooks hooks = Suite.Hooks.defaults(new ContractVerifier())
                .withListener(listenerForTests);
        List<String> commandLine = new ArrayList<>();
        commandLine.add("showdown");
        commandLine.addAll(spec.commandLine().getParseResult().originalArgs());
        Suite.Outcome outcome;
        try {
            if (resume != null) {
                refuseOptionsWithResume();
                outcome = Suite.resume(home, resume.toAbsolutePath().normalize(), System.err, hooks);
            } else {
                RunSettings settings = new RunSettings(targets, scenarios, profile, duration, warmup, repeat, connections,
                        cpus, !noVerify, seed != null ? seed : new SecureRandom().nextLong());
                Path dir = (out != null ? out : Suite.defaultOutDir(home)).toAbsolutePath().normalize();
                outcome = Suite.start(home, settings, dir, commandLine, System.err, hooks);
            }
        } catch (PlanException | TargetException | ResultsException e) {
            throw new UserException(e.getMessage());
        }
        // The reports are made from the journal alone, so 'showdown report DIR' can always redo them.
        List<Path> reports = Reports.write(outcome.results(), outcome.outDir());
        SuiteRunner.Summary s = outcome.summary();
        System.err.printf("showdown run: %d cases measured%s; targets: %d ok, %d failed, %d unavailable%n",
                s.casesMeasured(), s.casesAlreadyRecorded() > 0 ? " (" + s.casesAlreadyRecorded() + " already recorded)" : "",
                s.targetsOk(), s.targetsFailed(), s.targetsUnavailable());
        if (s.casesGeneratorSaturated() > 0) {
            System.err.printf("showdown run: WARNING: in %d cases the load generator, not the server, was the limit"
                    + " (generator.saturated in results.json); give the load more CPUs with --cpus%n", s.casesGeneratorSaturated());
        }
        for (Path r : reports) {
            System.out.println(r);
        }
        return s.targetsFailed() > 0 ? 1 : 0;
    }

    private void refuseOptionsWithResume() {
        boolean other = !targets.isEmpty() || !scenarios.isEmpty() || !profile.equals("quick") || duration != null
                || warmup != null || !connections.isEmpty() || repeat != null || !cpus.isEmpty() || out != null
                || noVerify || seed != null;
        if (other) {
            throw new UserException("--resume takes no other run options: the run keeps the settings it started with");
        }
    }
}
