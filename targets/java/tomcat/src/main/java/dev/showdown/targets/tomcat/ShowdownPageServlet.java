package dev.showdown.targets.tomcat;

import java.io.IOException;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.thymeleaf.TemplateEngine;
import org.thymeleaf.context.Context;
import org.thymeleaf.templatemode.TemplateMode;
import org.thymeleaf.templateresolver.ClassLoaderTemplateResolver;

/**
 * The default servlet ({@code /}): {@code GET /{title}} renders templates/index.html with Thymeleaf
 * (the layout fragment wraps it, the member fragment is inserted per member) for every request.
 * Any path of more than one segment is not a route and gets 404.
 */
final class ShowdownPageServlet extends HttpServlet {
    static final String TEXT_HTML_UTF8 = "text/html; charset=utf-8";
    /** Room for the ~2 KB page without the writer growing. */
    private static final int PAGE_BUFFER_CHARS = 4096;

    public record Member(String name) {
    }

    static final List<Member> MEMBERS = List.of(
            new Member("Chris McCord"), new Member("Matt Sears"),
            new Member("David Stump"), new Member("Ricardo Thompson"));

    private final TemplateEngine engine = templateEngine();

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
        String path = request.getServletPath(); // decoded: /a%3Cb%3E arrives as /a<b>
        if (path.length() < 2 || path.indexOf('/', 1) >= 0) {
            response.sendError(HttpServletResponse.SC_NOT_FOUND);
            return;
        }
        Context model = new Context(Locale.ROOT, Map.of("title", path.substring(1), "members", MEMBERS));
        StringWriter html = new StringWriter(PAGE_BUFFER_CHARS);
        engine.process("index", model, html);
        byte[] bytes = html.toString().getBytes(StandardCharsets.UTF_8);
        response.setContentType(TEXT_HTML_UTF8);
        response.setContentLength(bytes.length);
        response.getOutputStream().write(bytes);
    }

    /** Production mode: parsed templates are cached; [[...]] and th:text escape HTML. */
    private static TemplateEngine templateEngine() {
        ClassLoaderTemplateResolver resolver = new ClassLoaderTemplateResolver();
        resolver.setPrefix("templates/");
        resolver.setSuffix(".html");
        resolver.setTemplateMode(TemplateMode.HTML);
        resolver.setCharacterEncoding("UTF-8");
        resolver.setCacheable(true);
        TemplateEngine engine = new TemplateEngine();
        engine.setTemplateResolver(resolver);
        return engine;
    }
}
