package dev.showdown.targets.activej;

import static io.activej.http.HttpMethod.GET;
import static io.activej.http.HttpMethod.POST;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.activej.bytebuf.ByteBuf;
import io.activej.http.HttpHeaders;
import io.activej.http.HttpRequest;
import io.activej.http.HttpResponse;
import io.activej.http.RoutingServlet;
import io.activej.http.decoder.Decoder;
import io.activej.http.decoder.Decoders;
import io.activej.promise.Promise;
import java.io.UncheckedIOException;
import java.util.regex.Pattern;

/**
 * Every route of the Showdown scenario contract on ActiveJ's {@link RoutingServlet}.
 *
 * <p>The RoutingServlet is a trie: a literal segment always wins over a {@code /:param} segment,
 * so {@code /plaintext} beats {@code /:title}. It has no regex segments; ActiveJ checks request
 * parameters with its {@link Decoder} validation, so {@code /echo/regex/:digits} validates the
 * segment and answers 404 when it is not all digits.
 */
final class ShowdownRoutes {

    private static final Pattern DIGITS = Pattern.compile("[0-9]+");
    private static final Decoder<String> DIGITS_PARAM =
            Decoders.ofPath("digits").validate(DIGITS.asMatchPredicate(), "must be digits");
    /** Echoed bodies without a Content-Type are returned as opaque bytes. */
    private static final String DEFAULT_ECHO_TYPE = "application/octet-stream";
    private static final String TEXT_UTF8 = "text/plain; charset=utf-8";
    private static final String JSON = "application/json";
    private static final ObjectMapper MAPPER = new ObjectMapper();

    private ShowdownRoutes() {
    }

    static RoutingServlet create(ShowdownPage page) {
        return RoutingServlet.create()
                .map(GET, "/echo/hello-world", request -> text("Hello World"))
                .map(GET, "/echo/plain/:param", request -> text(request.getPathParameter("param")))
                .map(GET, "/echo/regex/:digits", ShowdownRoutes::digits)
                .map(GET, "/", request -> text(""))
                .map(GET, "/user/:id", request -> text(request.getPathParameter("id")))
                .map(POST, "/user", ShowdownRoutes::echo)
                .map(GET, "/plaintext", request -> text("Hello, World!"))
                .map(GET, "/json", request -> json(new Message("Hello, World!")))
                .map(GET, "/:title", request -> HttpResponse.ok200()
                        .withHtml(page.render(request.getPathParameter("title"))))
                // The trie's fallback: any other path or method.
                .map("/*", request -> notFound());
    }

    private static HttpResponse digits(HttpRequest request) {
        String digits = DIGITS_PARAM.decodeOrNull(request);
        return digits != null ? text(digits) : notFound();
    }

    private static HttpResponse notFound() {
        return HttpResponse.ofCode(404).withHeader(HttpHeaders.CONTENT_TYPE, TEXT_UTF8)
                .withBody(utf8("Not Found"));
    }

    /** Loads the whole body (Content-Length or chunked) and sends the same bytes back. */
    private static Promise<HttpResponse> echo(HttpRequest request) {
        String type = request.getHeader(HttpHeaders.CONTENT_TYPE);
        String echoType = type != null ? type : DEFAULT_ECHO_TYPE;
        return request.loadBody(ActiveJTarget.MAX_BODY_BYTES)
                .map((ByteBuf body, Exception e) -> {
                    // loadBody fails once the bytes collected so far reach the limit, but it checks
                    // before adding each chunk, so the last chunk can carry a body past the limit
                    // (ActiveJ 5.5); the size is therefore checked again here.
                    if (e != null || body.readRemaining() > ActiveJTarget.MAX_BODY_BYTES) {
                        return payloadTooLarge();
                    }
                    return HttpResponse.ok200()
                            .withHeader(HttpHeaders.CONTENT_TYPE, echoType)
                            .withBody(request.takeBody());
                });
    }

    private static HttpResponse payloadTooLarge() {
        return HttpResponse.ofCode(413).withHeader(HttpHeaders.CONTENT_TYPE, TEXT_UTF8)
                .withBody(utf8("Payload Too Large"));
    }

    private static HttpResponse text(String body) {
        return HttpResponse.ok200().withHeader(HttpHeaders.CONTENT_TYPE, TEXT_UTF8).withBody(utf8(body));
    }

    /** Serialised per request with Jackson. */
    private static HttpResponse json(Object value) {
        try {
            return HttpResponse.ok200().withHeader(HttpHeaders.CONTENT_TYPE, JSON)
                    .withBody(MAPPER.writeValueAsBytes(value));
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static byte[] utf8(String s) {
        return s.getBytes(java.nio.charset.StandardCharsets.UTF_8);
    }

    /** The /json payload. */
    record Message(String message) {
    }
}
