package showdown.load;

import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * One load run: which requests, how many connections, and for how long.
 *
 * <p>Invariants (checked by the builder): at least one URL, all http or all https; {@code threads >= 1};
 * {@code connections >= threads}; {@code pipelineDepth >= 1}; the run is bounded by a positive duration,
 * a positive request count, or both. {@code ratePerSecond > 0} selects the open model (wrk2), where
 * latency is measured from each request's intended send time. {@code http2} speaks HTTP/2 over
 * cleartext TCP (h2c, prior knowledge), or over TLS (ALPN {@code h2}) on https URLs; {@code pipelineDepth}
 * is then the streams in flight per connection. https URLs are spoken as {@code tls} says. Without
 * {@code keepAlive} every request goes on a connection of its own (connect, handshake, request,
 * close), which is how connection and handshake cost is measured. {@code http3} speaks HTTP/3 over
 * QUIC (UDP, ALPN {@code h3}) to https URLs; {@code pipelineDepth} is then the streams in flight per
 * connection, as with HTTP/2; with {@code earlyData} (HTTP/3 only) a connection that resumes an earlier
 * one's TLS session sends its first request as 0-RTT early data. {@code busyPollMicros > 0} makes
 * each event loop poll that long for ready sockets before it sleeps (epoll and NIO only). In the
 * open model {@code arrival} says how the due times are spaced (evenly, or as a Poisson process),
 * and {@code spinLead} how long before each due time its loop stops sleeping and polls.
 */
public record LoadSpec(
        List<URI> urls,
        String method,
        List<Header> headers,
        byte[] body,
        int connections,
        int threads,
        Duration duration,
        long requests,
        int pipelineDepth,
        Duration timeout,
        Duration warmup,
        double ratePerSecond,
        Transport transport,
        int busyPollMicros,
        boolean http2,
        TlsOptions tls,
        boolean keepAlive,
        boolean http3,
        boolean earlyData,
        Arrival arrival,
        SpinLead spinLead) {

    public static final Duration DEFAULT_DURATION = Duration.ofSeconds(10);
    public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(2);
    /** The longest {@code --busy-poll}: past a millisecond a loop would poll more than it sleeps. */
    public static final int MAX_BUSY_POLL_MICROS = 1000;

    public LoadSpec {
        urls = List.copyOf(urls);
        headers = List.copyOf(headers);
        body = body == null ? null : body.clone();
        method = method.toUpperCase(Locale.ROOT);
        tls = tls == null ? TlsOptions.DEFAULTS : tls;
        arrival = arrival == null ? Arrival.UNIFORM : arrival;
        spinLead = spinLead == null ? SpinLead.AUTO : spinLead;
    }

    /** True when the URLs are https: every connection speaks TLS first. */
    public boolean secure() {
        return "https".equalsIgnoreCase(urls.get(0).getScheme());
    }

    public boolean openModel() {
        return ratePerSecond > 0;
    }

    /** True when the run stops after a request count rather than only a duration. */
    public boolean countBounded() {
        return requests > 0;
    }

    public static Builder builder() {
        return new Builder();
    }

    public Builder toBuilder() {
        Builder b = new Builder();
        b.urls.addAll(urls);
        b.headers.addAll(headers);
        return b.method(method).body(body).connections(connections).threads(threads).duration(duration)
                .requests(requests).pipelineDepth(pipelineDepth).timeout(timeout).warmup(warmup)
                .rate(ratePerSecond).transport(transport).busyPollMicros(busyPollMicros).http2(http2).tls(tls).keepAlive(keepAlive).http3(http3)
                .earlyData(earlyData).arrival(arrival).spinLead(spinLead);
    }

    /** Collects the options, then {@link #build()} validates them with user-readable messages. */
    public static final class Builder {
        private final List<URI> urls = new ArrayList<>();
        private final List<Header> headers = new ArrayList<>();
        private String method = "GET";
        private byte[] body;
        private int connections = 10;
        private int threads = 2;
        private Duration duration;
        private long requests;
        private int pipelineDepth = 1;
        private Duration timeout = DEFAULT_TIMEOUT;
        private Duration warmup = Duration.ZERO;
        private double rate;
        private Arrival arrival = Arrival.UNIFORM;
        private SpinLead spinLead = SpinLead.AUTO;
        private Transport transport = Transport.AUTO;
        private int busyPollMicros;
        private boolean http2;
        private TlsOptions tls = TlsOptions.DEFAULTS;
        private boolean keepAlive = true;
        private boolean http3;
        private boolean earlyData;

        public Builder url(String url) {
            urls.add(parseUrl(url));
            return this;
        }

        public Builder url(URI url) {
            urls.add(url);
            return this;
        }

        public Builder header(String name, String value) {
            headers.add(new Header(name, value));
            return this;
        }

        public Builder header(Header header) {
            headers.add(header);
            return this;
        }

        public Builder method(String method) {
            this.method = method;
            return this;
        }

        public Builder body(byte[] body) {
            this.body = body;
            return this;
        }

        public Builder connections(int connections) {
            this.connections = connections;
            return this;
        }

        public Builder threads(int threads) {
            this.threads = threads;
            return this;
        }

        public Builder duration(Duration duration) {
            this.duration = duration;
            return this;
        }

        public Builder requests(long requests) {
            this.requests = requests;
            return this;
        }

        public Builder pipelineDepth(int pipelineDepth) {
            this.pipelineDepth = pipelineDepth;
            return this;
        }

        public Builder timeout(Duration timeout) {
            this.timeout = timeout;
            return this;
        }

        public Builder warmup(Duration warmup) {
            this.warmup = warmup == null ? Duration.ZERO : warmup;
            return this;
        }

        public Builder rate(double requestsPerSecond) {
            this.rate = requestsPerSecond;
            return this;
        }

        public Builder transport(Transport transport) {
            this.transport = transport;
            return this;
        }

        /** Microseconds each event loop polls before it sleeps; 0 (the default): it sleeps at once. */
        /** The open model's arrival process ({@link Arrival#UNIFORM} unless set). */
        public Builder arrival(Arrival arrival) {
            this.arrival = arrival;
            return this;
        }

        /** The open model's spin before each due time ({@link SpinLead#AUTO} unless set). */
        public Builder spinLead(SpinLead spinLead) {
            this.spinLead = spinLead == null ? SpinLead.AUTO : spinLead;
            return this;
        }

        public Builder busyPollMicros(int micros) {
            this.busyPollMicros = micros;
            return this;
        }

        /** HTTP/2 instead of HTTP/1.1: h2c (prior knowledge) on http URLs, ALPN {@code h2} on https. */
        public Builder http2(boolean http2) {
            this.http2 = http2;
            return this;
        }

        /** HTTP/3 over QUIC (ALPN {@code h3}) instead of HTTP/1.1 over TCP; https URLs only. */
        public Builder http3(boolean http3) {
            this.http3 = http3;
            return this;
        }

        /** How https URLs are spoken; ignored for http URLs. */
        public Builder tls(TlsOptions tls) {
            this.tls = tls == null ? TlsOptions.DEFAULTS : tls;
            return this;
        }

        /**
         * HTTP/3: a connection that resumes an earlier one's TLS session sends its first request as
         * 0-RTT early data, before its handshake ends (the server must allow early data).
         */
        public Builder earlyData(boolean earlyData) {
            this.earlyData = earlyData;
            return this;
        }

        /** False: one request per connection (each on a new connection, closed after its answer). */
        public Builder keepAlive(boolean keepAlive) {
            this.keepAlive = keepAlive;
            return this;
        }

        public LoadSpec build() {
            if (urls.isEmpty()) {
                throw new LoadException("no URL given");
            }
            String scheme = urls.get(0).getScheme().toLowerCase(Locale.ROOT);
            for (URI u : urls) {
                if (!u.getScheme().equalsIgnoreCase(scheme)) {
                    throw new LoadException("URLs mix http and https: one run speaks one protocol");
                }
            }
            if (http3 && http2) {
                throw new LoadException("--h2 and --h3 cannot be combined: one run speaks one protocol");
            }
            if (http3 && !scheme.equals("https")) {
                throw new LoadException("--h3 speaks QUIC, which is always encrypted: use https:// URLs");
            }
            if (http3 && (tls.engine() != TlsEngine.AUTO || !tls.versions().isEmpty() || !tls.ciphers().isEmpty())) {
                throw new LoadException("--tls-engine, --tls-version and --ciphers do not apply to --h3: QUIC speaks TLS 1.3"
                        + " through quiche's BoringSSL");
            }
            if (earlyData && !http3) {
                throw new LoadException("--early-data is for --h3: 0-RTT early data is sent over QUIC only");
            }
            if (earlyData && !tls.resume()) {
                throw new LoadException("--early-data needs session resumption: it cannot be combined with --no-tls-resume");
            }
            if (!keepAlive && (pipelineDepth > 1 || http2)) {
                throw new LoadException("--no-keepalive sends one request per connection: it cannot be combined with "
                        + (http2 ? "--h2" : "--pipeline"));
            }
            if (threads < 1) {
                throw new LoadException("threads must be at least 1, not " + threads);
            }
            if (connections < threads) {
                throw new LoadException("connections (" + connections + ") must be at least threads (" + threads + ")");
            }
            if (pipelineDepth < 1) {
                throw new LoadException("pipeline depth must be at least 1, not " + pipelineDepth);
            }
            if (requests < 0) {
                throw new LoadException("request count must be positive, not " + requests);
            }
            if (duration != null && (duration.isNegative() || duration.isZero())) {
                throw new LoadException("duration must be positive, not " + duration.toMillis() + " ms");
            }
            if (timeout == null || timeout.isNegative() || timeout.isZero()) {
                throw new LoadException("timeout must be positive");
            }
            if (warmup.isNegative()) {
                throw new LoadException("warm-up must not be negative");
            }
            if (rate < 0 || Double.isNaN(rate) || Double.isInfinite(rate)) {
                throw new LoadException("rate must be a positive number of requests per second");
            }
            if (rate > 0 && pipelineDepth > 1 && !http2 && !http3) {
                throw new LoadException("--rate and --pipeline cannot be combined: the open model sends one request at a time");
            }
            if (arrival != null && arrival.process() != Arrival.Process.UNIFORM && rate == 0) {
                throw new LoadException("--arrival " + arrival.id() + " needs --rate: the closed model has no arrivals");
            }
            if (!spinLead.equals(SpinLead.AUTO) && rate == 0) {
                throw new LoadException("--spin-lead needs --rate: the closed model has no due times");
            }
            if (busyPollMicros < 0 || busyPollMicros > MAX_BUSY_POLL_MICROS) {
                throw new LoadException("--busy-poll is 0 to " + MAX_BUSY_POLL_MICROS + " microseconds, not " + busyPollMicros);
            }
            if (busyPollMicros > 0 && transport == Transport.IO_URING) {
                throw new LoadException("--busy-poll works with the epoll and nio transports, not io_uring");
            }
            Duration d = duration == null && requests == 0 ? DEFAULT_DURATION : duration;
            return new LoadSpec(urls, method, headers, body, connections, threads, d, requests, pipelineDepth,
                    timeout, warmup, rate, transport, busyPollMicros, http2, tls, keepAlive, http3, earlyData, arrival, spinLead);
        }
    }

    /** Accepts http and https URLs with a host. */
    public static URI parseUrl(String url) {
        URI uri;
        try {
            uri = new URI(url);
        } catch (Exception e) {
            throw new LoadException("bad URL '" + url + "': " + e.getMessage());
        }
        if (uri.getScheme() == null || uri.getHost() == null) {
            throw new LoadException("bad URL '" + url + "': expected http[s]://host[:port]/path");
        }
        String scheme = uri.getScheme().toLowerCase(Locale.ROOT);
        if (!scheme.equals("http") && !scheme.equals("https")) {
            throw new LoadException("unsupported scheme '" + uri.getScheme() + "' in '" + url + "': http or https");
        }
        return uri;
    }
}
