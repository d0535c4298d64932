package showdown.report.benchlog;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * Reads and writes {@link BenchRecord}s as JSON. A record that breaks the schema, names no commit or no
 * machine, or holds a figure outside its own range is refused with one line, on reading and on writing:
 * a text whose run is not known goes into the log's notes, not its records.
 */
public final class BenchRecords {

    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
    private static final DateTimeFormatter FILE_STAMP = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss").withZone(ZoneOffset.UTC);

    private BenchRecords() {
    }

    /** Reads one record file. */
    public static BenchRecord read(Path file) {
        JsonNode root;
        try {
            root = JSON.readTree(Files.readString(file, StandardCharsets.UTF_8));
        } catch (JsonProcessingException e) {
            throw new BenchLogException(file + ": not JSON: " + e.getOriginalMessage());
        } catch (IOException e) {
            throw new BenchLogException(file + ": cannot read: " + e.getMessage());
        }
        Fields f = new Fields(file, "");
        if (root == null || !root.isObject()) {
            throw new BenchLogException(file + ": not a JSON object");
        }
        String schema = f.text(root, "schema");
        if (!BenchRecord.SCHEMA.equals(schema)) {
            throw new BenchLogException(file + ": schema '" + schema + "' is not " + BenchRecord.SCHEMA);
        }
        JsonNode m = f.object(root, "machine");
        Fields mf = new Fields(file, "machine.");
        Map<String, String> tools = new LinkedHashMap<>();
        f.object(m, "tools", "machine.").properties().forEach(e -> tools.put(e.getKey(), e.getValue().asText()));
        Map<String, Double> noise = null;
        JsonNode n = m.get("noise");
        if (n != null && !n.isNull()) {
            if (!n.isObject()) {
                throw new BenchLogException(file + ": field 'machine.noise' is not an object or null");
            }
            noise = new LinkedHashMap<>();
            for (var e : n.properties()) {
                noise.put(e.getKey(), new Fields(file, "machine.noise.").number(n, e.getKey()));
            }
        }
        BenchRecord.Machine machine = new BenchRecord.Machine(mf.text(m, "cpuModel"), (int) mf.number(m, "cores"),
                mf.text(m, "cpuset"), mf.text(m, "kernel"), mf.text(m, "governor"), mf.text(m, "jdk"), tools, noise);
        JsonNode figs = root.get("figures");
        if (figs == null || !figs.isArray()) {
            throw new BenchLogException(file + ": missing field 'figures' (an array)");
        }
        List<BenchRecord.Figure> figures = new ArrayList<>();
        for (int i = 0; i < figs.size(); i++) {
            JsonNode g = figs.get(i);
            Fields gf = new Fields(file, "figures[" + i + "].");
            if (!g.isObject()) {
                throw new BenchLogException(file + ": figures[" + i + "] is not an object");
            }
            figures.add(new BenchRecord.Figure(gf.text(g, "name"), gf.number(g, "value"), gf.optionalNumber(g, "low"),
                    gf.optionalNumber(g, "high"), gf.text(g, "unit"), gf.optionalText(g, "spread"),
                    gf.optionalText(g, "bar"), gf.optionalBoolean(g, "met")));
        }
        BenchRecord record = new BenchRecord(schema, f.text(root, "script"), f.instant(root, "date"), f.text(root, "commit"),
                f.text(root, "command"), machine, figures, f.text(root, "reading"));
        check(record, file.toString());
        return record;
    }

    /**
     * Refuses, with one line starting with {@code where}, a record that does not say which commit was measured,
     * on which machine (its CPU model, cpuset, kernel and JDK), or that holds a figure whose value lies outside
     * its own low–high range.
     */
    static void check(BenchRecord r, String where) {
        if (!known(r.commit())) {
            throw new BenchLogException(where + ": no commit: a record names the commit it measured (a text without"
                    + " one is a note, bench/results/notes/)");
        }
        BenchRecord.Machine m = r.machine();
        List<String> unknown = new ArrayList<>();
        String[][] named = {{"cpuModel", m.cpuModel()}, {"cpuset", m.cpuset()}, {"kernel", m.kernel()}, {"jdk", m.jdk()}};
        for (String[] field : named) {
            if (!known(field[1])) {
                unknown.add("machine." + field[0]);
            }
        }
        if (!unknown.isEmpty()) {
            throw new BenchLogException(where + ": no machine: " + String.join(", ", unknown)
                    + " unknown (a text without them is a note, bench/results/notes/)");
        }
        for (int i = 0; i < r.figures().size(); i++) {
            BenchRecord.Figure g = r.figures().get(i);
            if (g.low() != null && g.high() != null && !(g.low() <= g.value() && g.value() <= g.high())) {
                throw new BenchLogException(where + ": figures[" + i + "] '" + g.name() + "': value " + g.value()
                        + " lies outside its own range " + g.low() + "-" + g.high());
            }
        }
    }

    private static boolean known(String value) {
        return value != null && !value.isBlank() && !value.equals("unknown");
    }

    /** Every record of a folder ({@code *.json}); none when the folder does not exist. */
    public static List<Named<BenchRecord>> readAll(Path dir) {
        List<Named<BenchRecord>> records = new ArrayList<>();
        for (Path file : BenchNote.files(dir, ".json")) {
            records.add(new Named<>(file, read(file)));
        }
        return records;
    }

    /**
     * The figures of a script's run, one per line of tab-separated fields: name, value, low, high, unit,
     * spread, bar and, optionally, met (yes or no; without it, met is worked out from the bar). An empty
     * field or "-" is null. This is how the bench scripts hand their figures to the record writer.
     */
    public static List<BenchRecord.Figure> parseFigures(Path file) {
        List<String> lines;
        try {
            lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new BenchLogException(file + ": cannot read the figures: " + e.getMessage());
        }
        List<BenchRecord.Figure> figures = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).isBlank()) {
                continue;
            }
            String where = file + ":" + (i + 1) + ": ";
            String[] f = lines.get(i).split("\t", -1);
            if (f.length < 7 || f.length > 8) {
                throw new BenchLogException(where + "expected 7 or 8 tab-separated fields (name, value, low, high, unit,"
                        + " spread, bar[, met]), found " + f.length);
            }
            String name = orNull(f[0]);
            String unit = orNull(f[4]);
            Double value = figureNumber(where + "value", f[1]);
            if (name == null || unit == null || value == null) {
                throw new BenchLogException(where + "name, value and unit are required");
            }
            Double low = figureNumber(where + "low", f[2]);
            Double high = figureNumber(where + "high", f[3]);
            String bar = orNull(f[6]);
            String metText = f.length == 8 ? orNull(f[7]) : null;
            figures.add(metText == null
                    ? BenchRecord.Figure.judged(name, value, low, high, unit, orNull(f[5]), bar)
                    : new BenchRecord.Figure(name, value, low, high, unit, orNull(f[5]), bar,
                            switch (metText) {
                                case "yes", "true" -> true;
                                case "no", "false" -> false;
                                default -> throw new BenchLogException(where + "met is yes or no, not '" + metText + "'");
                            }));
        }
        return figures;
    }

    private static String orNull(String field) {
        String s = field.strip();
        return s.isEmpty() || s.equals("-") ? null : s;
    }

    private static Double figureNumber(String what, String field) {
        String s = orNull(field);
        if (s == null) {
            return null;
        }
        try {
            double v = Double.parseDouble(s);
            if (Double.isFinite(v)) {
                return v;
            }
        } catch (NumberFormatException e) {
            // said below
        }
        throw new BenchLogException(what + " '" + s + "' is not a number");
    }

    /** A record or note with the file it came from. */
    public record Named<T>(Path file, T value) {
    }

    /** The record's file name: {@code <yyyyMMdd-HHmmss>-<script>.json}, from its date. */
    public static String fileName(BenchRecord r) {
        return FILE_STAMP.format(r.date()) + "-" + r.script() + ".json";
    }

    /**
     * Writes the record into {@code dir} under {@link #fileName}, "-2", "-3"... when taken; returns the file.
     * A record {@link #check} refuses is not written.
     */
    public static Path write(BenchRecord r, Path dir) {
        check(r, dir.resolve(fileName(r)).toString());
        try {
            Files.createDirectories(dir);
            String name = fileName(r);
            Path file = dir.resolve(name);
            for (int n = 2; Files.exists(file); n++) {
                file = dir.resolve(name.replace(".json", "-" + n + ".json"));
            }
            Files.writeString(file, toJson(r), StandardCharsets.UTF_8);
            return file;
        } catch (IOException e) {
            throw new BenchLogException(dir + ": cannot write the record: " + e.getMessage());
        }
    }

    /** The record as pretty-printed JSON, fields in the schema's order. */
    public static String toJson(BenchRecord r) {
        ObjectNode root = JSON.createObjectNode();
        root.put("schema", r.schema());
        root.put("script", r.script());
        root.put("date", r.date().toString());
        root.put("commit", r.commit());
        root.put("command", r.command());
        ObjectNode m = root.putObject("machine");
        BenchRecord.Machine machine = r.machine();
        m.put("cpuModel", machine.cpuModel());
        m.put("cores", machine.cores());
        m.put("cpuset", machine.cpuset());
        m.put("kernel", machine.kernel());
        m.put("governor", machine.governor());
        m.put("jdk", machine.jdk());
        ObjectNode tools = m.putObject("tools");
        machine.tools().forEach(tools::put);
        if (machine.noise() == null) {
            m.putNull("noise");
        } else {
            ObjectNode noise = m.putObject("noise");
            machine.noise().forEach(noise::put);
        }
        ArrayNode figures = root.putArray("figures");
        for (BenchRecord.Figure f : r.figures()) {
            ObjectNode g = figures.addObject();
            g.put("name", f.name());
            g.put("value", f.value());
            g.put("low", f.low());
            g.put("high", f.high());
            g.put("unit", f.unit());
            g.put("spread", f.spread());
            g.put("bar", f.bar());
            g.put("met", f.met());
        }
        root.put("reading", r.reading());
        try {
            return JSON.writeValueAsString(root) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Reads a record's fields and names the first one that is missing or of the wrong type. */
    private record Fields(Path file, String prefix) {

        private BenchLogException missing(String name, String what) {
            return new BenchLogException(file + ": missing field '" + prefix + name + "' (" + what + ")");
        }

        JsonNode object(JsonNode node, String name) {
            return object(node, name, prefix);
        }

        JsonNode object(JsonNode node, String name, String namePrefix) {
            JsonNode v = node.get(name);
            if (v == null || !v.isObject()) {
                throw new BenchLogException(file + ": missing field '" + namePrefix + name + "' (an object)");
            }
            return v;
        }

        String text(JsonNode node, String name) {
            JsonNode v = node.get(name);
            if (v == null || !v.isTextual() || v.asText().isBlank()) {
                throw missing(name, "a string");
            }
            return v.asText();
        }

        String optionalText(JsonNode node, String name) {
            JsonNode v = node.get(name);
            return v == null || v.isNull() ? null : v.asText();
        }

        double number(JsonNode node, String name) {
            JsonNode v = node.get(name);
            if (v == null || !v.isNumber()) {
                throw missing(name, "a number");
            }
            return v.asDouble();
        }

        Double optionalNumber(JsonNode node, String name) {
            return optional(node, name, JsonNode::isNumber, JsonNode::asDouble, "a number or null");
        }

        Boolean optionalBoolean(JsonNode node, String name) {
            return optional(node, name, JsonNode::isBoolean, JsonNode::asBoolean, "true, false or null");
        }

        /** The field's value, null when absent or null, refused when {@code is} says it is of another type. */
        private <T> T optional(JsonNode node, String name, Predicate<JsonNode> is, Function<JsonNode, T> value,
                               String what) {
            JsonNode v = node.get(name);
            if (v == null || v.isNull()) {
                return null;
            }
            if (!is.test(v)) {
                throw new BenchLogException(file + ": field '" + prefix + name + "' is not " + what);
            }
            return value.apply(v);
        }

        Instant instant(JsonNode node, String name) {
            String s = text(node, name);
            try {
                return Instant.parse(s);
            } catch (DateTimeParseException e) {
                throw new BenchLogException(file + ": field '" + prefix + name + "' is not an ISO-8601 UTC time: '" + s + "'");
            }
        }
    }
}
