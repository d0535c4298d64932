package dev.showdown.targets.quarkus;

import io.quarkus.vertx.http.runtime.filters.Filters;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpVersion;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;

/**
 * Keeps {@code Connection} off HTTP/2 responses. Quarkus's max-body-size check answers a too-large
 * request with 413 and {@code Connection: close} whatever the protocol, and Vert.x passes that header
 * into the HTTP/2 HEADERS frame, where RFC 9113 (section 8.2.2) forbids it: clients reject the
 * response as malformed and reset the stream instead of reading the 413. Over HTTP/1.1 the header
 * stays, since there it closes the connection as intended.
 */
@ApplicationScoped
public class Http2ConnectionHeaderFilter {

    /** Registered like {@link DateHeaderFilter}, before the body-size check and the REST handlers. */
    private static final int FILTER_PRIORITY = 100;

    void register(@Observes Filters filters) {
        filters.register(rc -> {
            if (rc.request().version() == HttpVersion.HTTP_2) {
                rc.addHeadersEndHandler(headersEnd -> rc.response().headers().remove(HttpHeaders.CONNECTION));
            }
            rc.next();
        }, FILTER_PRIORITY);
    }
}
