package dev.showdown.targets.jetty;

import java.util.regex.Matcher;

import org.eclipse.jetty.http.pathmap.PathSpec;
import org.eclipse.jetty.http.pathmap.RegexPathSpec;
import org.eclipse.jetty.http.pathmap.UriTemplatePathSpec;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.handler.PathMappingsHandler;
import org.eclipse.jetty.util.URIUtil;

/** Reads a captured path segment from the path spec that {@link PathMappingsHandler} matched. */
final class PathParams {
    private PathParams() {
    }

    static String get(Request request, String name) {
        PathSpec spec = (PathSpec) request.getAttribute(PathMappingsHandler.PATHSPEC_ATTR);
        // The canonical path keeps characters such as '<' percent-encoded; decode the capture only.
        String path = request.getHttpURI().getCanonicalPath();
        String raw = switch (spec) {
            case UriTemplatePathSpec template -> template.getPathParams(path).get(name);
            case RegexPathSpec regex -> {
                Matcher matcher = regex.getPattern().matcher(path);
                yield matcher.matches() ? matcher.group(name) : null;
            }
            default -> throw new IllegalStateException("no captures in " + spec);
        };
        return raw == null ? null : URIUtil.decodePath(raw);
    }
}
