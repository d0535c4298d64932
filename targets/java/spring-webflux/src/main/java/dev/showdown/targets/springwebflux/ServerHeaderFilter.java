package dev.showdown.targets.springwebflux;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Locale;

import org.springframework.http.HttpHeaders;
import org.springframework.stereotype.Component;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.WebFilter;
import org.springframework.web.server.WebFilterChain;

import reactor.core.publisher.Mono;

/**
 * Reactor Netty sends neither Server nor Date, and Boot's server.server-header does not apply to
 * it, so this filter adds both to every response, 404s included.
 */
@Component
public class ServerHeaderFilter implements WebFilter {

    private static final String SERVER_NAME = "Spring-WebFlux";

    /** IMF-fixdate (RFC 9110), e.g. "Sun, 06 Nov 1994 08:49:37 GMT"; always two-digit days. */
    private static final DateTimeFormatter HTTP_DATE =
            DateTimeFormatter.ofPattern("EEE, dd MMM yyyy HH:mm:ss 'GMT'", Locale.US).withZone(ZoneOffset.UTC);

    /** The Date value for one second, formatted once and shared by every request in that second. */
    private record DateStamp(long epochSecond, String value) {
    }

    private volatile DateStamp date = new DateStamp(0, "");

    @Override
    public Mono<Void> filter(ServerWebExchange exchange, WebFilterChain chain) {
        HttpHeaders headers = exchange.getResponse().getHeaders();
        headers.set(HttpHeaders.SERVER, SERVER_NAME);
        headers.set(HttpHeaders.DATE, currentDate());
        return chain.filter(exchange);
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
