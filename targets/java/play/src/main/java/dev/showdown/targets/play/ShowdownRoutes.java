package dev.showdown.targets.play;

import static play.mvc.Results.ok;

import java.util.List;
import org.apache.pekko.util.ByteString;
import play.libs.Json;
import play.mvc.Http;
import play.mvc.Result;
import play.routing.Router;
import play.routing.RoutingDsl;

/**
 * Every route of the Showdown scenario contract, in Play's Java routing DSL.
 *
 * <p>The DSL tries routes in the order they are declared, so the static routes come before
 * {@code /:title}. {@code $digits<[0-9]+>} is the DSL's regex segment: anything else under
 * {@code /echo/regex/} matches no route and gets Play's 404.
 */
final class ShowdownRoutes {

    /** The team shown on the showdown page, as in phoenix-showdown. */
    static final List<Member> MEMBERS = List.of(
            new Member("Chris McCord"),
            new Member("Matt Sears"),
            new Member("David Stump"),
            new Member("Ricardo Thompson"));

    /** Echoed bodies without a Content-Type are returned as opaque bytes. */
    static final String DEFAULT_ECHO_TYPE = "application/octet-stream";

    private ShowdownRoutes() {
    }

    static Router build(RoutingDsl dsl) {
        return dsl
                .GET("/echo/hello-world").routingTo(request -> ok("Hello World"))
                .GET("/echo/plain/:param").routingTo((request, param) -> ok((String) param))
                .GET("/echo/regex/$digits<[0-9]+>").routingTo((request, digits) -> ok((String) digits))
                .GET("/").routingTo(request -> ok(""))
                .GET("/user/:id").routingTo((request, id) -> ok((String) id))
                .POST("/user").routingTo(ShowdownRoutes::echo)
                .GET("/plaintext").routingTo(request -> ok("Hello, World!"))
                .GET("/json").routingTo(request -> ok(Json.toJson(new Message("Hello, World!"))))
                .GET("/:title").routingTo((request, title) ->
                        ok(views.html.index.render((String) title, MEMBERS)))
                .build();
    }

    /** Returns the request body byte for byte, with the request's own Content-Type. */
    private static Result echo(Http.Request request) {
        ByteString body = request.body().asBytes();
        String contentType = request.header(Http.HeaderNames.CONTENT_TYPE).orElse(DEFAULT_ECHO_TYPE);
        return ok().sendByteString(body == null ? ByteString.emptyByteString() : body).as(contentType);
    }

    /** The /json payload, serialised per request by Play's Jackson mapper. */
    record Message(String message) {
    }
}
