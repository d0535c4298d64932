package dev.showdown.targets.micronaut;

import io.micronaut.core.annotation.Nullable;
import io.micronaut.http.HttpHeaders;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.MediaType;
import io.micronaut.http.annotation.Body;
import io.micronaut.http.annotation.Consumes;
import io.micronaut.http.annotation.Controller;
import io.micronaut.http.annotation.Header;
import io.micronaut.http.annotation.Post;

/**
 * S2's POST /user: echoes the request body byte for byte, with the request's Content-Type.
 * Micronaut aggregates the body and answers 413 past micronaut.server.max-request-size.
 */
@Controller("/user")
public class UserEchoController {

    private static final byte[] EMPTY = new byte[0];

    @Post
    @Consumes(MediaType.ALL)
    public HttpResponse<byte[]> echo(@Header(HttpHeaders.CONTENT_TYPE) @Nullable String contentType,
                                     @Body @Nullable byte[] body) {
        String type = contentType == null ? MediaType.APPLICATION_OCTET_STREAM : contentType;
        return HttpResponse.ok(body == null ? EMPTY : body).contentType(type);
    }
}
