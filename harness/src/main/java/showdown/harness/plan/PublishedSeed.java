package showdown.harness.plan;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * What one seed benchmark published, as data: a file of {@code scenarios/published/}. A reproduction
 * compares a run with these figures, and {@code showdown reproduce} runs the targets that stand for
 * the seed's frameworks; keeping the seed's tables in the repository, number for number, is what lets
 * a report say which of the seed's orderings still hold (docs/reproduce.md).
 *
 * @param seed       the seed's scenario name (a file of {@code scenarios/})
 * @param source     where the figures come from, one line
 * @param hardware   the machines, as the seed describes them
 * @param versions   the runtimes and frameworks the seed names, with their versions as it writes them
 * @param load       the load the seed ran, as its own command line or words
 * @param durationSeconds how long each of the seed's cases ran, in seconds
 * @param frameworks the seed's frameworks in its tables' order, each with the target that stands for it
 * @param figures    every number of the seed's result tables
 */
public record PublishedSeed(String seed, String source, List<String> hardware, Map<String, String> versions,
                            String load, double durationSeconds, List<Framework> frameworks, List<Figure> figures) {

    /** Requests per second, the figure every seed published and the one the reproduction ranks by. */
    public static final String REQUESTS_PER_SECOND = "requests-per-second";
    /** wrk's latency Avg. */
    public static final String LATENCY_AVG = "latency-avg";
    /** wrk's latency Stdev ("consistency" in phoenix-showdown's table). */
    public static final String LATENCY_STDEV = "latency-stdev";

    /** The figures a seed file may hold: wrk's and h2load's output lines, named once. */
    public static final Set<String> FIGURES = Set.of(REQUESTS_PER_SECOND, LATENCY_AVG, LATENCY_STDEV, "latency-max",
            "latency-within-stdev", "thread-rate-avg", "thread-rate-stdev", "thread-rate-max",
            "thread-rate-within-stdev", "requests", "duration", "read", "transfer-per-second");
    /** The units, as the seeds print them. */
    public static final Set<String> UNITS = Set.of("req/s", "k req/s", "requests", "s", "ms", "us", "%", "MB", "GB",
            "MB/s");

    private static final Set<String> TOP_FIELDS = Set.of("seed", "source", "hardware", "versions", "load", "duration",
            "frameworks", "figures");
    private static final Set<String> FRAMEWORK_FIELDS = Set.of("name", "target", "reason", "note");
    private static final Set<String> FIGURE_FIELDS = Set.of("framework", "request", "connections", "threads", "figure",
            "value", "unit");

    /**
     * One framework of the seed's tables.
     *
     * @param name   as the seed names it
     * @param target the Showdown target that stands for it, or null when none does
     * @param reason why none does, a fact of the seed or of Showdown's targets, never of a machine
     *               (null when one does): whether a target can run is found where it runs
     * @param note   how the target differs from the seed's setup, or anything else a reader must know; may be null
     */
    public record Framework(String name, String target, String reason, String note) {
        public boolean hasTarget() {
            return target != null;
        }
    }

    /**
     * One number of a seed's table.
     *
     * @param framework   the framework's name, one of {@link #frameworks()}
     * @param request     the request label of the seed's scenario file
     * @param connections the concurrency it ran at
     * @param threads     the load generator's threads (wrk's or h2load's {@code -t})
     * @param figure      what it is, one of {@link #FIGURES}
     * @param value       the number as published
     * @param unit        its unit as published, one of {@link #UNITS}
     */
    public record Figure(String framework, String request, int connections, int threads, String figure, double value,
                         String unit) {
    }

    public PublishedSeed {
        hardware = List.copyOf(hardware);
        versions = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(versions));
        frameworks = List.copyOf(frameworks);
        figures = List.copyOf(figures);
    }

    /** The framework the seed calls {@code name}. */
    public Optional<Framework> framework(String name) {
        return frameworks.stream().filter(f -> f.name().equals(name)).findFirst();
    }

    /** The targets that stand for the seed's frameworks, in the seed's order. */
    public List<String> targets() {
        return frameworks.stream().filter(Framework::hasTarget).map(Framework::target).distinct().toList();
    }

    /** The seed's request labels, in the order its figures list them. */
    public List<String> requests() {
        Set<String> requests = new LinkedHashSet<>();
        figures.forEach(f -> requests.add(f.request()));
        return List.copyOf(requests);
    }

    /** Every figure of one kind, in file order. */
    public List<Figure> figures(String figure) {
        return figures.stream().filter(f -> f.figure().equals(figure)).toList();
    }

    /** One published number, if the seed has it. */
    public Optional<Figure> figure(String framework, String request, int connections, String figure) {
        return figures.stream().filter(f -> f.framework().equals(framework) && f.request().equals(request)
                && f.connections() == connections && f.figure().equals(figure)).findFirst();
    }

    /** Reads and checks one file; every mistake is one line naming the file and the field. */
    public static PublishedSeed load(Path file) {
        JsonNode root = YamlFields.read(file);
        YamlFields f = new YamlFields(file.toString());
        f.onlyKnownKeys(root, "the published seed", TOP_FIELDS);
        String seed = f.text(root, "seed", null);
        String source = f.text(root, "source", null);
        List<String> hardware = f.strings(root, "hardware");
        Map<String, String> versions = new LinkedHashMap<>();
        JsonNode v = root.get("versions");
        if (v != null && !v.isNull()) {
            if (!v.isObject()) {
                throw f.error("versions", "must map names to versions as the seed writes them");
            }
            v.fields().forEachRemaining(e -> versions.put(e.getKey(), e.getValue().asText()));
        }
        String load = f.text(root, "load", null);
        double duration = f.duration(root, "duration", null).toMillis() / 1000.0;
        List<Framework> frameworks = new ArrayList<>();
        Set<String> names = new HashSet<>();
        for (JsonNode n : list(f, root, "frameworks")) {
            f.onlyKnownKeys(n, "a framework", FRAMEWORK_FIELDS);
            String name = f.text(n, "name", null);
            String target = n.hasNonNull("target") ? f.text(n, "target", null) : null;
            String reason = n.hasNonNull("reason") ? f.text(n, "reason", null) : null;
            if ((target == null) == (reason == null)) {
                throw f.error("frameworks." + name, "must have either a target or the reason there is none");
            }
            if (!names.add(name)) {
                throw f.error("frameworks", "names '" + name + "' twice");
            }
            frameworks.add(new Framework(name, target, reason, n.hasNonNull("note") ? f.text(n, "note", null) : null));
        }
        List<Figure> figures = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        for (JsonNode n : list(f, root, "figures")) {
            f.onlyKnownKeys(n, "a figure", FIGURE_FIELDS);
            Figure fig = new Figure(f.text(n, "framework", null), f.text(n, "request", null),
                    f.positiveInt(n, "connections", -1), f.positiveInt(n, "threads", -1), f.text(n, "figure", null),
                    f.number(n, "value"), f.text(n, "unit", null));
            String where = fig.framework() + " " + fig.request() + " -c" + fig.connections() + " " + fig.figure();
            if (!names.contains(fig.framework())) {
                throw f.error("figures", where + ": framework '" + fig.framework() + "' is not in 'frameworks'");
            }
            if (!FIGURES.contains(fig.figure())) {
                throw f.error("figures", where + ": unknown figure (known: " + String.join(", ", FIGURES.stream()
                        .sorted().toList()) + ")");
            }
            if (!UNITS.contains(fig.unit())) {
                throw f.error("figures", where + ": unknown unit '" + fig.unit() + "' (known: "
                        + String.join(", ", UNITS.stream().sorted().toList()) + ")");
            }
            if (!seen.add(where)) {
                throw f.error("figures", where + ": given twice");
            }
            figures.add(fig);
        }
        return new PublishedSeed(seed, source, hardware, versions, load, duration, frameworks, figures);
    }

    private static List<JsonNode> list(YamlFields f, JsonNode root, String field) {
        JsonNode list = root.get(field);
        if (list == null || !list.isArray() || list.isEmpty()) {
            throw f.error(field, "must be a non-empty list");
        }
        List<JsonNode> out = new ArrayList<>();
        for (JsonNode n : list) {
            if (!n.isObject()) {
                throw f.error(field, "must hold mappings");
            }
            out.add(n);
        }
        return out;
    }
}
