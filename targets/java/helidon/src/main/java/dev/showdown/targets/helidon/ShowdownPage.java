package dev.showdown.targets.helidon;

import java.util.Map;

import gg.jte.ContentType;
import gg.jte.TemplateEngine;
import gg.jte.output.StringOutput;

/** Renders index.jte (layout + member partial) for one title; Helidon SE has no template engine of its own. */
final class ShowdownPage {
    /** Room for the ~2 KB page without the output growing. */
    private static final int PAGE_BUFFER_CHARS = 4096;

    // Production mode: the jte-maven-plugin compiled the templates into classes at build time,
    // and HTML content type makes jte escape every ${...} output.
    private final TemplateEngine engine = TemplateEngine.createPrecompiled(ContentType.Html);

    String render(String title) {
        StringOutput output = new StringOutput(PAGE_BUFFER_CHARS);
        engine.render("index.jte", Map.of("title", title, "members", Member.TEAM), output);
        return output.toString();
    }
}
