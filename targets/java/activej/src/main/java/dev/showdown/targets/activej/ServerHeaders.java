package dev.showdown.targets.activej;

import io.activej.http.AsyncServlet;
import io.activej.http.HttpHeaderValue;
import io.activej.http.HttpHeaders;
import io.activej.http.HttpRequest;
import io.activej.http.HttpResponse;
import io.activej.promise.Promisable;

/**
 * Adds {@code Server} and {@code Date} to every response, which ActiveJ's HTTP server leaves to
 * the application. Wrapping a servlet is ActiveJ's way to add behaviour around routes. One
 * instance serves one worker eventloop, so the per-second Date cache needs no locking.
 */
final class ServerHeaders implements AsyncServlet {

    private static final HttpHeaderValue SERVER = HttpHeaderValue.of("ActiveJ");
    private static final String ERROR_TYPE = "text/plain; charset=utf-8";
    private static final long MILLIS_PER_SECOND = 1000;

    private final AsyncServlet next;
    private long dateSecond = -1;
    private HttpHeaderValue date;

    ServerHeaders(AsyncServlet next) {
        this.next = next;
    }

    @Override
    public Promisable<HttpResponse> serve(HttpRequest request) throws Exception {
        return next.serveAsync(request).map((response, e) -> {
            // Routes answer errors themselves; this only catches a failure none of them expected.
            HttpResponse out = e == null ? response
                    : HttpResponse.ofCode(statusOf(e)).withHeader(HttpHeaders.CONTENT_TYPE, ERROR_TYPE);
            return out.withHeader(HttpHeaders.SERVER, SERVER).withHeader(HttpHeaders.DATE, date());
        });
    }

    private HttpHeaderValue date() {
        long now = System.currentTimeMillis();
        long second = now / MILLIS_PER_SECOND;
        if (second != dateSecond) {
            dateSecond = second;
            date = HttpHeaderValue.ofTimestamp(second * MILLIS_PER_SECOND);
        }
        return date;
    }

    private static int statusOf(Exception e) {
        return e instanceof io.activej.http.HttpError error ? error.getCode() : 500;
    }
}
