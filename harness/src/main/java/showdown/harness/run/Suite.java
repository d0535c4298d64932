package showdown.harness.run;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import showdown.harness.measure.CaseMeasurer;
import showdown.harness.plan.Durations;
import showdown.harness.plan.LevelSpec;
import showdown.harness.plan.PlanException;
import showdown.harness.plan.PlanTarget;
import showdown.harness.plan.Profile;
import showdown.harness.plan.RunPlan;
import showdown.harness.plan.Scenario;
import showdown.harness.plan.ScenarioCatalog;
import showdown.harness.results.Environment;
import showdown.harness.results.ResultsJournal;
import showdown.harness.results.ResultsJson;
import showdown.harness.results.RunConfig;
import showdown.harness.results.RunResults;
import showdown.harness.targets.SelfSignedCertificate;
import showdown.harness.targets.StartOptions;
import showdown.harness.targets.TargetCatalog;
import showdown.harness.targets.TargetManifest;

/**
 * {@code showdown run} without the command line: resolves the settings into a plan, opens (or
 * resumes) the results journal, pins this JVM to the load CPUs, runs the plan, and restores the
 * affinity. The reports are written by the caller from {@link Outcome#results()}.
 */
public final class Suite {

    private static final DateTimeFormatter RUN_ID = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss").withZone(ZoneOffset.UTC);

    /** What a finished run produced. */
    public record Outcome(Path outDir, RunResults results, SuiteRunner.Summary summary) {
    }

    /** The hooks a caller may set; {@link #defaults()} is what the command uses. */
    /**
     * @param targets where the targets run ({@link TargetHost#LOCAL} by default)
     * @param load    where the load comes from; null: this process's {@code engine}, measuring through /proc
     */
    public record Hooks(TargetVerifier verifier, RunListener listener, CaseMeasurer.Engine engine, boolean liveProgress,
                        Duration readyTimeout, TargetHost targets, LoadSource load) {
        public Hooks(TargetVerifier verifier, RunListener listener, CaseMeasurer.Engine engine, boolean liveProgress,
                     Duration readyTimeout) {
            this(verifier, listener, engine, liveProgress, readyTimeout, TargetHost.LOCAL, null);
        }

        public static Hooks defaults(TargetVerifier verifier) {
            return new Hooks(verifier, RunListener.NONE, CaseMeasurer.Engine.LOAD_ENGINE, ProgressReporter.stderrIsTerminal(),
                    StartOptions.DEFAULT_READY_TIMEOUT);
        }

        public Hooks withListener(RunListener l) {
            return new Hooks(verifier, l, engine, liveProgress, readyTimeout, targets, load);
        }

        /** Targets on {@code t} and load from {@code l} (a multi-host run). */
        public Hooks placedOn(TargetHost t, LoadSource l) {
            return new Hooks(verifier, listener, engine, liveProgress, readyTimeout, t, l);
        }
    }

    private Suite() {
    }

    /** The default results folder: {@code <home>/results/<UTC timestamp>}. */
    public static Path defaultOutDir(Path home) {
        return home.resolve("results").resolve(RUN_ID.format(Instant.now()));
    }

    /** Starts a new run into {@code outDir}, which must not hold results yet. */
    public static Outcome start(Path home, RunSettings settings, Path outDir, List<String> commandLine, PrintStream err,
                                Hooks hooks) {
        if (Files.exists(ResultsJson.fileIn(outDir))) {
            throw new PlanException(outDir + " already holds a run; use --resume " + outDir + " to finish it, or another --out");
        }
        Path profileFile = Profile.locate(settings.profile(), home.resolve("scenarios").resolve("profiles"));
        Profile profile = settings.applyTo(Profile.load(profileFile));
        Prepared p = prepare(home, settings, profile);
        try {
            Files.createDirectories(outDir);
            Files.copy(profileFile, outDir.resolve(RunSettings.PROFILE_COPY), StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            throw new PlanException(outDir + ": cannot write: " + e.getMessage());
        }
        settings.write(outDir);
        Environment env = EnvironmentProbe.collect(home, commandLine, p.split());
        Instant now = Instant.now();
        RunResults header = RunResults.start(outDir.getFileName().toString(), now.toString(), env,
                config(settings, profile, p.scenarios()));
        ResultsJournal journal = ResultsJournal.create(outDir, header);
        return execute(home, outDir, outDir.resolve("logs"), settings, profile, p, journal, err, hooks);
    }

    /** Finishes the run in {@code dir}: the cases already in its journal are kept and skipped. */
    public static Outcome resume(Path home, Path dir, PrintStream err, Hooks hooks) {
        if (!Files.isDirectory(dir)) {
            throw new PlanException("--resume " + dir + ": no such folder");
        }
        RunSettings settings = RunSettings.read(dir);
        Profile profile = settings.applyTo(Profile.load(dir.resolve(RunSettings.PROFILE_COPY)));
        Prepared p = prepare(home, settings, profile);
        ResultsJournal journal = ResultsJournal.resume(dir);
        return execute(home, dir, freshLogRoot(dir), settings, profile, p, journal, err, hooks);
    }

    private record Prepared(List<Scenario> scenarios, TargetCatalog catalog, CpuSplit split, RunPlan plan) {
    }

    private static Prepared prepare(Path home, RunSettings settings, Profile profile) {
        ScenarioCatalog scenarioCatalog = ScenarioCatalog.load(home.resolve("scenarios"));
        List<Scenario> scenarios = settings.scenarios().isEmpty() ? scenarioCatalog.byDefault()
                : settings.scenarios().stream().distinct().map(scenarioCatalog::require).toList();
        for (String name : profile.scenarios().keySet()) {
            scenarioCatalog.require(name); // a typo in a profile's scenario name would silently change nothing
        }
        TargetCatalog catalog = TargetCatalog.discover(home);
        List<TargetManifest> targets = settings.targets().isEmpty()
                ? catalog.all().stream().filter(t -> !t.category().equals(TargetManifest.CALIBRATION)).toList()
                : settings.targets().stream().distinct().map(catalog::require).toList();
        if (targets.isEmpty()) {
            throw new PlanException("no targets found under " + home.resolve("targets"));
        }
        CpuSplit split = CpuSplit.parse(settings.cpus(), CpuAffinity.allowed());
        List<PlanTarget> planTargets = targets.stream().map(t -> new PlanTarget(t.name(), t.scenarios(), t.protocols())).toList();
        RunPlan plan = RunPlan.build(planTargets, scenarios, profile, split.loadCpuCount(), settings.seed());
        return new Prepared(scenarios, catalog, split, plan);
    }

    private static Outcome execute(Path home, Path outDir, Path logRoot, RunSettings settings, Profile profile, Prepared p,
                                   ResultsJournal journal, PrintStream err, Hooks hooks) {
        Eta eta = new Eta();
        ProgressReporter progress = new ProgressReporter(err, hooks.liveProgress(), eta);
        progress.say(String.format("showdown run: profile %s, %d targets, %d cases (%s each, warm-up %s to %s), %s;"
                        + " results in %s", profile.name(), p.plan().rounds().stream().map(r -> r.target()).distinct().count(),
                p.plan().totalCases(), Durations.format(profile.duration()), Durations.format(profile.warmup()),
                Durations.format(profile.steady().max()), p.split().describe(), outDir));
        p.plan().leftOut().forEach(line -> progress.say("left out: " + line));
        List<Integer> before = CpuAffinity.allowed();
        if (p.split().pinned()) {
            CpuAffinity.pinThisProcess(p.split().load());
        }
        SuiteRunner.Summary summary;
        try {
            CaseMeasurer measurer = new CaseMeasurer(hooks.engine(), p.split().serverCpus(), p.split().loadCpus(),
                    showdown.harness.measure.RssSampler.DEFAULT_INTERVAL, CaseMeasurer.DEFAULT_SLICE);
            SuiteRunner.StartSettings start = new SuiteRunner.StartSettings(hooks.readyTimeout(), settings.targetEnv(),
                    settings.remeasure(), certificate(outDir, p));
            SuiteRunner.Context ctx = new SuiteRunner.Context(home, outDir, logRoot, p.catalog(), p.split(),
                    profile, start, settings.seed(), journal, hooks.targets(),
                    hooks.load() != null ? hooks.load() : LoadSource.local(measurer, hooks.engine()),
                    settings.verify() ? hooks.verifier() : TargetVerifier.NONE, progress, eta, hooks.listener());
            summary = new SuiteRunner(ctx, p.plan()).run();
        } finally {
            if (p.split().pinned()) {
                // Tests run suites in-process; the CLI exits right after, where this costs nothing.
                CpuAffinity.pinThisProcess(before);
            }
        }
        return new Outcome(outDir, journal.snapshot(), summary);
    }

    /**
     * The run's one certificate, in its folder, when a planned target serves TLS; a resumed run keeps
     * the one it made.
     */
    private static SelfSignedCertificate certificate(Path outDir, Prepared p) {
        boolean tls = p.plan().rounds().stream().map(r -> p.catalog().require(r.target())).anyMatch(TargetManifest::offersTls);
        if (!tls) {
            return null;
        }
        return SelfSignedCertificate.reuseOrCreate(outDir);
    }

    /** A resumed run keeps the first attempt's server logs: its own go to logs-resumed-N. */
    private static Path freshLogRoot(Path dir) {
        if (!Files.exists(dir.resolve("logs"))) {
            return dir.resolve("logs");
        }
        for (int n = 1; ; n++) {
            Path candidate = dir.resolve("logs-resumed-" + n);
            if (!Files.exists(candidate)) {
                return candidate;
            }
        }
    }

    private static RunConfig config(RunSettings settings, Profile profile, List<Scenario> scenarios) {
        Set<Integer> connections = new LinkedHashSet<>();
        for (Scenario s : scenarios) {
            for (LevelSpec l : profile.levelsFor(s.name())) {
                connections.add(l.connections());
            }
        }
        Map<String, String> extra = new TreeMap<>();
        extra.put("seed", Long.toString(settings.seed()));
        extra.put("verify", Boolean.toString(settings.verify()));
        extra.put("warmupMax", Durations.format(profile.steady().max()));
        extra.put("steadyTolerancePercent", Double.toString(profile.steady().tolerancePercent()));
        extra.put("settle", Durations.format(profile.settle()));
        extra.put("sliceSeconds", Double.toString(CaseMeasurer.DEFAULT_SLICE.toMillis() / 1000.0));
        extra.put("remeasure", Boolean.toString(settings.remeasure()));
        settings.targetEnv().forEach((k, v) -> extra.put("targetEnv." + k, v));
        if (!profile.description().isEmpty()) {
            extra.put("profileDescription", profile.description());
        }
        for (Scenario s : scenarios) {
            List<String> levels = new ArrayList<>();
            profile.levelsFor(s.name()).forEach(l -> levels.add("-c" + l.connections() + " -t " + l.threadsText()
                    + (l.protocol() == null ? "" : " " + l.protocol()) + (l.rate().closed() ? "" : " rate " + l.rate().id())));
            if (!profile.protocolsFor(s.name()).isEmpty()) {
                extra.put("protocols." + s.name(), String.join(", ", profile.protocolsFor(s.name()).stream().map(Object::toString).toList()));
            }
            extra.put("levels." + s.name(), String.join(", ", levels));
        }
        return new RunConfig(profile.name(), profile.duration().toMillis() / 1000.0, profile.warmup().toMillis() / 1000.0,
                profile.repeat(), new ArrayList<>(connections), 0, profile.timeout().toMillis() / 1000.0, true,
                settings.targets(), settings.scenarios(), extra);
    }
}
