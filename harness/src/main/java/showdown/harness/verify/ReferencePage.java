package showdown.harness.verify;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.regex.Pattern;

/**
 * The phoenix-showdown page of docs/scenarios.md (a resource, with {@code {title}} where the title
 * goes), and the whitespace-insensitive comparison the contract allows. Public for the tests that
 * render a target's page without its server (the registry-bound targets' templates).
 */
public final class ReferencePage {

    private static final String RESOURCE = "showdown-page.html";
    private static final Pattern WHITESPACE = Pattern.compile("\\s+");
    private static final Pattern SPACE_AROUND_TAGS = Pattern.compile("\\s*(<|>)\\s*");
    private static final int CONTEXT_CHARS = 50;
    private static final String TEMPLATE = load();

    private ReferencePage() {
    }

    private static String load() {
        try (InputStream in = ReferencePage.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException("missing resource " + RESOURCE);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The expected page for a title (HTML-escaped as the template engines must). */
    public static String forTitle(String title) {
        return TEMPLATE.replace("{title}", escapeHtml(title));
    }

    static String escapeHtml(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;").replace("'", "&#39;");
    }

    /**
     * Collapses whitespace: every run becomes one space, and space next to a tag boundary goes, so
     * engines that indent or join lines differently compare equal.
     */
    static String normalize(String html) {
        String collapsed = WHITESPACE.matcher(html).replaceAll(" ");
        return SPACE_AROUND_TAGS.matcher(collapsed).replaceAll("$1").trim();
    }

    /** Null when {@code actual} matches the page for {@code title}; else where and how it differs. */
    public static String difference(String actual, String title) {
        String got = normalize(actual);
        String want = normalize(forTitle(title));
        if (got.equals(want)) {
            return null;
        }
        int at = 0;
        while (at < got.length() && at < want.length() && got.charAt(at) == want.charAt(at)) {
            at++;
        }
        return "page differs from the reference (whitespace collapsed) at character " + at + ": got \""
                + WireTrace.escape(excerpt(got, at)) + "\", expected \"" + WireTrace.escape(excerpt(want, at)) + "\"";
    }

    private static String excerpt(String s, int at) {
        int from = Math.max(0, at - CONTEXT_CHARS / 2);
        int to = Math.min(s.length(), at + CONTEXT_CHARS);
        return (from > 0 ? "..." : "") + s.substring(from, to) + (to < s.length() ? "..." : "");
    }
}
