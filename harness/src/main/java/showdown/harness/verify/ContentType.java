package showdown.harness.verify;

import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * A parsed Content-Type: the media type and its parameters, lower-cased, so that
 * {@code text/plain;charset=UTF-8} equals {@code text/plain; charset=utf-8}.
 */
record ContentType(String mediaType, Map<String, String> parameters) {

    static ContentType parse(String value) {
        String[] parts = value.split(";");
        Map<String, String> params = new TreeMap<>();
        for (int i = 1; i < parts.length; i++) {
            String p = parts[i].trim();
            int eq = p.indexOf('=');
            if (eq > 0) {
                String v = p.substring(eq + 1).trim();
                if (v.length() >= 2 && v.startsWith("\"") && v.endsWith("\"")) {
                    v = v.substring(1, v.length() - 1);
                }
                params.put(p.substring(0, eq).trim().toLowerCase(Locale.ROOT), v.toLowerCase(Locale.ROOT));
            }
        }
        return new ContentType(parts[0].trim().toLowerCase(Locale.ROOT), params);
    }

    /** Same media type and same parameters (case and spacing aside). */
    boolean sameAs(ContentType other) {
        return mediaType.equals(other.mediaType) && parameters.equals(other.parameters);
    }

    /** The media type, and at most a charset of utf-8 besides. */
    boolean isWithOptionalUtf8(String type) {
        if (!mediaType.equals(type)) {
            return false;
        }
        return parameters.isEmpty() || parameters.equals(Map.of("charset", "utf-8"));
    }
}
