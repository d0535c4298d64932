package showdown.harness.plan;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import showdown.harness.targets.Protocol;
import showdown.load.Header;
import showdown.load.LoadException;

/**
 * A scenario file of {@code scenarios/}: a name (the one target manifests list) and the requests
 * the load engine sends, in report order. The routes' contract is in docs/scenarios.md.
 *
 * @param optIn      runs only when named with {@code --scenario} (as a calibration target runs only
 *                   when named with {@code --target}): {@code opt-in: true}
 * @param routesFrom the scenarios whose routes it sends ({@code routes-from:}); a target that
 *                   declares all of them serves this one without listing it. Empty: a target serves
 *                   it when its manifest lists it.
 */
public record Scenario(String name, String title, List<RequestTemplate> requests, boolean optIn,
                       List<String> routesFrom) {

    private static final Set<String> TOP_FIELDS = Set.of("name", "title", "requests", "protocol", "opt-in",
            "routes-from");
    private static final Set<String> REQUEST_FIELDS = Set.of("label", "method", "path", "path-params",
            "headers", "random-body-bytes", "pipeline", "protocol");
    /** The largest random body a scenario may ask for; the contract only promises echo up to 1 MiB. */
    static final int MAX_BODY_BYTES = 1 << 20;

    public Scenario {
        requests = List.copyOf(requests);
        routesFrom = routesFrom == null ? List.of() : List.copyOf(routesFrom);
    }

    /** A scenario run by default, of its own routes. */
    public Scenario(String name, String title, List<RequestTemplate> requests) {
        this(name, title, requests, false, List.of());
    }

    /** Whether a target that declares {@code declared} (its manifest's scenarios) serves this scenario. */
    public boolean servedBy(List<String> declared) {
        return declared.contains(name) || (!routesFrom.isEmpty() && declared.containsAll(routesFrom));
    }

    /** The scenarios whose contract its requests rely on: itself, or the ones it takes its routes from. */
    public List<String> contract() {
        return routesFrom.isEmpty() ? List.of(name) : routesFrom;
    }

    public static Scenario load(Path file) {
        JsonNode root = YamlFields.read(file);
        YamlFields f = new YamlFields(file.toString());
        f.onlyKnownKeys(root, "the scenario", TOP_FIELDS);
        String name = f.text(root, "name", null);
        String title = f.text(root, "title", name);
        JsonNode list = root.get("requests");
        if (list == null || !list.isArray() || list.isEmpty()) {
            throw f.error("requests", "must be a non-empty list");
        }
        List<Protocol> protocols = Protocols.parse(f, root, "the scenario", true);
        List<RequestTemplate> requests = new ArrayList<>();
        Set<String> labels = new HashSet<>();
        for (JsonNode r : list) {
            RequestTemplate t = request(f, file.toString(), r, protocols);
            if (!labels.add(t.label())) {
                throw new PlanException(file + ": two requests are labelled '" + t.label() + "'");
            }
            requests.add(t);
        }
        JsonNode optIn = root.get("opt-in");
        if (optIn != null && !optIn.isBoolean()) {
            throw f.error("opt-in", "must be true or false");
        }
        return new Scenario(name, title, requests, optIn != null && optIn.asBoolean(), f.strings(root, "routes-from"));
    }

    private static RequestTemplate request(YamlFields f, String source, JsonNode r, List<Protocol> scenarioProtocols) {
        if (!r.isObject()) {
            throw f.error("requests", "must hold mappings with label and path");
        }
        f.onlyKnownKeys(r, "a request", REQUEST_FIELDS);
        String path = f.text(r, "path", null);
        if (!path.startsWith("/")) {
            throw f.error("path", "must start with '/', not '" + path + "'");
        }
        String method = f.text(r, "method", "GET").toUpperCase(Locale.ROOT);
        String label = f.text(r, "label", method + " " + path);
        Map<String, RequestTemplate.IntRange> params = new LinkedHashMap<>();
        JsonNode p = r.get("path-params");
        if (p != null && !p.isNull()) {
            if (!p.isObject()) {
                throw f.error("path-params", "must map each placeholder to [min, max]");
            }
            p.fields().forEachRemaining(e -> {
                JsonNode range = e.getValue();
                if (!range.isArray() || range.size() != 2 || !range.get(0).isInt() || !range.get(1).isInt()
                        || range.get(0).asInt() > range.get(1).asInt()) {
                    throw f.error("path-params." + e.getKey(), "must be [min, max] with whole numbers, min <= max");
                }
                params.put(e.getKey(), new RequestTemplate.IntRange(range.get(0).asInt(), range.get(1).asInt()));
            });
        }
        RequestTemplate.checkPlaceholders(source, label, path, params);
        List<Header> headers = new ArrayList<>();
        for (String h : f.strings(r, "headers")) {
            try {
                headers.add(Header.parse(h));
            } catch (LoadException e) {
                throw f.error("headers", e.getMessage());
            }
        }
        int bodyBytes = r.has("random-body-bytes") ? f.positiveInt(r, "random-body-bytes", -1) : 0;
        if (bodyBytes > MAX_BODY_BYTES) {
            throw f.error("random-body-bytes", "must be at most " + MAX_BODY_BYTES + " (the contract's echo limit)");
        }
        int pipeline = f.positiveInt(r, "pipeline", 1);
        List<Protocol> own = Protocols.parse(f, r, "requests." + label, true);
        return new RequestTemplate(label, method, path, params, headers, bodyBytes, pipeline,
                own.isEmpty() ? scenarioProtocols : own);
    }
}
