package dev.showdown.targets.jdkhttp;

import gg.jte.ContentType;
import gg.jte.TemplateEngine;
import gg.jte.output.StringOutput;
import java.util.List;
import java.util.Map;

/** Renders the phoenix-showdown page (layout, index view, member partial) with jte, once per call. */
final class ShowdownPage {
    private static final List<Member> MEMBERS = List.of(
            new Member("Chris McCord"),
            new Member("Matt Sears"),
            new Member("David Stump"),
            new Member("Ricardo Thompson"));

    /** Templates were compiled to classes by the jte Maven plugin; HTML content type escapes output. */
    private final TemplateEngine engine = TemplateEngine.createPrecompiled(ContentType.Html);

    String render(String title) {
        StringOutput output = new StringOutput();
        engine.render("index.jte", Map.of("title", title, "members", MEMBERS), output);
        return output.toString();
    }
}
