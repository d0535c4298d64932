package dev.showdown.targets.tomcat;

import jakarta.servlet.http.HttpServletRequest;

/** Reads the single path segment that a prefix mapping ({@code /x/*}) left in the path info. */
final class PathSegments {
    private PathSegments() {
    }

    /** @return the decoded segment after the mapping, or {@code null} when there is not exactly one */
    static String single(HttpServletRequest request) {
        String info = request.getPathInfo();
        if (info == null || info.length() < 2 || info.indexOf('/', 1) >= 0) {
            return null;
        }
        return info.substring(1);
    }
}
