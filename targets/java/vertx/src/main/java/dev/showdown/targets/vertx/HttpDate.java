package dev.showdown.targets.vertx;

import io.vertx.core.Vertx;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Locale;

/**
 * The value of the {@code Date} header, which Vert.x does not send by itself. It is formatted once
 * a second on a Vert.x timer rather than for every response.
 */
final class HttpDate {
    /** IMF-fixdate (RFC 9110): two-digit day, always GMT. */
    private static final DateTimeFormatter IMF_FIXDATE =
            DateTimeFormatter.ofPattern("EEE, dd MMM yyyy HH:mm:ss 'GMT'", Locale.US).withZone(ZoneOffset.UTC);
    private static final long REFRESH_MILLIS = 1000;

    private volatile String value = now();

    HttpDate(Vertx vertx) {
        vertx.setPeriodic(REFRESH_MILLIS, timerId -> value = now());
    }

    String value() {
        return value;
    }

    private static String now() {
        return IMF_FIXDATE.format(ZonedDateTime.now(ZoneOffset.UTC));
    }
}
