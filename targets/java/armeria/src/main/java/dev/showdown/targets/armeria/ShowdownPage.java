package dev.showdown.targets.armeria;

import com.github.mustachejava.DefaultMustacheFactory;
import com.github.mustachejava.Mustache;
import java.io.StringWriter;
import java.util.List;

/**
 * Renders the phoenix-showdown page with Mustache.java: {@code index.mustache} extends
 * {@code layout.mustache} and includes the {@code member} partial for each member. Mustache
 * escapes every {@code {{value}}} as HTML. The templates are compiled once; each request renders.
 */
final class ShowdownPage {

    /** The team shown on the page, as in phoenix-showdown. */
    static final List<Member> MEMBERS = List.of(
            new Member("Chris McCord"),
            new Member("Matt Sears"),
            new Member("David Stump"),
            new Member("Ricardo Thompson"));

    /** Large enough for the ~2 kB page, so the writer never grows. */
    private static final int PAGE_BUFFER_CHARS = 4096;

    private final Mustache index;

    ShowdownPage() {
        this.index = new DefaultMustacheFactory("templates").compile("index.mustache");
    }

    String render(String title) {
        StringWriter out = new StringWriter(PAGE_BUFFER_CHARS);
        index.execute(out, new Scope(title, MEMBERS));
        return out.toString();
    }

    /** What the templates see: {{title}} and {{#members}}. */
    record Scope(String title, List<Member> members) {
    }

    /** One team member: {{name}}. */
    record Member(String name) {
    }
}
