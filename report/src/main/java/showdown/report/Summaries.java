package showdown.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import showdown.harness.results.CaseResult;
import showdown.harness.results.RunResults;
import showdown.harness.results.TargetOutcome;
import showdown.harness.stats.RoundSpreads;

/**
 * A run's cases grouped by {@link CaseKey}, with the orders the tables use: targets in run order,
 * scenarios and requests in the order first measured, connection levels ascending.
 */
public final class Summaries {

    /** The seeds' scenarios, in the order the reports present them; others follow in run order. */
    public static final List<String> KNOWN_SCENARIOS = List.of(
            Scenarios.SPOCK_SCOTTY, Scenarios.MIST, Scenarios.PHOENIX_SHOWDOWN, Scenarios.TECHEMPOWER);

    /** What a table cell says for a case the target does not offer (its protocol is not declared). */
    public static final String NOT_OFFERED = "not offered";

    private final RunResults run;
    private final Map<CaseKey, Summary> byKey = new LinkedHashMap<>();
    /** Cases not run because the target does not declare their protocol: rows and columns as measured ones. */
    private final Set<CaseKey> notOffered = new LinkedHashSet<>();

    public Summaries(RunResults run) {
        this.run = run;
        Map<CaseKey, List<CaseResult>> grouped = byKey(run);
        Map<String, RoundSpreads> spreads = RoundSpreads.byTarget(grouped.values());
        grouped.forEach((k, reps) -> byKey.put(k, new Summary(k, reps, spreads.get(k.target()))));
        run.notOffered().forEach(n -> notOffered.add(CaseKey.of(n)));
    }

    /** A run's cases grouped by key, their repetitions together, in the order first recorded. */
    static Map<CaseKey, List<CaseResult>> byKey(RunResults run) {
        Map<CaseKey, List<CaseResult>> grouped = new LinkedHashMap<>();
        for (CaseResult c : run.cases()) {
            grouped.computeIfAbsent(CaseKey.of(c), k -> new ArrayList<>()).add(c);
        }
        return grouped;
    }

    /** Every key, measured or not offered, in the order recorded. */
    private List<CaseKey> keys() {
        List<CaseKey> keys = new ArrayList<>(byKey.keySet());
        notOffered.stream().filter(k -> !byKey.containsKey(k)).forEach(keys::add);
        return keys;
    }

    /**
     * The text of a cell with no measurement: {@link #NOT_OFFERED} when the target does not offer the
     * case's protocol, else {@link Format#MISSING}.
     */
    public String missing(String target, String scenario, String request, int connections) {
        return notOffered.contains(new CaseKey(target, scenario, request, connections)) ? NOT_OFFERED : Format.MISSING;
    }

    /** Whether the target does not offer this case's protocol. */
    public boolean notOffered(CaseKey key) {
        return notOffered.contains(key);
    }

    public RunResults run() {
        return run;
    }

    public List<Summary> all() {
        return List.copyOf(byKey.values());
    }

    public Optional<Summary> get(CaseKey key) {
        return Optional.ofNullable(byKey.get(key));
    }

    public Optional<Summary> get(String target, String scenario, String request, int connections) {
        return get(new CaseKey(target, scenario, request, connections));
    }

    /** The most repetitions any case has; above 1, cells show spreads. */
    public int maxRepetitions() {
        return byKey.values().stream().mapToInt(s -> s.repetitions().size()).max().orElse(0);
    }

    /** Scenarios with at least one case: the seeds' first, in their usual order, then any others. */
    public List<String> scenarios() {
        Set<String> measured = new LinkedHashSet<>();
        keys().forEach(k -> measured.add(k.scenario()));
        List<String> ordered = new ArrayList<>();
        for (String s : KNOWN_SCENARIOS) {
            if (measured.remove(s)) {
                ordered.add(s);
            }
        }
        ordered.addAll(measured);
        return ordered;
    }

    /** Target names with a case in {@code scenario}, in the order the run recorded the targets. */
    public List<String> targets(String scenario) {
        Set<String> measured = new LinkedHashSet<>();
        keys().stream().filter(k -> k.scenario().equals(scenario)).forEach(k -> measured.add(k.target()));
        List<String> ordered = new ArrayList<>();
        for (TargetOutcome t : run.targets()) {
            if (measured.remove(t.name())) {
                ordered.add(t.name());
            }
        }
        ordered.addAll(measured);
        return ordered;
    }

    /** Request labels of {@code scenario}, in the order first measured. */
    public List<String> requests(String scenario) {
        Set<String> requests = new LinkedHashSet<>();
        keys().stream().filter(k -> k.scenario().equals(scenario)).forEach(k -> requests.add(k.request()));
        return List.copyOf(requests);
    }

    /** Connection levels measured in {@code scenario}, ascending. */
    public List<Integer> connections(String scenario) {
        Set<Integer> levels = new TreeSet<>();
        keys().stream().filter(k -> k.scenario().equals(scenario)).forEach(k -> levels.add(k.connections()));
        return List.copyOf(levels);
    }

    /** Connection levels measured for one request of {@code scenario}, ascending. */
    public List<Integer> connections(String scenario, String request) {
        Set<Integer> levels = new TreeSet<>();
        keys().stream().filter(k -> k.scenario().equals(scenario) && k.request().equals(request))
                .forEach(k -> levels.add(k.connections()));
        return List.copyOf(levels);
    }

    /** How reports name a target: its manifest's display name, or its id when the run has no outcome for it. */
    public String label(String target) {
        TargetOutcome t = run.target(target);
        return t == null ? target : t.label();
    }
}
