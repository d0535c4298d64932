package dev.showdown.targets.armeria;

import com.linecorp.armeria.common.AggregatedHttpRequest;
import com.linecorp.armeria.common.HttpResponse;
import com.linecorp.armeria.common.HttpStatus;
import com.linecorp.armeria.common.MediaType;
import com.linecorp.armeria.server.annotation.Get;
import com.linecorp.armeria.server.annotation.Param;
import com.linecorp.armeria.server.annotation.Post;
import com.linecorp.armeria.server.annotation.ProducesJson;

/**
 * Every route of the Showdown scenario contract as one Armeria annotated service.
 *
 * <p>Armeria's router tries exact paths before parameter paths, so {@code /plaintext} and
 * {@code /json} win over {@code /{title}}. The digits route is an Armeria {@code regex:} path:
 * {@code /echo/regex/abc} matches no route and gets 404.
 */
public final class ShowdownService {

    /** Echoed bodies without a Content-Type are returned as opaque bytes. */
    private static final MediaType DEFAULT_ECHO_TYPE = MediaType.OCTET_STREAM;

    private final ShowdownPage page;

    ShowdownService(ShowdownPage page) {
        this.page = page;
    }

    @Get("/echo/hello-world")
    public HttpResponse helloWorld() {
        return text("Hello World");
    }

    @Get("/echo/plain/{param}")
    public HttpResponse plain(@Param String param) {
        return text(param);
    }

    @Get("regex:^/echo/regex/(?<digits>[0-9]+)$")
    public HttpResponse regex(@Param String digits) {
        return text(digits);
    }

    @Get("/")
    public HttpResponse empty() {
        return HttpResponse.of(HttpStatus.OK, MediaType.PLAIN_TEXT_UTF_8, "");
    }

    @Get("/user/{id}")
    public HttpResponse user(@Param String id) {
        return text(id);
    }

    /** Byte-for-byte echo; Armeria aggregates the body (Content-Length or chunked) first. */
    @Post("/user")
    public HttpResponse echo(AggregatedHttpRequest request) {
        MediaType type = request.contentType() != null ? request.contentType() : DEFAULT_ECHO_TYPE;
        return HttpResponse.of(HttpStatus.OK, type, request.content());
    }

    @Get("/plaintext")
    public HttpResponse plaintext() {
        return text("Hello, World!");
    }

    /** Serialised per request by Armeria's Jackson response converter. */
    @Get("/json")
    @ProducesJson
    public Message json() {
        return new Message("Hello, World!");
    }

    @Get("/{title}")
    public HttpResponse showdown(@Param String title) {
        return HttpResponse.of(HttpStatus.OK, MediaType.HTML_UTF_8, page.render(title));
    }

    private static HttpResponse text(String body) {
        return HttpResponse.of(HttpStatus.OK, MediaType.PLAIN_TEXT_UTF_8, body);
    }

    /** The /json payload. */
    public record Message(String message) {
    }
}
