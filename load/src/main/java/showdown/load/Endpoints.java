package showdown.load;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import showdown.load.engine.Endpoint;
import showdown.load.http1.RequestTemplate;
import showdown.load.http2.H2Preflight;
import showdown.load.tls.TlsPreflight;

/** A run's endpoints: its URLs resolved once each, their requests encoded, and checked to answer before the run. */
final class Endpoints {

    private static final int PREFLIGHT_TIMEOUT_MILLIS = 3000;

    private Endpoints() {
    }

    static List<Endpoint> resolve(LoadSpec spec) {
        boolean head = spec.method().equals("HEAD");
        List<Header> headers = new ArrayList<>(spec.headers());
        if (!spec.keepAlive() && headers.stream().noneMatch(h -> h.name().equalsIgnoreCase("connection"))) {
            headers.add(new Header("Connection", "close")); // one request per connection, said so to the server
        }
        Map<URI, Endpoint> byUrl = new LinkedHashMap<>();
        List<Endpoint> endpoints = new ArrayList<>();
        for (URI url : spec.urls()) {
            Endpoint e = byUrl.computeIfAbsent(url, u -> new Endpoint(u, address(u),
                    RequestTemplate.encode(spec.method(), u, headers, spec.body()), head));
            endpoints.add(e);
        }
        return endpoints;
    }

    private static InetSocketAddress address(URI url) {
        int defaultPort = "https".equalsIgnoreCase(url.getScheme()) ? 443 : 80;
        try {
            return new InetSocketAddress(InetAddress.getByName(Endpoint.host(url)), url.getPort() < 0 ? defaultPort : url.getPort());
        } catch (UnknownHostException e) {
            throw new LoadException("unknown host '" + url.getHost() + "' in " + url);
        }
    }

    /**
     * Fails early, in one line, when nothing listens (a run of connect errors helps nobody), or,
     * for an HTTP/2 run, when what listens does not speak h2c, or over TLS does not offer h2.
     */
    static void preflight(List<Endpoint> endpoints, LoadSpec spec) {
        for (Endpoint e : distinctAddresses(endpoints)) {
            try (Socket s = new Socket()) {
                s.connect(e.address(), PREFLIGHT_TIMEOUT_MILLIS);
                if (spec.http2() && spec.secure()) {
                    TlsPreflight.checkH2(s, e.url(), PREFLIGHT_TIMEOUT_MILLIS);
                } else if (spec.http2()) {
                    H2Preflight.check(s, e.url(), PREFLIGHT_TIMEOUT_MILLIS);
                }
            } catch (IOException ex) {
                throw new LoadException("cannot connect to " + e.address().getHostString() + ":" + e.address().getPort()
                        + " (" + e.url() + "): " + ex.getMessage());
            }
        }
    }

    private static Collection<Endpoint> distinctAddresses(List<Endpoint> endpoints) {
        Map<InetSocketAddress, Endpoint> byAddress = new LinkedHashMap<>();
        for (Endpoint e : endpoints) {
            byAddress.putIfAbsent(e.address(), e);
        }
        return byAddress.values();
    }
}
