package showdown.hosts.control;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.exc.StreamReadException;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import java.io.IOException;
import java.util.stream.Collectors;

/**
 * A YAML file's mistake as one line for the user: where (line and column) and what, in the
 * file's own words (its keys and their path), never the names of the classes it is read into.
 */
final class YamlError {

    private YamlError() {
    }

    /**
     * @param yaml   the reader that failed
     * @param source the text it read, to find the key a mapping error is about (a record is
     *               built once all its keys are read, so the reader's own position is past them)
     */
    static String describe(JsonProcessingException e, ObjectMapper yaml, byte[] source) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof StreamReadException syntax) { // not YAML at all: the parser knows where
                return where(syntax.getLocation()) + firstClause(syntax.getOriginalMessage());
            }
        }
        JsonLocation at = e instanceof JsonMappingException m && !m.getPath().isEmpty()
                ? keyLocation(yaml, source, pointer(m)) : null;
        return where(at != null ? at : e.getLocation()) + what(e);
    }

    private static String where(JsonLocation at) {
        return at == null || at.getLineNr() < 1 ? "" : "line " + at.getLineNr() + ", column " + at.getColumnNr() + ": ";
    }

    /** Where the key at {@code pointer} (/load/0/agent) is written, or null. */
    private static JsonLocation keyLocation(ObjectMapper yaml, byte[] source, String pointer) {
        try (JsonParser p = yaml.getFactory().createParser(source)) {
            for (JsonToken t = p.nextToken(); t != null; t = p.nextToken()) {
                if (t == JsonToken.FIELD_NAME && p.getParsingContext().pathAsPointer().toString().equals(pointer)) {
                    return p.currentTokenLocation();
                }
            }
        } catch (IOException e) {
            // the text was read once already; without a place the message still says what
        }
        return null;
    }

    private static String pointer(JsonMappingException m) {
        StringBuilder s = new StringBuilder();
        for (JsonMappingException.Reference r : m.getPath()) {
            s.append('/').append(r.getFieldName() != null ? r.getFieldName() : Integer.toString(r.getIndex()));
        }
        return s.toString();
    }

    private static String what(JsonProcessingException e) {
        if (e instanceof UnrecognizedPropertyException u) {
            String known = u.getKnownPropertyIds() == null ? "" : u.getKnownPropertyIds().stream().map(String::valueOf)
                    .sorted().collect(Collectors.joining(", ", " (it takes ", ")"));
            return "unknown key '" + u.getPropertyName() + "'" + in(u) + known;
        }
        if (e instanceof MismatchedInputException m && m.getTargetType() != null && !m.getPath().isEmpty()) {
            return "bad value" + in(m) + ": " + expected(m.getTargetType()) + " is expected here";
        }
        if (e instanceof JsonMappingException m && !m.getPath().isEmpty()) {
            return "bad value" + in(m) + ": " + firstClause(e.getOriginalMessage());
        }
        return firstClause(e.getOriginalMessage());
    }

    private static String expected(Class<?> type) {
        if (java.util.Collection.class.isAssignableFrom(type) || type.isArray()) {
            return "a list";
        }
        if (type == String.class) {
            return "text";
        }
        if (type == Boolean.class || type == boolean.class) {
            return "true or false";
        }
        if (Number.class.isAssignableFrom(type) || type.isPrimitive()) {
            return "a number";
        }
        return "a mapping (KEY: VALUE)";
    }

    /** " under server.agent", from the keys and indexes that lead to the mistake. */
    private static String in(JsonMappingException m) {
        StringBuilder path = new StringBuilder();
        for (JsonMappingException.Reference r : m.getPath()) {
            if (r.getFieldName() != null) {
                path.append(path.isEmpty() ? "" : ".").append(r.getFieldName());
            } else if (r.getIndex() >= 0) {
                path.append('[').append(r.getIndex()).append(']');
            }
        }
        int last = path.lastIndexOf(".");
        String parent = m instanceof UnrecognizedPropertyException ? (last < 0 ? "" : path.substring(0, last)) : path.toString();
        return parent.isEmpty() ? "" : " under " + parent;
    }

    /** The message up to its first line break, without Jackson's class names and source notes. */
    private static String firstClause(String message) {
        if (message == null) {
            return "not valid YAML";
        }
        String line = message.lines().findFirst().orElse("").strip();
        return line.replaceAll("`?\\b(?:[a-z]+\\.)+[A-Z][\\w$]*`?", "a value").replaceAll("\\s*\\(class [^)]*\\)", "");
    }
}
