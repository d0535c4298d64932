package showdown.load.engine;

import java.net.InetSocketAddress;
import java.net.URI;

/**
 * A URL resolved once: where to connect and the HTTP/1.1 request bytes to send there. Both
 * protocols take their request target and authority from it.
 */
public record Endpoint(URI url, InetSocketAddress address, byte[] request, boolean head) {

    /** The request target: path and query exactly as given, "/" when the URL has no path. */
    public static String target(URI url) {
        String path = url.getRawPath();
        if (path == null || path.isEmpty()) {
            path = "/";
        }
        return url.getRawQuery() == null ? path : path + "?" + url.getRawQuery();
    }

    /** The host to connect to and name in TLS's SNI: an IPv6 literal without its brackets. */
    public static String host(URI url) {
        String host = url.getHost();
        return host.startsWith("[") && host.endsWith("]") ? host.substring(1, host.length() - 1) : host;
    }

    /** The Host header (HTTP/1.1) or :authority (HTTP/2) of {@code url}: host, and port if given. */
    public static String authority(URI url) {
        String host = url.getHost();
        if (host.indexOf(':') >= 0 && !host.startsWith("[")) {
            host = "[" + host + "]"; // IPv6 literal
        }
        return url.getPort() < 0 ? host : host + ":" + url.getPort();
    }
}
