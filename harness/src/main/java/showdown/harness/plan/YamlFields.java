package showdown.harness.plan;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Set;

/**
 * Reads the small YAML files of {@code scenarios/} as trees, so that every mistake becomes one
 * line naming the file and the field (Jackson's own binding errors span several lines).
 */
final class YamlFields {
    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());

    private final String source;

    YamlFields(String source) {
        this.source = source;
    }

    static JsonNode read(Path file) {
        try {
            JsonNode root = YAML.readTree(Files.readString(file));
            if (root == null || !root.isObject()) {
                throw new PlanException(file + ": expected a YAML mapping at the top");
            }
            return root;
        } catch (NoSuchFileException e) {
            throw new PlanException(file + ": no such file");
        } catch (IOException e) {
            String msg = e.getMessage() == null ? e.toString() : e.getMessage().lines().findFirst().orElse("");
            throw new PlanException(file + ": not valid YAML: " + msg);
        }
    }

    PlanException error(String field, String problem) {
        return new PlanException(where(field) + " " + problem);
    }

    /** How a message names a field: {@code file: 'field'}. */
    String where(String field) {
        return source + ": '" + field + "'";
    }

    void onlyKnownKeys(JsonNode node, String where, Set<String> known) {
        for (Iterator<String> it = node.fieldNames(); it.hasNext(); ) {
            String key = it.next();
            if (!known.contains(key)) {
                throw new PlanException(source + ": unknown field '" + key + "' in " + where
                        + " (known: " + String.join(", ", known.stream().sorted().toList()) + ")");
            }
        }
    }

    String text(JsonNode node, String field, String fallback) {
        JsonNode v = node.get(field);
        if (v == null || v.isNull()) {
            if (fallback == null) {
                throw error(field, "is missing");
            }
            return fallback;
        }
        if (!v.isValueNode()) {
            throw error(field, "must be a single value");
        }
        return v.asText();
    }

    int positiveInt(JsonNode node, String field, int fallback) {
        JsonNode v = node.get(field);
        if (v == null || v.isNull()) {
            if (fallback < 0) {
                throw error(field, "is missing");
            }
            return fallback;
        }
        if (!v.canConvertToInt() || !v.isIntegralNumber() || v.asInt() < 1) {
            throw error(field, "must be a whole number of at least 1, not '" + v.asText() + "'");
        }
        return v.asInt();
    }

    /** A number written as one (not quoted): a published figure. */
    double number(JsonNode node, String field) {
        JsonNode v = node.get(field);
        if (v == null || v.isNull()) {
            throw error(field, "is missing");
        }
        if (!v.isNumber()) {
            throw error(field, "must be a number, not '" + v.asText() + "'");
        }
        return v.asDouble();
    }

    Duration duration(JsonNode node, String field, Duration fallback) {
        JsonNode v = node.get(field);
        if (v == null || v.isNull()) {
            if (fallback == null) {
                throw error(field, "is missing");
            }
            return fallback;
        }
        return Durations.parse(v.asText(), source + ": '" + field + "'");
    }

    /** A percentage, written {@code 5%} or {@code 5}: above 0 and below 100. */
    double percent(JsonNode node, String field, double fallback) {
        JsonNode v = node.get(field);
        if (v == null || v.isNull()) {
            return fallback;
        }
        String text = v.asText().trim();
        String number = text.endsWith("%") ? text.substring(0, text.length() - 1).trim() : text;
        try {
            double p = Double.parseDouble(number);
            if (p > 0 && p < 100) {
                return p;
            }
        } catch (NumberFormatException e) {
            // said below
        }
        throw error(field, "must be a percentage above 0 and below 100, e.g. 5%, not '" + text + "'");
    }

    List<String> strings(JsonNode node, String field) {
        JsonNode v = node.get(field);
        List<String> out = new ArrayList<>();
        if (v == null || v.isNull()) {
            return out;
        }
        if (!v.isArray()) {
            throw error(field, "must be a list");
        }
        v.forEach(e -> out.add(e.asText()));
        return out;
    }
}
