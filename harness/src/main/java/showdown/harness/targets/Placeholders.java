package showdown.harness.targets;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The {@code ${NAME}} placeholders of docs/targets.md: {@code SHOWDOWN_HOME}, {@code JAVA}, and, when a
 * target starts, {@code PORT}, {@code CPUS} and, for a target that declares TLS, {@code TLS_PORT}. An
 * unknown placeholder is a manifest error, not a silent empty string.
 */
public final class Placeholders {

    private static final Pattern PLACEHOLDER = Pattern.compile("\\$\\{([A-Za-z_][A-Za-z0-9_]*)}");

    /** The variable that overrides which java {@code ${JAVA}} means (the launcher exports it). */
    public static final String JAVA_VARIABLE = "SHOWDOWN_JAVA";

    private final Map<String, String> values;

    private Placeholders(Map<String, String> values) {
        this.values = Collections.unmodifiableMap(new LinkedHashMap<>(values)); // ordered, for stable messages
    }

    /** The placeholders known at build time. */
    public static Placeholders forBuild(Path showdownHome) {
        Map<String, String> v = new LinkedHashMap<>();
        v.put("SHOWDOWN_HOME", showdownHome.toAbsolutePath().normalize().toString());
        v.put("JAVA", java());
        return new Placeholders(v);
    }

    /** The placeholders known when a target starts. */
    public static Placeholders forStart(Path showdownHome, int port, int cpus) {
        return forStart(showdownHome, port, cpus, 0);
    }

    /** The same, with {@code ${TLS_PORT}} when {@code tlsPort} is not 0. */
    public static Placeholders forStart(Path showdownHome, int port, int cpus, int tlsPort) {
        Map<String, String> v = new LinkedHashMap<>(forBuild(showdownHome).values);
        v.put("PORT", Integer.toString(port));
        v.put("CPUS", Integer.toString(cpus));
        if (tlsPort != 0) {
            v.put("TLS_PORT", Integer.toString(tlsPort));
        }
        return new Placeholders(v);
    }

    /**
     * The java that {@code ${JAVA}} means: {@code $SHOWDOWN_JAVA} when set, else the running JVM's own
     * launcher (Showdown itself runs on a JDK >= 21, so the targets do too).
     */
    public static String java() {
        String fromEnv = System.getenv(JAVA_VARIABLE);
        if (fromEnv != null && !fromEnv.isBlank()) {
            return fromEnv;
        }
        return ProcessHandle.current().info().command()
                .orElseGet(() -> Path.of(System.getProperty("java.home"), "bin", "java").toString());
    }

    /** Replaces every placeholder in {@code s}; {@code where} names the field for the error message. */
    public String expand(String s, String where) {
        Matcher m = PLACEHOLDER.matcher(s);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            String value = values.get(m.group(1));
            if (value == null) {
                throw new TargetException(where + ": unknown placeholder ${" + m.group(1) + "} (known here: "
                        + String.join(", ", values.keySet().stream().map(k -> "${" + k + "}").toList())
                        + (m.group(1).equals("TLS_PORT") && values.containsKey("PORT")
                                ? "; ${TLS_PORT} only for a target whose protocols list h1-tls, h2-tls or h3" : "") + ")");
            }
            m.appendReplacement(out, Matcher.quoteReplacement(value));
        }
        m.appendTail(out);
        return out.toString();
    }

    /** Expands every element of a command line. */
    public List<String> expand(List<String> command, String where) {
        List<String> out = new ArrayList<>(command.size());
        for (String arg : command) {
            out.add(expand(arg, where));
        }
        return out;
    }
}
