package dev.showdown.targets.jetty;

import java.util.function.Function;

import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.http.HttpMethod;
import org.eclipse.jetty.io.Content;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;

/** A GET route answering {@code text/plain; charset=utf-8} with a body computed from the request. */
final class TextHandler extends Handler.Abstract.NonBlocking {
    static final String TEXT_PLAIN_UTF8 = "text/plain; charset=utf-8";

    private final Function<Request, String> body;

    private TextHandler(Function<Request, String> body) {
        this.body = body;
    }

    static TextHandler get(Function<Request, String> body) {
        return new TextHandler(body);
    }

    @Override
    public boolean handle(Request request, Response response, Callback callback) {
        if (!HttpMethod.GET.is(request.getMethod())) {
            return false; // not handled: Jetty answers 404
        }
        response.getHeaders().put(HttpHeader.CONTENT_TYPE, TEXT_PLAIN_UTF8);
        // A single last write lets Jetty send Content-Length instead of chunking.
        Content.Sink.write(response, true, body.apply(request), callback);
        return true;
    }
}
