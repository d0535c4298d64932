package dev.showdown.targets.jetty;

import java.nio.ByteBuffer;
import java.util.concurrent.CompletionException;

import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.http.HttpMethod;
import org.eclipse.jetty.io.Content;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;

/**
 * {@code POST /user}: echoes the body byte for byte with the request's Content-Type.
 * The body is read completely before answering so that an over-long chunked body still gets
 * 413 from {@link org.eclipse.jetty.server.handler.SizeLimitHandler} instead of a cut response.
 */
final class EchoHandler extends Handler.Abstract.NonBlocking {
    static final String DEFAULT_CONTENT_TYPE = "application/octet-stream";

    @Override
    public boolean handle(Request request, Response response, Callback callback) {
        if (!HttpMethod.POST.is(request.getMethod())) {
            return false;
        }
        String contentType = request.getHeaders().get(HttpHeader.CONTENT_TYPE);
        Content.Source.asByteArrayAsync(request, (int) JettyApp.MAX_REQUEST_BYTES).whenComplete((body, failure) -> {
            if (failure != null) {
                // SizeLimitHandler fails the read with an HttpException carrying 413;
                // unwrap it so that writeError answers with that status, not 500.
                Throwable cause = failure instanceof CompletionException ? failure.getCause() : failure;
                Response.writeError(request, response, callback, cause);
                return;
            }
            response.getHeaders().put(HttpHeader.CONTENT_TYPE, contentType != null ? contentType : DEFAULT_CONTENT_TYPE);
            response.write(true, ByteBuffer.wrap(body), callback);
        });
        return true;
    }
}
