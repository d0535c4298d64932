package dev.showdown.targets.javalin;

import java.util.Map;

import gg.jte.ContentType;
import gg.jte.TemplateEngine;
import gg.jte.output.StringOutput;
import io.javalin.http.Context;
import io.javalin.rendering.FileRenderer;

/**
 * Plugs jte into {@code ctx.render(...)} through Javalin's {@link FileRenderer} hook. This is what
 * the javalin-rendering-jte module does; that module is not served by the package registry this
 * project builds from, so its few lines live here.
 */
final class JteRenderer implements FileRenderer {
    /** Room for the ~2 KB page without the output growing. */
    private static final int PAGE_BUFFER_CHARS = 4096;

    // Production mode: the jte-maven-plugin compiled the templates into classes at build time,
    // and HTML content type makes jte escape every ${...} output.
    private final TemplateEngine engine = TemplateEngine.createPrecompiled(ContentType.Html);

    @Override
    public String render(String filePath, Map<String, ?> model, Context ctx) {
        StringOutput output = new StringOutput(PAGE_BUFFER_CHARS);
        @SuppressWarnings("unchecked")
        Map<String, Object> params = (Map<String, Object>) model;
        engine.render(filePath, params, output);
        return output.toString();
    }
}
