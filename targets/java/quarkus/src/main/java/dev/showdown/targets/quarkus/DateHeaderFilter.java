package dev.showdown.targets.quarkus;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Locale;

import io.quarkus.vertx.http.runtime.filters.Filters;
import io.vertx.core.http.HttpHeaders;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;

/**
 * Vert.x sends no Date header, and quarkus.http.header.* only takes fixed values, so this
 * route filter adds Date to every response (404s included), formatted once per second.
 */
@ApplicationScoped
public class DateHeaderFilter {

    /** Runs before the REST handlers; filters with a higher priority run first. */
    private static final int FILTER_PRIORITY = 100;

    /** IMF-fixdate (RFC 9110), e.g. "Sun, 06 Nov 1994 08:49:37 GMT"; always two-digit days. */
    private static final DateTimeFormatter HTTP_DATE =
            DateTimeFormatter.ofPattern("EEE, dd MMM yyyy HH:mm:ss 'GMT'", Locale.US).withZone(ZoneOffset.UTC);

    /** The Date value for one second, shared by every request in that second. */
    private record DateStamp(long epochSecond, String value) {
    }

    private volatile DateStamp date = new DateStamp(0, "");

    void register(@Observes Filters filters) {
        filters.register(rc -> {
            rc.response().putHeader(HttpHeaders.DATE, currentDate());
            rc.next();
        }, FILTER_PRIORITY);
    }

    private String currentDate() {
        long now = System.currentTimeMillis() / 1000;
        DateStamp stamp = date;
        if (stamp.epochSecond() != now) {
            // Racing threads may both format; either result is correct for this second.
            stamp = new DateStamp(now, HTTP_DATE.format(Instant.ofEpochSecond(now)));
            date = stamp;
        }
        return stamp.value();
    }
}
