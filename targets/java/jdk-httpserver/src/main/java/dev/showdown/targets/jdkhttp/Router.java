package dev.showdown.targets.jdkhttp;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpHandler;
import java.io.IOException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A route table for one {@code HttpContext}: com.sun.net.httpserver only matches context prefixes, so
 * apps route by hand. Routes are regular expressions over the raw path, tried in the order they were
 * added, so static routes added first win over parameter routes added later. Each capture group is
 * percent-decoded and handed to the route as a parameter.
 */
final class Router implements HttpHandler {

    /** A route's action; {@code params} holds the decoded capture groups in order. */
    @FunctionalInterface
    interface Action {
        void handle(HttpExchange exchange, List<String> params) throws IOException;
    }

    private record Route(String method, Pattern path, Action action) {}

    private final List<Route> routes = new ArrayList<>();

    Router get(String pathRegex, Action action) {
        return add("GET", pathRegex, action);
    }

    Router post(String pathRegex, Action action) {
        return add("POST", pathRegex, action);
    }

    private Router add(String method, String pathRegex, Action action) {
        routes.add(new Route(method, Pattern.compile(pathRegex), action));
        return this;
    }

    @Override
    public void handle(HttpExchange exchange) throws IOException {
        try (exchange) {
            String path = exchange.getRequestURI().getRawPath();
            String method = exchange.getRequestMethod();
            boolean pathMatched = false;
            for (Route route : routes) {
                Matcher matcher = route.path().matcher(path);
                if (!matcher.matches()) {
                    continue;
                }
                pathMatched = true;
                if (route.method().equals(method)) {
                    route.action().handle(exchange, params(matcher));
                    return;
                }
            }
            Responses.empty(exchange, pathMatched ? 405 : 404);
        }
    }

    private static List<String> params(Matcher matcher) {
        List<String> params = new ArrayList<>(matcher.groupCount());
        for (int group = 1; group <= matcher.groupCount(); group++) {
            String raw = matcher.group(group);
            // URLDecoder decodes forms, where '+' is a space; in a path it is a literal plus.
            params.add(raw.indexOf('%') < 0 ? raw : URLDecoder.decode(raw.replace("+", "%2B"), StandardCharsets.UTF_8));
        }
        return params;
    }
}
