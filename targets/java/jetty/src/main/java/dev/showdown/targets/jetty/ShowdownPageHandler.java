package dev.showdown.targets.jetty;

import java.io.StringWriter;
import java.util.List;

import com.github.mustachejava.DefaultMustacheFactory;
import com.github.mustachejava.Mustache;

import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.http.HttpMethod;
import org.eclipse.jetty.io.Content;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;

/**
 * {@code GET /{title}}: renders templates/index.mustache (which extends layout.mustache and
 * includes the member.mustache partial once per member) for every request.
 */
final class ShowdownPageHandler extends Handler.Abstract.NonBlocking {
    static final String TEXT_HTML_UTF8 = "text/html; charset=utf-8";
    /** Room for the ~2 KB page without the writer growing. */
    private static final int PAGE_BUFFER_CHARS = 4096;

    record Member(String name) {
    }

    /** What the index view sees: {@code {{title}}} and {@code {{#members}}}. */
    record Page(String title, List<Member> members) {
    }

    static final List<Member> MEMBERS = List.of(
            new Member("Chris McCord"), new Member("Matt Sears"),
            new Member("David Stump"), new Member("Ricardo Thompson"));

    // Templates are parsed once; rendering (and HTML escaping of {{...}}) happens per request.
    private final Mustache index = new DefaultMustacheFactory("templates").compile("index.mustache");

    @Override
    public boolean handle(Request request, Response response, Callback callback) {
        if (!HttpMethod.GET.is(request.getMethod())) {
            return false;
        }
        StringWriter html = new StringWriter(PAGE_BUFFER_CHARS);
        index.execute(html, new Page(PathParams.get(request, "title"), MEMBERS));
        response.getHeaders().put(HttpHeader.CONTENT_TYPE, TEXT_HTML_UTF8);
        Content.Sink.write(response, true, html.toString(), callback);
        return true;
    }
}
