package showdown.report.benchlog;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * A text passage of the log whose numbers are incomplete ({@code bench/results/notes/<yyyy-MM-dd>-<slug>.md}):
 * a front matter block of {@code date}, {@code commit}, {@code machine} and {@code title} between two
 * {@code ---} lines, then Markdown.
 */
public record BenchNote(LocalDate date, String commit, String machine, String title, String body) {

    private static final String FENCE = "---";
    private static final List<String> KEYS = List.of("date", "commit", "machine", "title");

    /** Reads one note file. */
    public static BenchNote read(Path file) {
        List<String> lines;
        try {
            lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new BenchLogException(file + ": cannot read: " + e.getMessage());
        }
        if (lines.isEmpty() || !lines.get(0).strip().equals(FENCE)) {
            throw new BenchLogException(file + ": does not start with a front matter block ('---' line)");
        }
        Map<String, String> fields = new LinkedHashMap<>();
        int end = -1;
        for (int i = 1; i < lines.size(); i++) {
            String line = lines.get(i);
            if (line.strip().equals(FENCE)) {
                end = i;
                break;
            }
            int colon = line.indexOf(':');
            if (colon > 0) {
                fields.put(line.substring(0, colon).strip(), line.substring(colon + 1).strip());
            }
        }
        if (end < 0) {
            throw new BenchLogException(file + ": the front matter block has no closing '---' line");
        }
        for (String key : KEYS) {
            if (fields.getOrDefault(key, "").isBlank()) {
                throw new BenchLogException(file + ": missing field '" + key + "' in the front matter");
            }
        }
        LocalDate date;
        try {
            date = LocalDate.parse(fields.get("date"));
        } catch (DateTimeParseException e) {
            throw new BenchLogException(file + ": field 'date' is not yyyy-MM-dd: '" + fields.get("date") + "'");
        }
        String body = String.join("\n", lines.subList(end + 1, lines.size())).strip();
        return new BenchNote(date, fields.get("commit"), fields.get("machine"), fields.get("title"), body);
    }

    /** Every note of a folder ({@code *.md}); none when the folder does not exist. */
    public static List<BenchRecords.Named<BenchNote>> readAll(Path dir) {
        List<BenchRecords.Named<BenchNote>> notes = new ArrayList<>();
        for (Path file : files(dir, ".md")) {
            notes.add(new BenchRecords.Named<>(file, read(file)));
        }
        return notes;
    }

    /** The files of {@code dir} ending in {@code suffix}, sorted by name; none when it does not exist. */
    static List<Path> files(Path dir, String suffix) {
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        try (Stream<Path> s = Files.list(dir)) {
            return s.filter(p -> p.getFileName().toString().endsWith(suffix) && Files.isRegularFile(p)).sorted().toList();
        } catch (IOException e) {
            throw new BenchLogException(dir + ": cannot list: " + e.getMessage());
        }
    }
}
