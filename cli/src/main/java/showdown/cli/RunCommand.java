package showdown.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.time.Duration;
import showdown.deploy.kube.NodeSelectors;
import showdown.hosts.Clock;
import showdown.hosts.control.AgentLauncher;
import showdown.hosts.control.ClockOffset;
import showdown.hosts.control.HostsRun;
import showdown.hosts.control.HostsSettings;
import showdown.hosts.control.Inventory;
import showdown.hosts.tls.RunCertificates;
import showdown.load.LoadException;
import showdown.load.Units;
import showdown.harness.plan.PlanException;
import showdown.harness.plan.PublishedSeeds;
import showdown.harness.results.ResultsException;
import showdown.harness.results.ResultsJson;
import showdown.harness.run.ContractVerifier;
import showdown.harness.run.RunListener;
import showdown.harness.run.RunSettings;
import showdown.load.capacity.LatencyTarget;
import showdown.harness.run.Suite;
import showdown.harness.run.SuiteRunner;
import showdown.harness.targets.ShowdownHome;
import showdown.harness.targets.TargetException;
import showdown.report.Reports;

/**
 * {@code showdown run}: the whole suite, or a slice of it, into a results folder, then the reports.
 * The work is in {@link Suite}; this class only turns flags into {@link RunSettings}.
 */
final class RunCommand extends Command {

    /**
     * Tests set this to watch (or interrupt) a run started through {@link Main#execute}; the command
     * line never does. Package-private on purpose.
     */
    static volatile RunListener listenerForTests = RunListener.NONE;

    private final List<String> targets = new ArrayList<>();
    private final List<String> scenarios = new ArrayList<>();
    private String profile = "quick";
    private String duration;
    private String warmup;
    private final List<Integer> connections = new ArrayList<>();
    private Integer repeat;
    private final List<String> cpus = new ArrayList<>();
    private Path out;
    private Path resume;
    private boolean noVerify;
    private Long seed;
    private final TargetEnv targetEnv = new TargetEnv();
    private boolean remeasure;
    private String slo;
    private Path hosts;
    private Path certs;
    private Duration maxClockOffset = ClockOffset.DEFAULT_MAX;
    private final KubeLauncher.Flags kube = new KubeLauncher.Flags();

    RunCommand() {
        super("run", "Runs the benchmark suite and writes the reports.",
                "Each target: build if needed, start pinned to the server CPUs, verify, warm up, measure every case, stop.",
                "Every finished case is saved at once in DIR/results.json; --resume DIR finishes an interrupted run.");
    }

    @Override
    List<String> exitCodes() {
        return List.of("0:every target that could run was measured", "1:a target failed (build, start, verification or load)",
                "2:bad input (flag, profile, scenario or target name)");
    }

    @Override
    void declare(Options o) {
        o.value("--target", "NAME", "A target to run (repeatable; default: every target but the calibration"
                        + " target, which runs only when named).", targets::add)
                .value("--scenario", "NAME", "A scenario to run: spock-scotty, mist, phoenix-showdown, techempower,"
                        + " or secure (the seed routes over TLS and QUIC, only when named) (repeatable; default: all but secure).",
                        scenarios::add)
                .value("--profile", "quick|seeds|full|latency|capacity|FILE", "How long and how hard (default: " + profile + ").", v -> profile = v)
                .value("--duration", "D", "The measured window of each case, e.g. 5s (default: the profile's).", v -> duration = v)
                .value("--warmup", "D", "The least warm-up per target start, e.g. 10s; it goes on until the target is"
                        + " steady (a JVM: its JIT compilers quiet; others: the throughput settled), up to the profile's"
                        + " warmup-max, raised to D if lower; 0s for none (default: the profile's).", v -> warmup = v)
                .value("--connections", "C", "Load levels for every scenario, e.g. 1,2,4,8 (threads: one per load CPU;"
                        + " default: the profile's).",
                        v -> Options.items(v).forEach(c -> connections.add(Options.toInt("--connections", c))))
                .value("--repeat", "N", "Rounds over all targets, interleaved (default: the profile's).",
                        v -> repeat = Options.toInt("--repeat", v))
                .values("--cpus", "SET", 2, "CPU split: server=LIST load=LIST, e.g. --cpus server=0 load=1, or off for"
                        + " no pinning (default: first half server, second half load).", cpus::add)
                .value("--out", "DIR", "The results folder (default: results/<UTC timestamp> under SHOWDOWN_HOME).",
                        v -> out = Options.toPath("--out", v))
                .value("--resume", "DIR", "Finish the interrupted run in DIR with its own settings: recorded cases are"
                        + " kept and skipped.", v -> resume = Options.toPath("--resume", v))
                .value(TargetEnv.OPTION, TargetEnv.VALUE_LABEL, "Extra environment for every target started, e.g."
                        + " SPIN_MICROS=20 or JDK_JAVA_OPTIONS=-Xmx1g (repeatable).", targetEnv::add)
                .value("--slo", "Q=T[,Q=T]", "The latency targets of the capacity profile's searches for sustainable"
                        + " throughput, one search each, e.g. p99=50ms (default: the profile's, p99=10ms,p99=100ms);"
                        + " with another profile, each closed-model case becomes such searches.", v -> {
                            LatencyTarget.parseAll(v); // a bad target is refused before anything starts
                            slo = v;
                        })
                .flag("--remeasure", "Measure the cases marked disturbed once more at the end of the run.",
                        () -> remeasure = true)
                .flag("--no-verify", "Measure without checking each target against the contract first.", () -> noVerify = true)
                .value("--hosts", "FILE", "Run on other hosts: the inventory of the server's host and the load hosts"
                        + " (docs/hosts.md).", v -> hosts = Options.toPath("--hosts", v))
                .value("--certs", "DIR", "With --hosts: the run's certificates ('showdown certs'), those the agents"
                        + " were started with.", v -> certs = Options.toPath("--certs", v))
                .value("--max-clock-offset", "D", "With --hosts: refuse an agent whose clock is further off the"
                        + " controller's (default: 1ms).", v -> maxClockOffset = clockBound(v))
                .flag("--kubernetes", "Run on Kubernetes: the server agent in a pod, the load agents in an Indexed"
                        + " Job, deleted when the run ends (docs/hosts-deploy.md).", () -> kube.enabled = true)
                .value("--image", "IMAGE", "With --kubernetes: the agent image (required).", v -> kube.image = v)
                .value("--namespace", "NS", "With --kubernetes: the namespace (default: default).", v -> kube.namespace = v)
                .value("--load-agents", "N", "With --kubernetes: how many load agents (default: 1).",
                        v -> kube.loadAgents = Options.toInt("--load-agents", v))
                .value("--server-node-selector", "K=V,..", "With --kubernetes: node labels for the server agent.",
                        v -> kube.serverNodes = NodeSelectors.parse(v))
                .value("--load-node-selector", "K=V,..", "With --kubernetes: node labels for the load agents.",
                        v -> kube.loadNodes = NodeSelectors.parse(v))
                .value("--image-pull-policy", "POLICY", "With --kubernetes: Always, IfNotPresent (default) or Never.",
                        v -> kube.pullPolicy = v)
                .value("--ready-timeout", "D", "With --kubernetes: how long to wait for every agent to be ready"
                        + " (default: 3m).", v -> kube.readyTimeout = positiveDuration("--ready-timeout", v))
                .hiddenValue("--seed", "N", v -> seed = Options.toLong("--seed", v)); // drawn ids and bodies
        kube.resources.declare(o, "With --kubernetes: ");
    }

    @Override
    int call(List<String> args) {
        Path home = ShowdownHome.resolve();
        PublishedSeeds published = ReportCommand.published(); // read first: a bad file must not wait for the run
        Suite.Outcome outcome;
        if ((certs != null || maxClockOffset != ClockOffset.DEFAULT_MAX) && hosts == null && !kube.enabled) {
            throw new UsageException("--certs and --max-clock-offset go with --hosts or --kubernetes");
        }
        kube.check(hosts != null);
        try {
            if (resume != null) {
                refuseOptionsWithResume();
                Path dir = resume.toAbsolutePath().normalize();
                Optional<String> finishedAt = finishedAt(dir);
                if (finishedAt.isPresent()) { // before any agent is dialled: they may be long gone
                    System.err.println("showdown run: --resume " + dir + ": this run finished at " + finishedAt.get()
                            + "; nothing is left to measure");
                    return 0;
                }
                Optional<HostsSettings> multiHost = HostsSettings.read(dir);
                KubeLauncher.refuseResume(dir);
                if (multiHost.isEmpty()) {
                    outcome = Suite.resume(home, dir, System.err, hooks());
                } else {
                    HostsSettings h = multiHost.get();
                    try (HostsRun placed = openHosts(dir.resolve(HostsSettings.INVENTORY_COPY), h)) {
                        outcome = Suite.resume(home, dir, System.err, hooks().placedOn(placed.targets(), placed.load()));
                        placed.finished();
                    }
                }
            } else {
                RunSettings settings = new RunSettings(targets, scenarios, profile, duration, warmup, repeat, connections,
                        cpus, !noVerify, seed != null ? seed : new SecureRandom().nextLong(), targetEnv.asMap(), remeasure, slo);
                if (kube.enabled) {
                    outcome = startOnKubernetes(home, settings, commandLine(this, args));
                } else if (hosts == null) {
                    outcome = start(home, settings, out, commandLine(this, args));
                } else {
                    outcome = startOnHosts(home, settings, commandLine(this, args));
                }
            }
        } catch (PlanException | TargetException | ResultsException e) {
            throw new UserException(e.getMessage());
        }
        return finish(this, outcome, published, null, remeasure);
    }

    /** When the run in {@code dir} finished, if it did; an unreadable or missing journal is left to the resume to report. */
    private static Optional<String> finishedAt(Path dir) {
        Path journal = ResultsJson.fileIn(dir);
        if (!Files.isRegularFile(journal)) {
            return Optional.empty();
        }
        try {
            return Optional.ofNullable(ResultsJson.read(journal).finishedAt());
        } catch (ResultsException e) {
            return Optional.empty();
        }
    }

    /** A new run whose targets run on the inventory's server host and whose load comes from its load hosts. */
    private Suite.Outcome startOnHosts(Path home, RunSettings settings, List<String> commandLine) {
        Inventory inventory = Inventory.read(hosts); // a bad inventory is one line before anything is written
        Path dir = (out != null ? out : Suite.defaultOutDir(home)).toAbsolutePath().normalize();
        HostsSettings h = hostsSettings(certs != null ? certs : runCertificates(inventory, dir));
        return startPlaced(home, settings, commandLine, dir, hosts, h, openHosts(hosts, h));
    }

    /**
     * A new run on agents deployed on Kubernetes for it, through the same launcher seam as {@code ssh://}
     * hosts: the inventory's hosts are {@code kube}, and the pods are deleted when the run ends, however
     * it ends.
     */
    private Suite.Outcome startOnKubernetes(Path home, RunSettings settings, List<String> commandLine) {
        Path dir = (out != null ? out : Suite.defaultOutDir(home)).toAbsolutePath().normalize();
        HostsSettings h = hostsSettings(certs != null ? certs : madeCertificates(dir));
        KubeLauncher launcher = KubeLauncher.of(kube, HostsRun.defaultHeartbeatTimeout());
        HostsRun placed = open(launcher.inventory(), h, launcher);
        Path inventory;
        try {
            inventory = launcher.writeInventory(dir);
        } catch (RuntimeException e) {
            placed.close();
            throw e;
        }
        return startPlaced(home, settings, commandLine, dir, inventory, h, placed);
    }

    private HostsSettings hostsSettings(Path certDir) {
        return new HostsSettings(certDir.toAbsolutePath().normalize().toString(), maxClockOffset.toNanos() / 1000);
    }

    private static Suite.Outcome startPlaced(Path home, RunSettings settings, List<String> commandLine, Path dir,
                                             Path inventory, HostsSettings h, HostsRun placed) {
        try (placed) {
            h.write(dir, inventory);
            Suite.Outcome outcome = Suite.start(home, settings, dir, commandLine, System.err,
                    hooks().placedOn(placed.targets(), placed.load()));
            placed.finished();
            return outcome;
        }
    }

    /**
     * Without --certs: agents already running were started with certificates of their own, so the
     * run needs those; agents a deployer starts get a CA made for this run, in its folder.
     */
    private static Path runCertificates(Inventory inventory, Path dir) {
        boolean allRunning = inventory.server().running() && inventory.load().stream().allMatch(Inventory.Host::running);
        if (allRunning) {
            throw new UsageException("--hosts with agent:// hosts needs --certs DIR: the certificates the agents were"
                    + " started with ('showdown certs --out DIR')");
        }
        return madeCertificates(dir);
    }

    /** A CA made for the run, in its results folder, for the agents a deployer starts. */
    private static Path madeCertificates(Path dir) {
        Path made = dir.resolve("certs");
        if (!RunCertificates.present(made)) {
            RunCertificates.create(made, List.of());
        }
        return made;
    }

    /**
     * Dials the inventory's agents, starting its {@code ssh://} hosts first; closing it stops what was
     * started (the SSH client last, after every agent it started).
     */
    private static HostsRun openHosts(Path inventoryFile, HostsSettings h) {
        Inventory inventory = Inventory.read(inventoryFile);
        return open(inventory, h, new SshLauncher(inventory.ssh()));
    }

    /**
     * Places the run on {@code inventory}: the hosts that are not {@code agent://} started through
     * {@code launcher}, closed after every agent it started (or at once when the run cannot be placed).
     */
    private static <L extends AgentLauncher & AutoCloseable> HostsRun open(Inventory inventory, HostsSettings h,
                                                                          L launcher) {
        try {
            HostsRun run = HostsRun.open(inventory, h.certsDir(), h.maxClockOffset(), HostsRun.defaultHeartbeatTimeout(),
                    List.of(launcher), Clock.system());
            run.unpinnedNotice().ifPresent(System.err::println);
            return run.alsoClosing(launcher);
        } catch (RuntimeException e) {
            try {
                launcher.close();
            } catch (Exception closing) {
                e.addSuppressed(closing);
            }
            throw e;
        }
    }

    private static Duration positiveDuration(String flag, String v) {
        try {
            Duration d = Units.parseDuration(v);
            if (d.isNegative() || d.isZero()) {
                throw new UsageException(flag + " must be above 0");
            }
            return d;
        } catch (LoadException e) {
            throw new UsageException(flag + ": " + e.getMessage());
        }
    }

    private static Duration clockBound(String v) {
        try {
            Duration d = Units.parseDuration(v);
            if (d.isNegative()) {
                throw new UsageException("--max-clock-offset must not be negative");
            }
            return d;
        } catch (LoadException e) {
            throw new UsageException("--max-clock-offset: " + e.getMessage());
        }
    }

    /** What the results record as the command line: {@code showdown NAME ARGS...}. */
    static List<String> commandLine(Command command, List<String> args) {
        List<String> commandLine = new ArrayList<>();
        commandLine.add("showdown");
        commandLine.add(command.name());
        commandLine.addAll(args);
        return commandLine;
    }

    /** Starts a new run into {@code out} (null: the default folder); shared with reproduce. */
    static Suite.Outcome start(Path home, RunSettings settings, Path out, List<String> commandLine) {
        Path dir = (out != null ? out : Suite.defaultOutDir(home)).toAbsolutePath().normalize();
        return Suite.start(home, settings, dir, commandLine, System.err, hooks());
    }

    private static Suite.Hooks hooks() {
        return Suite.Hooks.defaults(new ContractVerifier()).withListener(listenerForTests);
    }

    /**
     * Writes the reports of a finished run, prints its summary and the reports' paths, and returns the
     * exit code; shared with reproduce.
     *
     * @param reference the target the reproduction sections normalise to, or null for each seed's default
     */
    static int finish(Command command, Suite.Outcome outcome, PublishedSeeds published, String reference,
                      boolean remeasure) {
        String name = "showdown " + command.name();
        // The reports are made from the journal alone, so 'showdown report DIR' can always redo them.
        List<Path> reports = Reports.write(outcome.results(), outcome.outDir(), published, reference);
        SuiteRunner.Summary s = outcome.summary();
        System.err.printf("%s: %d cases measured%s; targets: %d ok, %d failed, %d unavailable%n", name,
                s.casesMeasured(), s.casesAlreadyRecorded() > 0 ? " (" + s.casesAlreadyRecorded() + " already recorded)" : "",
                s.targetsOk(), s.targetsFailed(), s.targetsUnavailable());
        if (s.casesDisturbed() > 0 || s.casesRemeasured() > 0) {
            System.err.printf("%s: %d cases disturbed by other processes on the measured CPUs%s%n", name,
                    s.casesDisturbed(), s.casesRemeasured() > 0 ? " after " + s.casesRemeasured() + " remeasured"
                            : remeasure ? "" : " (interference in results.json; --remeasure runs them again)");
        }
        if (s.casesGeneratorSaturated() > 0) {
            System.err.printf("%s: WARNING: in %d cases the load generator, not the server, was the limit"
                    + " (generator.saturated in results.json); give the load more CPUs with --cpus%n", name,
                    s.casesGeneratorSaturated());
        }
        for (Path r : reports) {
            System.out.println(r);
        }
        return s.targetsFailed() > 0 ? 1 : 0;
    }

    private void refuseOptionsWithResume() {
        boolean other = !targets.isEmpty() || !scenarios.isEmpty() || !profile.equals("quick") || duration != null
                || warmup != null || !connections.isEmpty() || repeat != null || !cpus.isEmpty() || out != null
                || noVerify || seed != null || !targetEnv.isEmpty() || remeasure || slo != null || hosts != null
                || certs != null || kube.enabled;
        if (other) {
            throw new UserException("--resume takes no other run options: the run keeps the settings it started with");
        }
    }
}
