package showdown.harness.plan;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import showdown.harness.targets.Protocol;
import showdown.load.Arrival;
import showdown.load.LoadException;
import showdown.load.capacity.LatencyTarget;

/**
 * How long and how hard: a profile file of {@code scenarios/profiles/}.
 *
 * @param name        the profile's name ({@code quick}, {@code seeds}, {@code full} or the user's)
 * @param description one line for the report
 * @param duration    the measured window of each case
 * @param warmup      the least unmeasured load each target gets once per start, before its cases
 *                    (zero: none at all, as the seeds ran)
 * @param steady      how the warm-up goes on past {@code warmup} until the target's throughput settles
 * @param settle      the unmeasured load on a case's own connections and request before its window
 * @param repeat      how many times the whole target sequence runs (rounds, interleaved)
 * @param timeout     the load engine's per-request timeout
 * @param levels      the load levels of every scenario that has no entry in {@code scenarios}
 * @param scenarios   per-scenario overrides of the levels and timeout
 * @param arrival     the open model's arrival process at its levels with a rate: evenly spaced, or
 *                    Poisson (seeded from the run's seed, so a run repeats its schedules)
 * @param slos        the latency targets of a capacity run ({@code slo: p99=10ms, p99=100ms}): each
 *                    closed-model level then runs one search for sustainable throughput per target
 *                    instead (docs/capacity.md, "In showdown run"); empty for ordinary closed-model cases
 */
public record Profile(String name, String description, Duration duration, Duration warmup, SteadyState steady,
                      Duration settle, int repeat, Duration timeout, List<LevelSpec> levels,
                      Map<String, ScenarioLoad> scenarios, Arrival.Process arrival, List<LatencyTarget> slos) {

    /** Whether the closed-model levels search for sustainable throughput. */
    public boolean searches() {
        return !slos.isEmpty();
    }

    /**
     * The steady-state rule of the warm-up (docs/run.md, "Steady state"): warm-up slices go on
     * until, for each kind of request, the median of its last {@link #WINDOW} slices lies within
     * {@code tolerancePercent} of the median of the {@code WINDOW} before them, or until {@code max}.
     *
     * @param max              the longest warm-up, whatever the throughput does
     * @param tolerancePercent the largest change between the two windows' medians, in per cent, that counts as settled
     */
    public record SteadyState(Duration max, double tolerancePercent) {
        /** Slices of one request that must agree. */
        public static final int WINDOW = 3;
        /** The length of one warm-up slice: short, so that two windows of them pass quickly. */
        public static final Duration SLICE = Duration.ofMillis(500);
        public static final Duration DEFAULT_MAX = Duration.ofSeconds(30);
        public static final double DEFAULT_TOLERANCE_PERCENT = 5.0;
    }

    /** Used when a profile names no settle time. */
    public static final Duration DEFAULT_SETTLE = Duration.ofMillis(500);

    /** Used when a profile names no warm-up: enough for C2 to compile the hot paths of most servers. */
    public static final Duration DEFAULT_WARMUP = Duration.ofSeconds(10);
    public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(2);
    /** The profiles shipped in {@code scenarios/profiles/}; {@code --profile} also takes a file. */
    public static final List<String> BUILT_IN = List.of("quick", "seeds", "full", "latency", "capacity");

    private static final Set<String> TOP_FIELDS = Set.of("name", "description", "duration", "warmup", "warmup-max",
            "steady-tolerance", "settle", "repeat", "timeout", "levels", "scenarios", "arrival", "slo");
    private static final Set<String> SCENARIO_FIELDS = Set.of("levels", "timeout", "protocol");
    private static final Set<String> LEVEL_FIELDS = Set.of("connections", "threads", "protocol", "rate");

    /**
     * A scenario's own levels, timeout and protocols; a null timeout means the profile's, no
     * protocols the scenario's own.
     */
    public record ScenarioLoad(List<LevelSpec> levels, Duration timeout, List<Protocol> protocols) {
        public ScenarioLoad {
            levels = List.copyOf(levels);
            protocols = protocols == null ? List.of() : List.copyOf(protocols);
        }

        public ScenarioLoad(List<LevelSpec> levels, Duration timeout) {
            this(levels, timeout, List.of());
        }
    }

    public Profile {
        levels = List.copyOf(levels);
        scenarios = Map.copyOf(scenarios);
        slos = slos == null ? List.of() : List.copyOf(slos);
    }

    /** The levels a scenario runs at. */
    public List<LevelSpec> levelsFor(String scenario) {
        ScenarioLoad s = scenarios.get(scenario);
        return s == null ? levels : s.levels();
    }

    /** The protocols the profile sets for a scenario's requests; empty: the scenario's own. */
    public List<Protocol> protocolsFor(String scenario) {
        ScenarioLoad s = scenarios.get(scenario);
        return s == null ? List.of() : s.protocols();
    }

    public Duration timeoutFor(String scenario) {
        ScenarioLoad s = scenarios.get(scenario);
        return s == null || s.timeout() == null ? timeout : s.timeout();
    }

    /**
     * Finds a profile by built-in name (in {@code profilesDir}) or as a file path. An unknown name
     * that is not a file is a one-line error listing the built-in names.
     */
    public static Profile resolve(String nameOrFile, Path profilesDir) {
        return load(locate(nameOrFile, profilesDir));
    }

    /** The file {@link #resolve} reads. */
    public static Path locate(String nameOrFile, Path profilesDir) {
        Path builtIn = profilesDir.resolve(nameOrFile + ".yaml");
        if (!nameOrFile.contains("/") && !nameOrFile.endsWith(".yaml") && Files.isRegularFile(builtIn)) {
            return builtIn;
        }
        Path file = Path.of(nameOrFile);
        if (!Files.isRegularFile(file)) {
            throw new PlanException("unknown profile '" + nameOrFile + "': give one of " + String.join(", ", BUILT_IN)
                    + " or a profile file");
        }
        return file;
    }

    public static Profile load(Path file) {
        JsonNode root = YamlFields.read(file);
        YamlFields f = new YamlFields(file.toString());
        f.onlyKnownKeys(root, "the profile", TOP_FIELDS);
        String name = f.text(root, "name", fileStem(file));
        String description = f.text(root, "description", "");
        Duration duration = positive(f, "duration", f.duration(root, "duration", null));
        Duration warmup = f.duration(root, "warmup", DEFAULT_WARMUP);
        Duration warmupMax = f.duration(root, "warmup-max", SteadyState.DEFAULT_MAX);
        if (warmupMax.compareTo(warmup) < 0) {
            throw f.error("warmup-max", "must be at least the warm-up (" + Durations.format(warmup) + ")");
        }
        double tolerance = f.percent(root, "steady-tolerance", SteadyState.DEFAULT_TOLERANCE_PERCENT);
        Duration settle = f.duration(root, "settle", DEFAULT_SETTLE);
        int repeat = f.positiveInt(root, "repeat", 1);
        Duration timeout = positive(f, "timeout", f.duration(root, "timeout", DEFAULT_TIMEOUT));
        List<LevelSpec> levels = levels(f, root.get("levels"), "levels");
        if (levels.isEmpty()) {
            throw f.error("levels", "must list at least one load level");
        }
        Map<String, ScenarioLoad> scenarios = new LinkedHashMap<>();
        JsonNode s = root.get("scenarios");
        if (s != null && !s.isNull()) {
            if (!s.isObject()) {
                throw f.error("scenarios", "must map scenario names to their levels");
            }
            s.fields().forEachRemaining(e -> {
                JsonNode v = e.getValue();
                if (!v.isObject()) {
                    throw f.error("scenarios." + e.getKey(), "must be a mapping with levels and/or timeout");
                }
                f.onlyKnownKeys(v, "scenarios." + e.getKey(), SCENARIO_FIELDS);
                List<LevelSpec> own = v.has("levels") ? levels(f, v.get("levels"), "scenarios." + e.getKey() + ".levels") : levels;
                if (own.isEmpty()) {
                    throw f.error("scenarios." + e.getKey() + ".levels", "must list at least one load level");
                }
                Duration t = v.has("timeout") ? positive(f, "timeout", f.duration(v, "timeout", null)) : null;
                scenarios.put(e.getKey(), new ScenarioLoad(own, t, Protocols.parse(f, v, "scenarios." + e.getKey(), true)));
            });
        }
        Arrival.Process arrival = arrival(f, f.text(root, "arrival", "uniform"));
        return new Profile(name, description, duration, warmup, new SteadyState(warmupMax, tolerance), settle, repeat,
                timeout, levels, scenarios, arrival, slo(f, f.text(root, "slo", "")));
    }

    private static List<LatencyTarget> slo(YamlFields f, String text) {
        if (text.isEmpty()) {
            return List.of();
        }
        try {
            return LatencyTarget.parseAll(text);
        } catch (LoadException e) {
            throw f.error("slo", e.getMessage().replaceFirst("^--slo:? ?", ""));
        }
    }

    /** A copy whose closed-model levels run one search per target of {@code targets} ({@code run --slo}). */
    public Profile withSlos(List<LatencyTarget> targets) {
        return new Profile(name, description, duration, warmup, steady, settle, repeat, timeout, levels, scenarios,
                arrival, targets);
    }

    private static Arrival.Process arrival(YamlFields f, String name) {
        try {
            return Arrival.parse(name, 0).process();
        } catch (LoadException e) {
            throw f.error("arrival", "is uniform or poisson, not '" + name + "'");
        }
    }

    private static List<LevelSpec> levels(YamlFields f, JsonNode list, String where) {
        List<LevelSpec> out = new ArrayList<>();
        if (list == null || list.isNull()) {
            return out;
        }
        if (!list.isArray()) {
            throw f.error(where, "must be a list of {connections: C, threads: T}");
        }
        for (JsonNode l : list) {
            if (!l.isObject()) {
                throw f.error(where, "must be a list of {connections: C, threads: T}");
            }
            f.onlyKnownKeys(l, where, LEVEL_FIELDS);
            int c = f.positiveInt(l, "connections", -1);
            List<Protocol> protocol = Protocols.parse(f, l, where, false);
            out.add(LevelSpec.parse(c, f.text(l, "threads", "auto"), f.where(where))
                    .with(protocol.isEmpty() ? null : protocol.get(0), Rate.parse(f, l, where)));
        }
        if (!out.isEmpty() && out.get(0).rate().relative()) {
            throw f.error(where, "a level at a share of capacity (rate: N%) needs a closed-model level before it, whose"
                    + " throughput is the capacity");
        }
        return out;
    }

    private static Duration positive(YamlFields f, String field, Duration d) {
        if (d.isZero() || d.isNegative()) {
            throw f.error(field, "must be longer than zero");
        }
        return d;
    }

    private static String fileStem(Path file) {
        String n = file.getFileName().toString();
        return n.endsWith(".yaml") ? n.substring(0, n.length() - 5) : n;
    }

    /** A copy with the command line's overrides applied; empty values keep the profile's. */
    public Profile with(Optional<Duration> duration, Optional<Duration> warmup, Optional<Integer> repeat,
                        List<Integer> connections) {
        List<LevelSpec> newLevels = levels;
        Map<String, ScenarioLoad> newScenarios = scenarios;
        if (!connections.isEmpty()) {
            // The command line's levels replace every scenario's; per-scenario timeouts stay.
            newLevels = connections.stream().map(LevelSpec::auto).toList();
            Map<String, ScenarioLoad> m = new LinkedHashMap<>();
            for (Map.Entry<String, ScenarioLoad> e : scenarios.entrySet()) {
                m.put(e.getKey(), new ScenarioLoad(newLevels, e.getValue().timeout(), e.getValue().protocols()));
            }
            newScenarios = m;
        }
        Duration newWarmup = warmup.orElse(this.warmup);
        SteadyState newSteady = newWarmup.compareTo(steady.max()) > 0 ? new SteadyState(newWarmup, steady.tolerancePercent())
                : steady;
        return new Profile(name, description, duration.orElse(this.duration), newWarmup, newSteady, settle,
                repeat.orElse(this.repeat), timeout, newLevels, newScenarios, arrival, slos);
    }
}
