package showdown.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;
import showdown.harness.targets.ShowdownHome;
import showdown.harness.targets.TargetCatalog;
import showdown.harness.targets.TargetManifest;
import showdown.harness.verify.Scenarios;
import showdown.harness.verify.TargetVerdict;
import showdown.harness.verify.Verifier;
import showdown.harness.verify.VerifyTable;

/** {@code showdown verify}: checks targets against the scenario contract (docs/verify.md). */
final class VerifyCommand extends Command {

    private final List<String> targets = new ArrayList<>();
    private String language;
    private final List<String> scenarios = new ArrayList<>();
    private int jobs = 2;
    private int readyTimeoutSeconds = 90;
    private Path logDir;
    private Long seed;

    VerifyCommand() {
        super("verify", "Checks each target against the scenario contract (docs/scenarios.md).",
                "Builds what is missing, starts each target on a free port, runs every check, stops it.",
                "Exit 0 when every check passes (WARN and SKIP do not fail), 1 when any fails, 2 for bad input.");
    }

    @Override
    void declare(Options o) {
        o.value("--target", "NAME", "Only these targets (repeatable, or comma-separated; default: all).",
                        v -> targets.addAll(Options.items(v)))
                .value("--language", "LANG", "Only the targets of this language (e.g. java).", v -> language = v)
                .value("--scenario", "NAME", "Only these scenarios: spock-scotty, mist, phoenix-showdown, techempower, http"
                        + " (default: all).", v -> scenarios.addAll(Options.items(v)))
                .value("--jobs", "N", "Targets checked at the same time (default: " + jobs + ").", v -> jobs = Options.toInt("--jobs", v))
                .value("--ready-timeout", "SECONDS", "How long a target may take to answer its ready path (default: "
                        + readyTimeoutSeconds + ").", v -> readyTimeoutSeconds = Options.toInt("--ready-timeout", v))
                .value("--logs", "DIR", "Build and server logs (default: results/verify-logs under the Showdown home).",
                        v -> logDir = Options.toPath("--logs", v))
                .value("--seed", "N", "Seed for the random bodies and captures (default: random, printed).",
                        v -> seed = Options.toLong("--seed", v));
    }

    @Override
    int call(List<String> args) {
        Path home = ShowdownHome.resolve();
        if (jobs < 1) {
            throw new UserException("--jobs must be at least 1 (got " + jobs + ")");
        }
        if (readyTimeoutSeconds < 1) {
            throw new UserException("--ready-timeout must be at least 1 second (got " + readyTimeoutSeconds + ")");
        }
        Set<String> selectedScenarios = selectScenarios();
        List<TargetManifest> selected = selectTargets(TargetCatalog.discover(home));
        long runSeed = seed != null ? seed : ThreadLocalRandom.current().nextLong(1, Long.MAX_VALUE);
        Path logs = logDir != null ? logDir.toAbsolutePath() : home.resolve("results").resolve("verify-logs");

        PrintWriter out = new PrintWriter(System.out, true); // println flushes: the table is live
        out.println("verifying " + selected.size() + " target" + (selected.size() == 1 ? "" : "s") + " (jobs " + jobs
                + ", seed " + runSeed + ", logs in " + logs + ")");
        VerifyTable table = new VerifyTable(out, selected.stream().map(TargetManifest::name).toList());
        table.header();
        Verifier.Options options = new Verifier.Options(home, selectedScenarios, jobs, logs,
                Duration.ofSeconds(readyTimeoutSeconds), runSeed);
        List<TargetVerdict> verdicts = Verifier.verify(selected, options, table::print);
        table.summary(verdicts);
        out.flush();
        return verdicts.stream().anyMatch(TargetVerdict::failed) ? 1 : 0;
    }

    private Set<String> selectScenarios() {
        if (scenarios.isEmpty()) {
            return Set.copyOf(Scenarios.ALL);
        }
        Set<String> chosen = new LinkedHashSet<>();
        for (String s : scenarios) {
            if (!Scenarios.ALL.contains(s)) {
                throw new UserException("unknown scenario '" + s + "' (known: " + String.join(", ", Scenarios.ALL) + ")");
            }
            chosen.add(s);
        }
        return chosen;
    }

    private List<TargetManifest> selectTargets(TargetCatalog catalog) {
        List<TargetManifest> chosen = new ArrayList<>();
        if (targets.isEmpty()) {
            chosen.addAll(language == null ? catalog.all() : catalog.byLanguage(language));
        } else {
            for (String name : new LinkedHashSet<>(targets)) {
                TargetManifest m = catalog.require(name); // an unknown name lists the known ones, exit 2
                if (language == null || m.language().equalsIgnoreCase(language)) {
                    chosen.add(m);
                }
            }
        }
        if (chosen.isEmpty()) {
            throw new UserException("no target to verify" + (language == null ? "" : " for language '" + language + "'"));
        }
        return chosen;
    }
}
