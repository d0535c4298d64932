package showdown.harness.targets;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The protocols a target declares but its build could not provide on this machine, each with the
 * build's one line why (docs/targets.md, "Protocols a build cannot provide"). The build writes them to
 * {@value #FILE_NAME} in the target's folder, one a line, {@code <protocol> <the line>}, and removes
 * the file when it provides them all. Such a protocol is unavailable here: the target is started
 * without waiting for it and its cases are not run, and that never fails the target.
 *
 * <p>The file is part of the build's contract: a line that names no protocol, {@code h1} (which every
 * target serves), or one the target does not declare is one clear error ({@link TargetException}),
 * not a warning, since a build that writes it has a bug to fix.
 */
public final class UnavailableProtocols {

    /** The file's name in a target folder. */
    public static final String FILE_NAME = "protocols.unavailable";

    /** None: the target serves every protocol it declares. */
    public static final UnavailableProtocols NONE = new UnavailableProtocols(Map.of());

    private final Map<Protocol, String> lines;

    private UnavailableProtocols(Map<Protocol, String> lines) {
        // EnumMap: Protocol order, whatever order the file lists them in
        this.lines = lines.isEmpty() ? Map.of() : Collections.unmodifiableMap(new EnumMap<>(lines));
    }

    /**
     * From protocol ids to the build's lines, as results.json and the agents carry them.
     *
     * @throws TargetException when an id names no protocol or names h1
     */
    public static UnavailableProtocols of(Map<String, String> byId) {
        if (byId == null || byId.isEmpty()) {
            return NONE;
        }
        Map<Protocol, String> lines = new LinkedHashMap<>();
        for (Map.Entry<String, String> e : byId.entrySet()) {
            Protocol p;
            try {
                p = Protocol.of(e.getKey());
            } catch (IllegalArgumentException bad) {
                throw new TargetException(bad.getMessage());
            }
            if (p == Protocol.H1) {
                throw new TargetException("h1 cannot be unavailable: every target serves it");
            }
            lines.put(p, e.getValue() == null ? "" : e.getValue());
        }
        return new UnavailableProtocols(lines);
    }

    /**
     * What the target's build left in {@value #FILE_NAME}; {@link #NONE} when there is no such file.
     *
     * @throws TargetException (one line naming the file and the line) when a line names no protocol,
     *                         names h1, or names one the target does not declare
     */
    public static UnavailableProtocols read(TargetManifest m) {
        Path file = path(m);
        if (!Files.isRegularFile(file)) {
            return NONE;
        }
        List<String> text;
        try {
            text = Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new TargetException(file + ": cannot read it: " + e.getMessage(), e);
        }
        Map<Protocol, String> lines = new LinkedHashMap<>();
        for (int i = 0; i < text.size(); i++) {
            String line = text.get(i).strip();
            if (line.isEmpty()) {
                continue;
            }
            String[] parts = line.split("\\s+", 2);
            String where = file + ":" + (i + 1) + ": ";
            Protocol p;
            try {
                p = Protocol.of(parts[0]);
            } catch (IllegalArgumentException e) {
                throw new TargetException(where + e.getMessage());
            }
            if (p == Protocol.H1) {
                throw new TargetException(where + "h1 cannot be unavailable: every target serves it");
            }
            if (!m.offers(p)) {
                throw new TargetException(where + m.name() + " does not declare " + p + " (protocols: "
                        + String.join(", ", m.protocols().stream().map(Protocol::id).toList()) + ")");
            }
            lines.put(p, parts.length > 1 ? parts[1].strip() : "its build could not provide it");
        }
        return new UnavailableProtocols(lines);
    }

    /** The file in {@code m}'s folder. */
    public static Path path(TargetManifest m) {
        return m.dir().resolve(FILE_NAME);
    }

    public boolean isEmpty() {
        return lines.isEmpty();
    }

    public boolean contains(Protocol p) {
        return lines.containsKey(p);
    }

    /** The unavailable protocols, in {@link Protocol} order. */
    public List<Protocol> protocols() {
        return List.copyOf(lines.keySet());
    }

    /** The protocols {@code m} declares less these: what it serves here. */
    public List<Protocol> served(TargetManifest m) {
        List<Protocol> served = new ArrayList<>(m.protocols());
        served.removeAll(lines.keySet());
        return List.copyOf(served);
    }

    /** {@code h3 unavailable here: <the build's line>}, as the run, verify, serve and doctor say it. */
    public String describe(Protocol p) {
        String line = lines.get(p);
        if (line == null) {
            throw new IllegalArgumentException(p + " is not unavailable");
        }
        return describe(p.id(), line);
    }

    /** {@code h3 unavailable here: <the build's line>}: the one way every command and report says it. */
    public static String describe(String protocolId, String line) {
        return protocolId + " unavailable here: " + line;
    }

    /** Every protocol's {@link #describe}, joined by "; "; "" when none. */
    public String describe() {
        return String.join("; ", lines.keySet().stream().map(this::describe).toList());
    }

    /** Protocol id to the build's line, in {@link Protocol} order, as results.json and the agents carry them. */
    public Map<String, String> byId() {
        Map<String, String> out = new LinkedHashMap<>();
        lines.forEach((p, line) -> out.put(p.id(), line));
        return Collections.unmodifiableMap(out);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof UnavailableProtocols u && u.lines.equals(lines);
    }

    @Override
    public int hashCode() {
        return lines.hashCode();
    }

    @Override
    public String toString() {
        return describe();
    }
}
