package dev.showdown.targets.activej;

import io.pebbletemplates.pebble.PebbleEngine;
import io.pebbletemplates.pebble.loader.ClasspathLoader;
import io.pebbletemplates.pebble.template.PebbleTemplate;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Map;

/**
 * Renders the phoenix-showdown page with Pebble: {@code index.peb} extends {@code layout.peb} and
 * includes {@code member.peb} for each member. Pebble escapes every value as HTML by default.
 * Templates are compiled once at start-up; each request renders.
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

    private final PebbleTemplate index;

    ShowdownPage() {
        ClasspathLoader loader = new ClasspathLoader();
        loader.setPrefix("templates");
        PebbleEngine engine = new PebbleEngine.Builder().loader(loader).build();
        this.index = engine.getTemplate("index.peb");
    }

    String render(String title) {
        StringWriter out = new StringWriter(PAGE_BUFFER_CHARS);
        try {
            index.evaluate(out, Map.of("title", title, "members", MEMBERS));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toString();
    }

    /** One team member. */
    public record Member(String name) {
    }
}
