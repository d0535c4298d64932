package showdown.harness.run;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Collectors;
import showdown.harness.measure.Anomalies;
import showdown.harness.measure.CaseMeasurer;
import showdown.harness.plan.Durations;
import showdown.harness.plan.PlannedCase;
import showdown.harness.plan.Profile;
import showdown.harness.plan.RunPlan;
import showdown.harness.plan.TargetRound;
import showdown.harness.results.CaseHosts;
import showdown.harness.results.CaseIdentity;
import showdown.harness.results.CaseNote;
import showdown.harness.results.CaseResult;
import showdown.harness.results.GeneratorMetrics;
import showdown.harness.results.NotOfferedCase;
import showdown.harness.results.ResultsJournal;
import showdown.harness.results.ServerMetrics;
import showdown.harness.results.TargetOutcome;
import showdown.harness.results.WarmupOutcome;
import showdown.harness.stats.Bootstrap;
import showdown.harness.stats.SampleStatistics;
import showdown.harness.stats.SustainableRounds;
import showdown.harness.targets.Availability;
import showdown.harness.targets.CompilerTime;
import showdown.harness.targets.JitActivity;
import showdown.harness.targets.Protocol;
import showdown.harness.targets.SelfSignedCertificate;
import showdown.harness.targets.ServedTarget;
import showdown.harness.targets.StartOptions;
import showdown.harness.targets.TargetCatalog;
import showdown.harness.targets.TargetException;
import showdown.harness.targets.TargetManifest;
import showdown.harness.targets.TargetUnavailableException;
import showdown.harness.targets.UnavailableProtocols;
import showdown.load.LoadException;
import showdown.load.LoadResult;
import showdown.load.LoadSpec;
import showdown.load.ProgressListener;

/**
 * Runs a plan: for each target round, availability → build → start (pinned to the server CPUs) →
 * ready → verify → warm up → the measured cases → stop. Every finished case goes to the journal at
 * once, so an interruption loses at most the case in flight, and cases already in the journal are
 * skipped (that is {@code --resume}).
 *
 * <p>A target that cannot run (unavailable here, build or start failure, failed verification, or
 * a server that stops answering) is recorded with its reason and left out of later rounds; the
 * run goes on with the others. A protocol its build could not provide ({@link UnavailableProtocols})
 * is unavailable here: its cases are recorded as not run with the build's line, and the target is
 * measured over the others.
 */
public final class SuiteRunner {

    /** The outcome of a whole run, for the command's summary and exit code. */
    public record Summary(int casesMeasured, int casesAlreadyRecorded, int targetsOk, int targetsFailed,
                          int targetsUnavailable, int casesGeneratorSaturated, int casesDisturbed, int casesRemeasured) {
    }

    /** Everything a run needs besides the plan. */
    public record Context(Path showdownHome, Path outDir, Path logRoot, TargetCatalog catalog, CpuSplit cpus,
                          Profile profile, StartSettings start, long seed, ResultsJournal journal,
                          TargetHost targets, LoadSource load, TargetVerifier verifier,
                          ProgressReporter progress, Eta eta, RunListener listener) {

        Duration warmup() {
            return profile.warmup();
        }
    }

    /**
     * How targets are started and what happens to disturbed cases.
     *
     * @param readyTimeout how long a target may take to answer its ready path
     * @param env          extra environment for every target ({@code --target-env})
     * @param remeasure    measure the disturbed cases again at the end of the run ({@code --remeasure})
     * @param tls          the run's certificate for targets that serve TLS; null when none of them does
     */
    public record StartSettings(Duration readyTimeout, Map<String, String> env, boolean remeasure,
                                SelfSignedCertificate tls) {
        public StartSettings {
            env = Map.copyOf(env);
        }
    }

    /**
     * Set as soon as the JVM starts shutting down (Ctrl-C, SIGTERM). The shutdown hook of
     * RunningTarget stops the servers at the same moment, so a case in flight then measures a
     * dying server: it must not reach the journal, or --resume would take it as done.
     */
    private static final AtomicBoolean SHUTTING_DOWN = new AtomicBoolean();

    static {
        Runtime.getRuntime().addShutdownHook(new Thread(() -> SHUTTING_DOWN.set(true), "showdown-run-shutdown"));
    }

    private final Context ctx;
    private final RunPlan plan;
    /** Targets out of the run (unavailable or failed), by name, with the reason. */
    private final Map<String, String> outOfRun = new HashMap<>();
    private final Set<String> built = new HashSet<>();
    private final Set<String> verified = new HashSet<>();
    private int measured;
    private int alreadyRecorded;
    private int saturated;
    private int remeasured;
    /** Each round's warm-up state. */
    private final Map<RoundKey, Anomalies.WarmState> warmStates = new HashMap<>();

    /** A target's round: the target, and which repetition of its cases. */
    private record RoundKey(String target, int repetition) {
        static RoundKey of(TargetRound round) {
            return new RoundKey(round.target(), round.repetition());
        }

        static RoundKey of(PlannedCase c) {
            return new RoundKey(c.target(), c.repetition());
        }
    }

    /** How one case ended: measured and recorded, left out (the round goes on), or the round is over. */
    private enum CaseEnd { MEASURED, NOT_RUN, ROUND_OVER }

    /** A round's measured cases: how many, and whether the round ran to its end (false: its target was lost). */
    private record RoundCases(int measured, boolean complete) {
    }

    public SuiteRunner(Context ctx, RunPlan plan) {
        this.ctx = ctx;
        this.plan = plan;
    }

    public Summary run() {
        for (RunPlan.Skipped s : plan.skipped()) {
            TargetManifest m = ctx.catalog().require(s.target());
            ctx.journal().recordTarget(outcome(m, TargetOutcome.Status.SKIPPED, s.reason(), null, null));
        }
        ctx.journal().recordNotOffered(plan.notOffered().stream()
                .map(n -> new NotOfferedCase(n.target(), n.scenario(), n.label(), n.protocol().id(), n.rate().id(), n.connections()))
                .toList());
        int total = plan.totalCases();
        ctx.eta().start(plannedLoad(plan.rounds()), plan.rounds().size());
        for (TargetRound round : plan.rounds()) {
            List<PlannedCase> todo = round.cases().stream().filter(c -> !ctx.journal().hasCase(identity(c))).toList();
            alreadyRecorded += round.cases().size() - todo.size();
            ctx.eta().roundStarted();
            if (todo.isEmpty() || outOfRun.containsKey(round.target())) {
                ctx.eta().dropLoad(plannedLoad(List.of(round)));
                continue;
            }
            measured += runRound(round.withCases(todo), total);
        }
        if (ctx.start().remeasure()) {
            remeasureDisturbed(total);
        }
        ctx.journal().finish(SustainableRounds.summarize(ctx.journal().snapshot().cases()));
        int ok = 0;
        int failed = 0;
        int unavailable = 0;
        for (TargetOutcome t : ctx.journal().snapshot().targets()) {
            switch (t.status()) {
                case OK -> ok++;
                case FAILED -> failed++;
                case UNAVAILABLE -> unavailable++;
                default -> { }
            }
        }
        int disturbed = (int) ctx.journal().snapshot().cases().stream().filter(CaseResult::disturbed).count();
        return new Summary(measured, alreadyRecorded, ok, failed, unavailable, saturated, disturbed, remeasured);
    }

    /**
     * {@code --remeasure}: every case the run marked disturbed, once more, each target started
     * afresh and warmed as before; the new measurement replaces the old one in the journal,
     * whether or not it is disturbed again.
     */
    private void remeasureDisturbed(int total) {
        Map<RoundKey, List<PlannedCase>> byRound = new LinkedHashMap<>();
        Map<RoundKey, TargetRound> rounds = new HashMap<>();
        Set<CaseIdentity> disturbed = new HashSet<>();
        ctx.journal().snapshot().cases().stream().filter(CaseResult::disturbed).forEach(c -> disturbed.add(c.identity()));
        if (disturbed.isEmpty()) {
            return;
        }
        ctx.progress().say("remeasuring " + disturbed.size() + " disturbed case" + (disturbed.size() == 1 ? "" : "s"));
        for (TargetRound round : plan.rounds()) {
            for (PlannedCase c : round.cases()) {
                if (disturbed.contains(identity(c)) && !outOfRun.containsKey(round.target())) {
                    byRound.computeIfAbsent(RoundKey.of(round), k -> new ArrayList<>()).add(c);
                    rounds.put(RoundKey.of(round), round);
                }
            }
        }
        for (Map.Entry<RoundKey, List<PlannedCase>> e : byRound.entrySet()) {
            remeasured += runRound(rounds.get(e.getKey()).withCases(e.getValue()), total);
        }
    }

    private Duration plannedLoad(List<TargetRound> rounds) {
        Duration d = Duration.ZERO;
        for (TargetRound r : rounds) {
            d = d.plus(ctx.warmup());
            for (PlannedCase c : r.cases()) {
                d = d.plus(load(c));
            }
        }
        return d;
    }

    /** Runs one round of a target; returns how many of its cases were measured (0 when it was dropped). */
    private int runRound(TargetRound round, int totalCases) {
        long roundStart = System.nanoTime();
        Duration load = plannedLoad(List.of(round));
        TargetManifest m = ctx.catalog().require(round.target());
        ProgressReporter progress = ctx.progress();
        String prefix = m.name() + (round.repetition() > 1 ? " (round " + round.repetition() + ")" : "");
        Availability availability = ctx.targets().availability(m, ctx.showdownHome());
        if (!availability.canRun()) {
            dropUnavailable(m, availability, load);
            return 0;
        }
        if (built.add(m.name())) {
            if (availability.status() == Availability.Status.NEEDS_BUILD) {
                progress.say(prefix + ": building (log: " + relative(buildLog(m)) + ")");
            }
            try {
                ctx.targets().ensureBuilt(m, ctx.showdownHome(), buildLog(m));
            } catch (TargetUnavailableException e) {
                // Its setup said it cannot work here: the run goes on without it, as with any unavailable target.
                dropUnavailable(m, e.availability(), load);
                return 0;
            } catch (TargetException e) {
                drop(m, TargetOutcome.Status.FAILED, firstLine(e.getMessage()), null);
                ctx.eta().dropLoad(load);
                return 0;
            }
        }
        progress.say(prefix + ": starting");
        Path logDir = ctx.logRoot().resolve("round-" + round.repetition());
        StartOptions options = new StartOptions(ctx.showdownHome(), 0, ctx.cpus().server(), logDir,
                ctx.start().readyTimeout(), ctx.start().env(), ctx.start().tls());
        ServedTarget target;
        try {
            target = ctx.targets().start(m, options);
        } catch (TargetUnavailableException e) { // a server agent's build said so on its host
            dropUnavailable(m, e.availability(), load);
            return 0;
        } catch (TargetException e) {
            drop(m, TargetOutcome.Status.FAILED, "did not start: " + firstLine(e.getMessage()), null);
            ctx.eta().dropLoad(load);
            return 0;
        }
        RoundCases cases;
        try (target) {
            round = withoutUnavailableProtocols(round, target.unavailableProtocols(), prefix);
            load = plannedLoad(List.of(round));
            long ttfrMs = target.timeToFirstResponse().toMillis();
            long idleRss = target.idleRssBytes();
            progress.say(String.format("%s: ready in %d ms on port %d, idle RSS %.1f MiB", prefix, ttfrMs, target.port(),
                    idleRss / 1048576.0));
            if (verified.add(m.name())) {
                Set<Protocol> protocols = round.cases().stream().map(PlannedCase::protocol)
                        .collect(Collectors.toCollection(() -> EnumSet.noneOf(Protocol.class)));
                Optional<String> failure = ctx.verifier().verify(target, round.contract(), protocols);
                if (failure.isPresent()) {
                    drop(m, TargetOutcome.Status.FAILED, "failed verification: " + failure.get(), ttfrMs);
                    ctx.eta().dropLoad(load);
                    return 0;
                }
                if (ctx.verifier() != TargetVerifier.NONE) {
                    progress.say(prefix + ": verified");
                }
            }
            recordOk(m, ttfrMs, idleRss, target.unavailableProtocols());
            if (!warmUp(target, round, prefix)) {
                ctx.eta().dropLoad(casesLoad(round.cases()));
                return 0;
            }
            cases = measureCases(target, round, totalCases);
        }
        if (cases.complete()) {
            Duration wall = Duration.ofNanos(System.nanoTime() - roundStart);
            ctx.eta().roundDone(wall.minus(load).isNegative() ? Duration.ZERO : wall.minus(load));
        }
        return cases.measured();
    }

    /** Keeps the first round's start figures: a cold start is what they describe. */
    private void recordOk(TargetManifest m, long ttfrMs, long idleRss, UnavailableProtocols unavailable) {
        TargetOutcome previous = ctx.journal().snapshot().target(m.name());
        if (previous != null && previous.status() == TargetOutcome.Status.OK && previous.timeToFirstResponseMs() != null) {
            return;
        }
        ctx.journal().recordTarget(outcome(m, TargetOutcome.Status.OK, null, ttfrMs, idleRss)
                .withUnavailableProtocols(unavailable.byId()));
    }

    /**
     * The round without the cases over protocols the target's build could not provide: those are
     * recorded as not run, with the build's line, and their load comes off the ETA.
     */
    private TargetRound withoutUnavailableProtocols(TargetRound round, UnavailableProtocols unavailable, String prefix) {
        if (unavailable.isEmpty()) {
            return round;
        }
        List<PlannedCase> kept = new ArrayList<>();
        List<PlannedCase> notRun = new ArrayList<>();
        for (PlannedCase c : round.cases()) {
            (unavailable.contains(c.protocol()) ? notRun : kept).add(c);
        }
        for (Protocol p : unavailable.protocols()) {
            long count = notRun.stream().filter(c -> c.protocol() == p).count();
            ctx.progress().say(prefix + ": " + unavailable.describe(p)
                    + (count == 0 ? "" : " (" + count + " case" + (count == 1 ? "" : "s") + " not run)"));
        }
        ctx.journal().recordNotOffered(notRun.stream()
                .map(c -> new NotOfferedCase(c.target(), c.scenario(), c.label(), c.protocol().id(), c.rate().id(),
                        c.level().connections(), unavailable.describe(c.protocol())))
                .toList());
        ctx.eta().dropLoad(casesLoad(notRun));
        return round.withCases(kept);
    }

    /** Warms the target to steady state; false when it stopped answering (the round is dropped). */
    private boolean warmUp(ServedTarget target, TargetRound round, String prefix) {
        RoundKey key = RoundKey.of(round);
        if (ctx.warmup().isZero()) {
            warmStates.put(key, Anomalies.WarmState.COLD);
            return true;
        }
        List<LoadSpecs.WarmupKind> kinds = LoadSpecs.warmupKinds(target::baseUri, round, ctx.cpus().loadCpuCount(),
                ctx.seed());
        ctx.progress().say(String.format(Locale.ROOT, "%s: warming up to steady state (%s to %s)", prefix,
                Durations.format(ctx.warmup()), Durations.format(ctx.profile().steady().max())));
        ctx.eta().loadStarted(ctx.warmup());
        WarmupOutcome outcome;
        CompilerTime compilers = target.watchCompilers();
        // only a target of this host's compilers can be moved to other CPUs
        JitActivity jit = compilers instanceof JitActivity local ? local : null;
        List<Integer> compilerCpus = jit == null ? List.of() : compilerCpusForWarmup();
        boolean spread = !compilerCpus.isEmpty() && jit.placeCompilers(compilerCpus) > 0;
        try {
            outcome = new SteadyWarmup(ctx.load().warmupEngine(), ctx.warmup(), ctx.profile().steady(),
                    compilers, SteadyWarmup.JitRule.DEFAULT)
                    .run(round.target(), round.repetition() - 1, kinds);
        } catch (LoadException e) {
            drop(target.manifest(), TargetOutcome.Status.FAILED, "stopped answering during warm-up: " + firstLine(e.getMessage()), null);
            return false;
        } finally {
            if (spread) {
                // measured cases see the target as it was started: compilers on the server's CPUs
                jit.placeCompilers(ctx.cpus().server());
            }
            ctx.eta().loadDone(ctx.warmup());
        }
        if (spread) {
            outcome = outcome.withCompilerCpus(CpuList.format(compilerCpus));
        }
        ctx.journal().recordWarmup(outcome);
        warmStates.put(key, outcome.steady() ? Anomalies.WarmState.STEADY : Anomalies.WarmState.UNSETTLED);
        ctx.progress().say(String.format(Locale.ROOT, "%s: %s after %.1f s%s", prefix,
                outcome.steady() ? "steady" : "NOT steady (time limit)", outcome.seconds(), jitSummary(outcome)));
        return true;
    }

    /**
     * Where the JIT compiler threads run during the warm-up: the server's CPUs and the generator's.
     * On its one CPU, a thread-per-request server under load leaves its compilers a tenth of it,
     * and Spring or Micronaut then compile for tens of seconds; beside the generator they get most
     * of a CPU of their own, and the code they compile is the same. Empty when nothing is pinned.
     */
    private List<Integer> compilerCpusForWarmup() {
        if (!ctx.cpus().pinned()) {
            return List.of();
        }
        TreeSet<Integer> cpus = new TreeSet<>(ctx.cpus().server());
        cpus.addAll(ctx.cpus().load());
        return List.copyOf(cpus);
    }

    /** ", JIT compiled 4.2 s of CPU, 1.3 s of pauses" for a JIT-compiled target; empty otherwise. */
    private static String jitSummary(WarmupOutcome o) {
        if (o.compileSeconds() == null) {
            return "";
        }
        return String.format(Locale.ROOT, " (JIT: %.1f s of compiler CPU%s, %.1f s of pauses for it)",
                o.compileSeconds(), o.compilerCpus() == null ? "" : " on CPUs " + o.compilerCpus(), o.catchUpSeconds());
    }

    private Duration casesLoad(List<PlannedCase> cases) {
        return cases.stream().map(this::load).reduce(Duration.ZERO, Duration::plus);
    }

    /** The load a case puts on its target at most: its window, or a search's bound on its steps. */
    private Duration load(PlannedCase c) {
        boolean search = ctx.profile().searches() && c.rate().closed();
        return search ? SustainableSearch.longest(c.duration(), ctx.profile().slos().size()) : c.duration();
    }

    /** Runs the round's cases in order, until the target stops answering (the rest are dropped). */
    private RoundCases measureCases(ServedTarget target, TargetRound round, int totalCases) {
        List<PlannedCase> cases = round.cases();
        int measuredHere = 0;
        for (int i = 0; i < cases.size(); i++) {
            switch (measureCase(target, cases, i, totalCases)) {
                case MEASURED -> measuredHere++;
                case NOT_RUN -> { }
                case ROUND_OVER -> {
                    return new RoundCases(measuredHere, false);
                }
            }
        }
        return new RoundCases(measuredHere, true);
    }

    /** Measures case {@code i} of {@code cases} and records it. */
    private CaseEnd measureCase(ServedTarget target, List<PlannedCase> cases, int i, int totalCases) {
        PlannedCase c = cases.get(i);
        if (!target.isAlive()) {
            drop(target.manifest(), TargetOutcome.Status.FAILED, "exited before case '" + c.describe() + "' (see "
                    + (target.errLog() == null ? "its log on " + target.host() : relative(target.errLog())) + ")", null);
            ctx.eta().dropLoad(casesLoad(cases.subList(i, cases.size())));
            return CaseEnd.ROUND_OVER;
        }
        double rate = c.rate().perSecond();
        if (c.rate().relative()) {
            Optional<CaseResult> capacity = ctx.journal().findCase(capacityIdentity(c));
            if (capacity.isEmpty() || capacity.get().requestsPerSecond() <= 0) {
                // Its capacity case failed or was dropped: there is no rate to take a share of.
                ctx.progress().say(c.describe() + ": not run, no capacity measured for it");
                ctx.eta().dropLoad(load(c));
                return CaseEnd.NOT_RUN;
            }
            // A share of the first latency target's sustainable throughput when the capacity was searched.
            rate = c.rate().resolve(capacity.get().searched()
                    ? capacity.get().sustainable().get(0).requestsPerSecond() : capacity.get().requestsPerSecond());
        }
        if (ctx.profile().searches() && c.rate().closed()) {
            return searchCase(target, c, totalCases);
        }
        ctx.progress().caseStarted(c, c.index(), totalCases);
        ctx.eta().loadStarted(load(c));
        CaseMeasurer.Measurement m;
        try {
            m = ctx.load().measure(LoadSpecs.forCase(target.baseUri(c.protocol()), c, ctx.profile().settle(), ctx.seed(),
                            rate, ctx.profile().arrival()), target, ctx.progress()::onProgress);
        } catch (LoadException e) {
            drop(target.manifest(), TargetOutcome.Status.FAILED, "stopped answering in case '" + c.describe() + "': "
                    + firstLine(e.getMessage()), null);
            ctx.eta().dropLoad(casesLoad(cases.subList(i + 1, cases.size())));
            return CaseEnd.ROUND_OVER;
        } finally {
            ctx.eta().loadDone(load(c));
        }
        if (SHUTTING_DOWN.get()) {
            return CaseEnd.ROUND_OVER; // see SHUTTING_DOWN: the servers are being stopped under this case
        }
        CaseResult result = toResult(c, m, rate);
        ctx.journal().recordCase(result);
        if (m.generatorSaturated()) {
            saturated++;
        }
        if (result.disturbed()) {
            ctx.progress().say(c.describe() + ": disturbed (" + result.notes().stream()
                    .filter(n -> n.kind() == CaseNote.Kind.DISTURBED)
                    .map(CaseNote::message).findFirst().orElse("") + ")");
        }
        ctx.progress().caseFinished(c, result.requestsPerSecond(), result.errors().total(), m.generatorSaturated(),
                m.hosts());
        ctx.listener().caseRecorded(c, result);
        return CaseEnd.MEASURED;
    }

    /**
     * A closed-model level of a profile with an {@code slo}: the search for sustainable throughput
     * instead of one window.
     */
    private CaseEnd searchCase(ServedTarget target, PlannedCase c, int totalCases) {
        ctx.progress().caseStarted(c, c.index(), totalCases);
        ctx.eta().loadStarted(load(c));
        CaseResult result;
        try {
            // The open model sends one request at a time on a connection: a pipelined request is searched unpipelined.
            LoadSpec spec = LoadSpecs.forCase(target.baseUri(c.protocol()), c, ctx.profile().settle(), ctx.seed(), 0,
                    ctx.profile().arrival()).toBuilder().pipelineDepth(1).build();
            // A step that other processes disturbed is measured again, as a disturbed case is with --remeasure.
            result = SustainableSearch.measure(identity(c), spec, ctx.profile().slos(), c.duration(),
                    ctx.load().searchLoad(target, ctx.cpus()), ctx.progress()::say);
        } catch (LoadException e) {
            drop(target.manifest(), TargetOutcome.Status.FAILED, "stopped answering in case '" + c.describe() + "': "
                    + firstLine(e.getMessage()), null);
            return CaseEnd.ROUND_OVER;
        } finally {
            ctx.eta().loadDone(load(c));
        }
        if (SHUTTING_DOWN.get()) {
            return CaseEnd.ROUND_OVER;
        }
        ctx.journal().recordCase(result);
        ctx.listener().caseRecorded(c, result);
        return CaseEnd.MEASURED;
    }

    private CaseResult toResult(PlannedCase c, CaseMeasurer.Measurement m, double rate) {
        LoadResult load = m.load();
        var s = m.server();
        ServerMetrics server = ServerMetrics.measured(s.cpuUserNanos() / 1e9, s.cpuSystemNanos() / 1e9,
                s.peakRssBytes(), s.averageRssBytes()).withCompileSeconds(m.compileSeconds());
        GeneratorMetrics generator = new GeneratorMetrics(load.generatorCpuNanos() / 1e9,
                load.generatorCpuMicrosPerRequest(), m.hosts() == null ? ctx.cpus().loadCpuCount() : load.generatorCpus(),
                m.generatorSaturated());
        Anomalies.WarmState warm = warmStates.getOrDefault(RoundKey.of(c), Anomalies.WarmState.COLD);
        CaseResult base = CaseResult.from(identity(c), load, server, generator);
        return CaseResult.builder().from(base)
                .samples(m.samples())
                .uncertainty(SampleStatistics.uncertainty(List.of(m.samples()), Bootstrap.standard()))
                .interference(m.interference())
                .notes(withHostNotes(Anomalies.notes(load, warm, m.compileShare(), m.generatorSaturated(), m.interference(),
                        m.hosts() == null || m.hosts().complete() ? Anomalies.Coverage.WHOLE : Anomalies.Coverage.PARTIAL),
                        m.hosts()))
                .hosts(m.hosts())
                .protocol(c.protocol().id())
                .rate(rate > 0 ? rate : null, c.rate().relative() ? c.rate().percentOfCapacity() : null)
                .build();
    }

    /** A multi-host case that lost a load agent says so, and how much of its load is missing. */
    private static List<CaseNote> withHostNotes(List<CaseNote> notes, CaseHosts hosts) {
        if (hosts == null || hosts.complete()) {
            return notes;
        }
        String lost = hosts.agents().stream().filter(CaseHosts.AgentShare::lost).map(CaseHosts.AgentShare::name)
                .collect(Collectors.joining(", "));
        List<CaseNote> all = new ArrayList<>(notes);
        all.add(new CaseNote(CaseNote.Kind.INCOMPLETE, String.format(Locale.ROOT,
                "load agent %s lost mid-case: %.0f %% of the planned load is missing from these figures", lost,
                hosts.missingShare() * 100)));
        return all;
    }

    /** How the results identify a planned case (repetitions count from 0 there). */
    public static CaseIdentity identity(PlannedCase c) {
        return new CaseIdentity(c.target(), c.scenario(), c.label(), c.level().connections(), c.repetition() - 1,
                c.protocol().id(), c.rate().id());
    }

    /** The closed-model case whose throughput a rate at a share of capacity is taken from. */
    static CaseIdentity capacityIdentity(PlannedCase c) {
        return new CaseIdentity(c.target(), c.scenario(), c.label(), c.capacity().connections(), c.repetition() - 1,
                c.protocol().id(), "");
    }

    /** A target that cannot run on this machine: recorded unavailable with why, its planned load off the ETA. */
    private void dropUnavailable(TargetManifest m, Availability why, Duration load) {
        drop(m, TargetOutcome.Status.UNAVAILABLE, why.describe(), null);
        ctx.eta().dropLoad(load);
    }

    private void drop(TargetManifest m, TargetOutcome.Status status, String reason, Long ttfrMs) {
        outOfRun.put(m.name(), reason);
        if (SHUTTING_DOWN.get()) {
            return; // the failure is the shutdown's doing, not the target's; --resume retries it anyway
        }
        ctx.journal().recordTarget(outcome(m, status, reason, ttfrMs, null));
        // An unavailable target's reason says so itself ("unavailable here: ...", "needs setup: ...").
        ctx.progress().say(m.name() + ": " + (status == TargetOutcome.Status.UNAVAILABLE ? ""
                : status.name().toLowerCase(Locale.ROOT) + ": ") + reason);
    }

    private static TargetOutcome outcome(TargetManifest m, TargetOutcome.Status status, String reason, Long ttfrMs,
                                         Long idleRss) {
        return new TargetOutcome(m.name(), m.display(), m.language(), m.framework(), m.version(), m.category(), status,
                reason, ttfrMs, idleRss);
    }

    private Path buildLog(TargetManifest m) {
        return ctx.logRoot().resolve(m.name() + ".build.log");
    }

    private String relative(Path p) {
        Path out = ctx.outDir().toAbsolutePath().normalize();
        Path abs = p.toAbsolutePath().normalize();
        return abs.startsWith(out) ? out.relativize(abs).toString() : abs.toString();
    }

    static String firstLine(String s) {
        if (s == null) {
            return "unknown error";
        }
        int nl = s.indexOf('\n');
        return nl < 0 ? s : s.substring(0, nl);
    }
}
