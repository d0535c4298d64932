package dev.showdown.targets.undertow;

import com.github.mustachejava.DefaultMustacheFactory;
import com.github.mustachejava.Mustache;
import java.io.StringWriter;
import java.util.List;

/**
 * Renders the phoenix-showdown page with Mustache.java, once per call: {@code index.mustache} extends
 * {@code layout.mustache} and includes the {@code member.mustache} partial for each member.
 * Mustache.java HTML-escapes every {@code {{value}}}.
 */
final class ShowdownPage {
    private static final List<Member> MEMBERS = List.of(
            new Member("Chris McCord"),
            new Member("Matt Sears"),
            new Member("David Stump"),
            new Member("Ricardo Thompson"));
    /** A rendered page is about 2,000 characters; starting there avoids regrowing the buffer. */
    private static final int PAGE_CHARS = 2048;

    /** The data one rendering sees; Mustache.java reads record accessors by name. */
    private record View(String title, List<Member> members) {}

    /** Compiled once at startup and thread-safe, as Mustache.java intends. */
    private final Mustache index = new DefaultMustacheFactory("templates").compile("index.mustache");

    String render(String title) {
        StringWriter out = new StringWriter(PAGE_CHARS);
        index.execute(out, new View(title, MEMBERS));
        return out.toString();
    }
}
