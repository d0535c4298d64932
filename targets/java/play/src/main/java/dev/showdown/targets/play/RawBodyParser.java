package dev.showdown.targets.play;

import org.apache.pekko.util.ByteString;
import play.api.http.HttpConfiguration;
import play.api.mvc.PlayBodyParsers;
import play.http.HttpErrorHandler;
import play.libs.F;
import play.libs.streams.Accumulator;
import play.mvc.BodyParser;
import play.mvc.Http;
import play.mvc.Result;

/**
 * Keeps every request body as the exact bytes received.
 *
 * <p>RoutingDsl applies one body parser to all of its routes. Play's default parser decodes
 * {@code text/plain}, JSON and form bodies by their content type, which would change (or reject)
 * a binary body sent with such a type; the echo route needs the bytes untouched, which is what an
 * annotated controller gets from {@code @BodyParser.Of(BodyParser.Bytes.class)}. The size limit is
 * Play's {@code play.http.parser.maxMemoryBuffer}: larger bodies get 413 from the error handler.
 */
final class RawBodyParser extends BodyParser.Default {

    private final BodyParser.Bytes bytes;

    RawBodyParser(HttpErrorHandler errorHandler, HttpConfiguration httpConfiguration,
                  PlayBodyParsers parsers) {
        super(errorHandler, httpConfiguration, parsers);
        this.bytes = new BodyParser.Bytes(httpConfiguration, errorHandler);
    }

    @Override
    public Accumulator<ByteString, F.Either<Result, Object>> apply(Http.RequestHeader request) {
        if (!request.hasBody()) {
            return super.apply(request);
        }
        return bytes.apply(request).map(parsed -> parsed.right.isPresent()
                ? F.Either.Right(parsed.right.get())
                : F.Either.Left(parsed.left.get()), Runnable::run);
    }
}
