package showdown.cli;

import java.io.IOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Checks every markdown file the project ships: every relative link reaches a file and, with
 * {@code #anchor}, a heading of it (GitHub's heading slugs). Outside the measurement log
 * ({@value #LOG}, whose notes are dated text by design), the docs state what the tool does: never how
 * or in which working session they were written, and never what a machine reaches, which
 * {@code showdown doctor} finds at run time. Text in fenced code blocks and inline code spans is not
 * read for words; links are read outside code only.
 */
final class DocsLint {

    /** One problem: where, and what. */
    record Finding(Path file, int line, String what) {
        @Override
        public String toString() {
            return file + ":" + line + ": " + what;
        }
    }

    private static final String ORDINALS = "first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|eleventh"
            + "|twelfth|thirteenth|fourteenth|fifteenth|sixteenth|seventeenth|eighteenth|nineteenth|twentieth|\\d+(?:st|nd|rd|th)";

    /** Words about the project's own making; where a pattern has groups, the word is the group that matched. */
    private static final List<Pattern> NARRATION = List.of(
            // numbered or relative working sessions; TLS sessions ("resume their session") do not match
            Pattern.compile("\\b(?:" + ORDINALS + "|last|previous|next|same|this|earlier|later)\\s+sessions?\\b"),
            Pattern.compile("\\bsessions?\\s+(?:\\d+|" + ORDINALS + ")\\b"),
            Pattern.compile("\\bsittings?\\b"),
            Pattern.compile("\\bworking days?\\b"),
            Pattern.compile("\\btoday(?:'s)?\\b"),
            Pattern.compile("\\byesterday\\b"),
            Pattern.compile("\\b(?:the|a) day (?:before|after)\\b"),
            Pattern.compile("\\ban hour (?:later|before|earlier)\\b"),
            Pattern.compile("\\b(?:the )?same day\\b"),
            Pattern.compile("\\b(?:quiet|quieter|quietest|noisy|noisier|noisiest|slowest)\\s+host\\b"),
            Pattern.compile("\\bfresh machine\\b"),
            Pattern.compile("\\bwhen the issue was filed\\b"),
            Pattern.compile("\\bnot looked into yet\\b"),
            Pattern.compile("\\b(?:we|I) tried\\b"),
            // "latest" and "history" as the label of a figure, a bullet or a heading
            Pattern.compile("(?:[*_]|, )(latest|history)\\b|\\b(latest|history)(?:[*_:/]|\\s+/)"),
            Pattern.compile("^#+ .*\\b(latest|history)\\b"));

    /**
     * Sentences that state what this or any machine reaches, as if it were a fact of the world: whether a
     * registry answers or a target can run is found at run time ({@code doctor}), never written down.
     */
    private static final List<Pattern> MACHINE_REACH = List.of(
            Pattern.compile("\\b(?:not|never) (?:reachable|served|available)(?: from)? here\\b"),
            Pattern.compile("\\bcannot be (?:reached|fetched)(?: from)? here\\b"),
            Pattern.compile("\\b(?:cannot|does not|do not) run here\\b"),
            Pattern.compile("\\bno target here\\b"),
            Pattern.compile("\\bout of reach here\\b"),
            Pattern.compile("\\bour (?:machines?|registry|registries|network|hosts?)\\b"));

    /** The measurement log: dated records and notes, which may say what a machine reached when. */
    static final String LOG = "bench/results/";

    /** Folders of build output, fetched packages and tools: their markdown is not the project's. */
    private static final Set<String> NOT_SHIPPED = Set.of("target", "node_modules", "_build", "deps", "build", "bin",
            "obj", "dist-newstyle", "__pycache__", "results", "out");

    private static final Pattern FENCE = Pattern.compile("^\\s*(```|~~~)");
    private static final Pattern CODE_SPAN = Pattern.compile("(`+)(?:(?!\\1).)+?\\1");
    private static final Pattern LINK = Pattern.compile("\\[(?:[^\\]\\[]|\\[[^\\]]*\\])*\\]\\(\\s*<?([^)\\s>]+)>?(?:\\s+\"[^\"]*\")?\\s*\\)");
    private static final Pattern HEADING = Pattern.compile("^(#{1,6})\\s+(.*?)\\s*#*\\s*$");
    private static final Pattern HTML_ANCHOR = Pattern.compile("<a\\s+(?:name|id)=\"([^\"]+)\"");

    private DocsLint() {
    }

    /**
     * Every markdown file the project ships, in a stable order: the tree under {@code home} without hidden
     * folders and {@link #NOT_SHIPPED} ones (the measurement log's {@code bench/results/} is kept).
     */
    static List<Path> shippedMarkdown(Path home) throws IOException {
        List<Path> files = new ArrayList<>();
        Files.walkFileTree(home, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes a) {
                String name = dir.getFileName() == null ? "" : dir.getFileName().toString();
                boolean skip = !dir.equals(home) && (name.startsWith(".") || NOT_SHIPPED.contains(name))
                        && !home.relativize(dir).toString().replace('\\', '/').equals("bench/results");
                return skip ? FileVisitResult.SKIP_SUBTREE : FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes a) {
                if (file.getFileName().toString().endsWith(".md")) {
                    files.add(file);
                }
                return FileVisitResult.CONTINUE;
            }
        });
        files.sort(null);
        return files;
    }

    /** Whether {@code relative} (to the project's folder) lies in the measurement log. */
    static boolean inLog(Path relative) {
        return relative.toString().replace('\\', '/').startsWith(LOG);
    }

    /** Every sentence that states what a machine reaches, outside code, as file:line: words. */
    static List<Finding> machineReach(Path file, String text) {
        List<Finding> findings = new ArrayList<>();
        List<String> lines = proseLines(text);
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i).toLowerCase(Locale.ROOT);
            for (Pattern p : MACHINE_REACH) {
                Matcher m = p.matcher(line);
                while (m.find()) {
                    findings.add(new Finding(file, i + 1, "states what a machine reaches: \"" + m.group() + "\""));
                }
            }
        }
        return findings;
    }

    /** Every word about the docs' own making in {@code text}, outside code, as file:line: word. */
    static List<Finding> narration(Path file, String text) {
        List<Finding> findings = new ArrayList<>();
        List<String> lines = proseLines(text);
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i).toLowerCase(Locale.ROOT);
            Set<Integer> reported = new HashSet<>(); // a word two patterns match is one finding
            for (Pattern p : NARRATION) {
                Matcher m = p.matcher(line);
                while (m.find()) {
                    int g = 0;
                    for (int k = 1; k <= m.groupCount() && g == 0; k++) {
                        g = m.group(k) != null ? k : 0;
                    }
                    if (reported.add(m.start(g))) {
                        findings.add(new Finding(file, i + 1, "narrates its own making: \"" + m.group(g) + "\""));
                    }
                }
            }
        }
        return findings;
    }

    /** Every relative link in {@code file} whose file or anchor does not exist. */
    static List<Finding> deadLinks(Path file) throws IOException {
        List<Finding> findings = new ArrayList<>();
        List<String> lines = proseLines(Files.readString(file));
        Map<Path, Set<String>> anchors = new HashMap<>();
        for (int i = 0; i < lines.size(); i++) {
            Matcher m = LINK.matcher(lines.get(i));
            while (m.find()) {
                String target = m.group(1);
                if (target.matches("(?i)[a-z][a-z0-9+.-]*:.*")) {
                    continue; // http:, https:, mailto: ...
                }
                int hash = target.indexOf('#');
                String path = hash < 0 ? target : target.substring(0, hash);
                String anchor = hash < 0 ? null : target.substring(hash + 1);
                Path resolved = path.isEmpty() ? file : file.getParent().resolve(path).normalize();
                if (!Files.exists(resolved)) {
                    findings.add(new Finding(file, i + 1, "link to a missing file: " + target));
                } else if (anchor != null && Files.isRegularFile(resolved) && resolved.toString().endsWith(".md")) {
                    Set<String> known = anchors.computeIfAbsent(resolved, DocsLint::anchorsOf);
                    if (!known.contains(anchor)) {
                        findings.add(new Finding(file, i + 1, "link to a missing anchor: " + target));
                    }
                }
            }
        }
        return findings;
    }

    /** The anchors GitHub makes for a markdown file: one per heading (slugs, -1, -2 for repeats), plus HTML anchors. */
    static Set<String> anchorsOf(Path file) {
        try {
            return anchors(Files.readString(file));
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    static Set<String> anchors(String text) {
        Set<String> anchors = new HashSet<>();
        Map<String, Integer> seen = new HashMap<>();
        boolean inFence = false;
        for (String line : text.split("\n", -1)) {
            if (FENCE.matcher(line).find()) {
                inFence = !inFence;
                continue;
            }
            if (inFence) {
                continue;
            }
            Matcher h = HEADING.matcher(line);
            if (h.matches()) {
                String slug = slug(h.group(2));
                int n = seen.merge(slug, 1, Integer::sum);
                anchors.add(n == 1 ? slug : slug + "-" + (n - 1));
            }
            Matcher a = HTML_ANCHOR.matcher(line);
            while (a.find()) {
                anchors.add(a.group(1));
            }
        }
        return anchors;
    }

    /** GitHub's slug of a heading: lower case, punctuation other than '-' and '_' dropped, spaces to '-'. */
    static String slug(String heading) {
        String text = heading.replaceAll("\\[([^\\]]*)\\]\\([^)]*\\)", "$1"); // a link's text only
        StringBuilder slug = new StringBuilder();
        text.toLowerCase(Locale.ROOT).codePoints().forEach(c -> {
            if (Character.isLetterOrDigit(c) || c == '-' || c == '_') {
                slug.appendCodePoint(c);
            } else if (c == ' ') {
                slug.append('-');
            }
        });
        return slug.toString();
    }

    /** The text's lines with fenced code blocks blanked and inline code spans removed; line numbers kept. */
    static List<String> proseLines(String text) {
        List<String> lines = new ArrayList<>();
        boolean inFence = false;
        for (String line : text.split("\n", -1)) {
            if (FENCE.matcher(line).find()) {
                inFence = !inFence;
                lines.add("");
            } else {
                lines.add(inFence ? "" : CODE_SPAN.matcher(line).replaceAll(""));
            }
        }
        return lines;
    }
}
