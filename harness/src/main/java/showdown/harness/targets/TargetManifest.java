package showdown.harness.targets;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * One target's {@code target.yaml} (see docs/targets.md), validated. Lists and maps are immutable;
 * {@code build}, {@code setup}, {@code registry} and {@code fetched} are null when the manifest has
 * none; {@code note} is "" when absent.
 *
 * @param dir the target's folder (absolute, normalised); commands run there
 * @param registry where the target's packages come from when that is none of the sources this
 *                 machine kind reaches (Hex, Hackage, NuGet); always given together with {@code fetched}
 * @param fetched a path, relative to {@code dir}, that exists once the setup has fetched those packages
 * @param protocols what it serves, in {@link Protocol} order; always {@link Protocol#H1} first
 */
public record TargetManifest(Path dir, String name, String display, String language, String framework,
        String version, String category, Build build, String setup, List<String> requires, List<String> start,
        Map<String, String> env, String ready, List<String> scenarios, String note, String registry,
        String fetched, List<Protocol> protocols) {

    /** The manifest's file name inside a target folder. */
    public static final String FILE_NAME = "target.yaml";

    /** TechEmpower's classification; anything else is a typo. */
    public static final Set<String> CATEGORIES = Set.of("framework", "micro", "platform", TargetManifest.CALIBRATION);

    /**
     * The category of a yardstick rather than a framework (targets/java/calibration): it runs only
     * when named with {@code --target}, never in a run over every target.
     */
    public static final String CALIBRATION = "calibration";

    private static final Pattern NAME = Pattern.compile("[a-z0-9][a-z0-9-]*");
    private static final Set<String> KNOWN_FIELDS = Set.of("name", "display", "language", "framework", "version",
            "category", "build", "setup", "requires", "start", "env", "port", "ready", "scenarios", "note", "registry",
            "fetched", "protocols");
    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());

    /** How to build a target: a command run in its folder, and the file it produces. */
    public record Build(List<String> command, String output) {
        public Build {
            command = List.copyOf(command);
            Objects.requireNonNull(output, "output");
        }

        /** The build output, resolved against the target folder. */
        public Path outputPath(Path targetDir) {
            return targetDir.resolve(output).normalize();
        }
    }

    public TargetManifest {
        Objects.requireNonNull(dir, "dir");
        Objects.requireNonNull(name, "name");
        requires = List.copyOf(requires);
        start = List.copyOf(start);
        env = Map.copyOf(env);
        scenarios = List.copyOf(scenarios);
        note = note == null ? "" : note;
        protocols = protocols == null ? List.of(Protocol.H1) : List.copyOf(protocols);
    }

    /** Whether this target serves the given protocol ({@link Protocol#H1} always). */
    public boolean offers(Protocol protocol) {
        return protocols.contains(protocol);
    }

    /** Whether it declares {@code h1-tls}, {@code h2-tls} or {@code h3}, and so is started with {@code TLS_PORT}. */
    public boolean offersTls() {
        return protocols.stream().anyMatch(Protocol::tls);
    }

    /** Whether this target declares the given scenario. */
    public boolean serves(String scenario) {
        return scenarios.contains(scenario);
    }

    /** The {@code fetched} path resolved against the target folder, or null when the manifest names no registry. */
    public Path fetchedPath() {
        return fetched == null ? null : dir.resolve(fetched).normalize();
    }

    /**
     * The file in which {@code targets/setup-seeds} keeps the one line of a setup that said it cannot work
     * on this machine (exit 3: a toolchain missing or too old, a registry out of reach); absent otherwise.
     */
    public Path setupUnavailablePath() {
        return dir.resolve(SETUP_UNAVAILABLE_FILE);
    }

    /** The name of {@link #setupUnavailablePath()} in a target's folder. */
    public static final String SETUP_UNAVAILABLE_FILE = "setup.unavailable";

    /**
     * The exit status of a setup (or a build that runs it) that cannot work on this machine, after one
     * line on stderr that starts with {@value #SETUP_LINE_PREFIX} (targets/lib/unavailable.sh).
     */
    public static final int SETUP_UNAVAILABLE_EXIT = 3;

    /** How a setup starts the lines it means for the user, the one that says why it cannot work here too. */
    public static final String SETUP_LINE_PREFIX = "setup: ";

    /** The setup script resolved against the target folder, or null when there is none. */
    public Path setupPath() {
        return setup == null ? null : dir.resolve(setup).normalize();
    }

    /**
     * Reads and validates a manifest.
     *
     * @throws TargetException (one line naming the file and the field) when it is missing, unreadable or invalid
     */
    public static TargetManifest load(Path targetYaml) {
        Path file = targetYaml.toAbsolutePath().normalize();
        JsonNode root;
        try {
            root = YAML.readTree(file.toFile());
        } catch (IOException e) {
            String why = Files.exists(file) ? firstLine(e.getMessage()) : "no such file";
            throw new TargetException(file + ": cannot read the manifest: " + why, e);
        }
        return new Reader(file, root).manifest();
    }

    private static String firstLine(String s) {
        if (s == null) {
            return "unknown error";
        }
        int nl = s.indexOf('\n');
        return nl < 0 ? s : s.substring(0, nl);
    }

    /** Field-by-field validation, so that every error names its file and field. */
    private record Reader(Path file, JsonNode root) {

        TargetManifest manifest() {
            if (root == null || !root.isObject()) {
                throw bad("the manifest must be a YAML mapping of fields (see docs/targets.md)");
            }
            for (Iterator<String> it = root.fieldNames(); it.hasNext(); ) {
                String field = it.next();
                if (!KNOWN_FIELDS.contains(field)) {
                    throw bad("unknown field '" + field + "' (known: " + String.join(", ", KNOWN_FIELDS.stream().sorted().toList()) + ")");
                }
            }
            String name = text("name", true);
            if (!NAME.matcher(name).matches()) {
                throw bad("name '" + name + "' must be lower case letters, digits and '-'");
            }
            String category = text("category", true);
            if (!CATEGORIES.contains(category)) {
                throw bad("category '" + category + "' must be one of framework, micro, platform, calibration");
            }
            String port = text("port", false);
            if (port != null && !port.equals("env")) {
                throw bad("port '" + port + "' is not supported; the only way is 'env' (the PORT variable)");
            }
            String ready = text("ready", true);
            if (!ready.startsWith("/")) {
                throw bad("ready '" + ready + "' must be a path starting with '/'");
            }
            List<String> start = strings("start", true);
            if (start.isEmpty()) {
                throw bad("start must name a command");
            }
            List<String> scenarios = strings("scenarios", true);
            if (scenarios.isEmpty()) {
                throw bad("scenarios must list at least one scenario");
            }
            String registry = text("registry", false);
            String fetched = text("fetched", false);
            if ((registry == null) != (fetched == null)) {
                throw bad(registry == null
                        ? "fetched needs registry: the source its packages come from (Hex, Hackage, NuGet)"
                        : "registry needs fetched: a path, relative to the target folder, that exists once its packages are fetched");
            }
            if (registry != null && registry.isEmpty()) {
                throw bad("'registry' must not be empty");
            }
            if (fetched != null && !insideTargetFolder(fetched)) {
                throw bad("fetched '" + fetched + "' must be a path inside the target folder, like deps or _build/default/lib");
            }
            return new TargetManifest(file.getParent(), name, text("display", true), text("language", true),
                    text("framework", true), text("version", true), category, build(), text("setup", false),
                    strings("requires", false), start, env(), ready, scenarios, text("note", false), registry, fetched,
                    protocols());
        }

        private static boolean insideTargetFolder(String relative) {
            Path p = Path.of(relative).normalize();
            return !relative.isEmpty() && !p.isAbsolute() && !p.startsWith("..") && !p.toString().isEmpty();
        }

        /** {@code protocols:} in {@link Protocol} order, {@code h1} implied. */
        private List<Protocol> protocols() {
            java.util.EnumSet<Protocol> set = java.util.EnumSet.of(Protocol.H1);
            for (String id : strings("protocols", false)) {
                try {
                    set.add(Protocol.of(id));
                } catch (IllegalArgumentException e) {
                    throw bad("protocols: " + e.getMessage());
                }
            }
            return List.copyOf(set);
        }

        private TargetManifest.Build build() {
            JsonNode node = root.get("build");
            if (node == null || node.isNull()) {
                return null;
            }
            if (!node.isObject()) {
                throw bad("build must be a mapping with 'command' and 'output'");
            }
            List<String> command = stringList("build.command", node.get("command"), true);
            if (command.isEmpty()) {
                throw bad("build.command must name a command");
            }
            JsonNode output = node.get("output");
            if (output == null || !output.isTextual() || output.asText().isBlank()) {
                throw bad("build.output is required: the file the build produces");
            }
            return new TargetManifest.Build(command, output.asText());
        }

        private Map<String, String> env() {
            JsonNode node = root.get("env");
            if (node == null || node.isNull()) {
                return Map.of();
            }
            if (!node.isObject()) {
                throw bad("env must be a mapping of variable names to values");
            }
            Map<String, String> env = new LinkedHashMap<>();
            node.fields().forEachRemaining(e -> {
                if (!e.getValue().isValueNode() || e.getValue().isNull()) {
                    throw bad("env." + e.getKey() + " must be a plain value");
                }
                env.put(e.getKey(), e.getValue().asText());
            });
            return env;
        }

        private String text(String field, boolean required) {
            JsonNode node = root.get(field);
            if (node == null || node.isNull()) {
                if (required) {
                    throw bad("missing required field '" + field + "'");
                }
                return null;
            }
            if (!node.isValueNode()) {
                throw bad("'" + field + "' must be a plain value");
            }
            String value = node.asText().strip();
            if (required && value.isEmpty()) {
                throw bad("'" + field + "' must not be empty");
            }
            return value;
        }

        private List<String> strings(String field, boolean required) {
            return stringList(field, root.get(field), required);
        }

        private List<String> stringList(String field, JsonNode node, boolean required) {
            if (node == null || node.isNull()) {
                if (required) {
                    throw bad("missing required field '" + field + "'");
                }
                return List.of();
            }
            if (!node.isArray()) {
                throw bad("'" + field + "' must be a list, like [a, b]");
            }
            List<String> values = new ArrayList<>();
            for (JsonNode item : node) {
                if (!item.isValueNode() || item.isNull()) {
                    throw bad("'" + field + "' must hold plain values only");
                }
                values.add(item.asText());
            }
            return values;
        }

        private TargetException bad(String problem) {
            return new TargetException(file + ": " + problem);
        }
    }
}
