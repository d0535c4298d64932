package showdown.cli;

import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import showdown.harness.plan.PlanException;
import showdown.harness.plan.PublishedSeed;
import showdown.harness.plan.PublishedSeeds;
import showdown.harness.results.ResultsException;
import showdown.harness.run.RunSettings;
import showdown.harness.run.Suite;
import showdown.harness.targets.ShowdownHome;
import showdown.harness.targets.TargetCatalog;
import showdown.harness.targets.TargetException;
import showdown.harness.targets.TargetManifest;

/**
 * {@code showdown reproduce SEED}: reruns one seed benchmark as it ran (the {@value #PROFILE}
 * profile's load for that scenario: its duration, connections and threads, no warm-up) over the
 * targets that stand for the seed's frameworks, then writes the reports, whose reproduction section
 * compares the run with the seed's published table. It is {@code showdown run} with the seed's
 * choices made, so that "does this reproduce the original benchmark?" is one command.
 */
final class ReproduceCommand extends Command {

    /** The profile holding every seed's own load parameters (scenarios/profiles/seeds.yaml). */
    static final String PROFILE = "seeds";

    private String seed;
    private final List<String> targets = new ArrayList<>();
    private String duration;
    private Integer repeat;
    private Path out;
    private String reference;

    ReproduceCommand() {
        super("reproduce", "Reruns one seed benchmark as it ran and compares the run with the seed's published table.",
                "SEED is a seed scenario: spock-scotty, mist or phoenix-showdown. The load is the " + PROFILE
                        + " profile's",
                "for that scenario (the seed's durations, connections and threads, no warm-up), over the targets",
                "that stand for the seed's frameworks (scenarios/published/SEED.yaml). The reports' reproduction",
                "section puts the seed's figures beside this run's, normalised to a reference framework, with",
                "Kendall's tau, the flipped pairs and a verdict.");
    }

    @Override
    List<String> exitCodes() {
        return List.of("0:every target that could run was measured", "1:a target failed (build, start, verification or load)",
                "2:bad input (seed, target, duration, folder or reference)");
    }

    @Override
    void declare(Options o) {
        o.parameter("SEED", "The seed to reproduce: spock-scotty, mist or phoenix-showdown.", v -> seed = v)
                .value("--target", "NAME", "A target to run instead of the seed's own (repeatable; default: every"
                        + " target that stands for one of the seed's frameworks).", targets::add)
                .value("--duration", "D", "Shorten every case to D, e.g. 5s, for a quick look; the report says it was"
                        + " shortened (default: the seed's own).", v -> duration = v)
                .value("--repeat", "N", "Rounds over the targets, interleaved: with 2 or more the intervals hold the"
                        + " start-to-start noise, and only then can a flipped pair be called real (default: 1).",
                        v -> repeat = Options.toInt("--repeat", v))
                .value("--out", "DIR", "The results folder (default: results/<UTC timestamp> under SHOWDOWN_HOME).",
                        v -> out = Options.toPath("--out", v))
                .value("--reference", "TARGET", "The target the reproduction normalises to (default: the first of the"
                        + " seed's frameworks that the run measured).", v -> reference = v);
    }

    @Override
    int call(List<String> args) {
        Path home = ShowdownHome.resolve();
        PublishedSeeds published = ReportCommand.published();
        Suite.Outcome outcome;
        try {
            PublishedSeed s = published.require(seed);
            List<String> run = targets.isEmpty() ? seedTargetsHere(s, TargetCatalog.discover(home)) : targets;
            checkReference(s, run);
            RunSettings settings = new RunSettings(run, List.of(s.seed()), PROFILE, duration, null, repeat, List.of(),
                    List.of(), true, new SecureRandom().nextLong(), Map.of(), false, null);
            outcome = RunCommand.start(home, settings, out, RunCommand.commandLine(this, args));
        } catch (PlanException | TargetException | ResultsException e) {
            throw new UserException(e.getMessage());
        }
        return RunCommand.finish(this, outcome, published, reference, false);
    }

    /** The seed's targets that this checkout has, in the seed's order; none is a one-line error. */
    static List<String> seedTargetsHere(PublishedSeed s, TargetCatalog catalog) {
        Set<String> here = catalog.all().stream().map(TargetManifest::name).collect(Collectors.toSet());
        List<String> found = s.targets().stream().filter(here::contains).toList();
        if (found.isEmpty()) {
            throw new UserException("none of the targets that stand for " + s.seed() + "'s frameworks ("
                    + String.join(", ", s.targets()) + ") is in this checkout; name targets with --target");
        }
        return found;
    }

    /** A {@code --reference} must stand for one of the seed's frameworks and be among the targets run. */
    private void checkReference(PublishedSeed s, List<String> run) {
        if (reference == null) {
            return;
        }
        List<String> candidates = s.targets().stream().filter(run::contains).toList();
        if (!candidates.contains(reference)) {
            throw new UserException("--reference " + reference + ": not a target of this run that stands for one of "
                    + s.seed() + "'s frameworks (" + (candidates.isEmpty() ? "none is" : "give one of "
                    + String.join(", ", candidates)) + ")");
        }
    }
}
