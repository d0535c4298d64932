package dev.showdown.targets.jetty;

import java.nio.ByteBuffer;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;

import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.http.HttpMethod;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;

/** {@code GET /json}: a fresh {@link Message} serialised by Jackson for every request. */
final class JsonHandler extends Handler.Abstract.NonBlocking {
    private static final ObjectMapper MAPPER = new ObjectMapper();

    record Message(String message) {
    }

    @Override
    public boolean handle(Request request, Response response, Callback callback) throws JsonProcessingException {
        if (!HttpMethod.GET.is(request.getMethod())) {
            return false;
        }
        byte[] json = MAPPER.writeValueAsBytes(new Message("Hello, World!"));
        response.getHeaders().put(HttpHeader.CONTENT_TYPE, "application/json");
        response.write(true, ByteBuffer.wrap(json), callback);
        return true;
    }
}
