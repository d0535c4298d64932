package showdown.hosts.wire;

import java.net.URI;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import showdown.load.Arrival;
import showdown.load.Header;
import showdown.load.LoadSpec;
import showdown.load.SpinLead;
import showdown.load.TlsEngine;
import showdown.load.TlsOptions;
import showdown.load.Transport;

/**
 * A {@link LoadSpec} as it crosses the wire: every field, durations in nanoseconds, the body in
 * base64. TLS options travel without a CA file (a path on the controller's host means nothing on
 * the agent's): an agent verifies no server certificate, as the load engine's default does.
 */
public record LoadSpecJson(List<String> urls, String method, List<Header> headers, String body, int connections,
                           int threads, Long durationNanos, long requests, int pipelineDepth, long timeoutNanos,
                           long warmupNanos, double ratePerSecond, String transport, int busyPollMicros, boolean http2,
                           String tlsEngine, List<String> tlsVersions, List<String> tlsCiphers, boolean tlsResume,
                           boolean keepAlive, boolean http3, boolean earlyData, String arrival, long arrivalSeed,
                           String spinLead) {

    public static LoadSpecJson of(LoadSpec s) {
        return new LoadSpecJson(s.urls().stream().map(URI::toString).toList(), s.method(), s.headers(),
                s.body() == null ? null : Base64.getEncoder().encodeToString(s.body()), s.connections(), s.threads(),
                s.duration() == null ? null : s.duration().toNanos(), s.requests(), s.pipelineDepth(),
                s.timeout().toNanos(), s.warmup().toNanos(), s.ratePerSecond(), s.transport().name(), s.busyPollMicros(),
                s.http2(), s.tls().engine().name(), s.tls().versions(), s.tls().ciphers(), s.tls().resume(), s.keepAlive(),
                s.http3(), s.earlyData(), s.arrival().id(), s.arrival().seed(), s.spinLead().id());
    }

    /** The spec; the builder's checks apply, so a bad plan is refused with their one line. */
    public LoadSpec toSpec() {
        LoadSpec.Builder b = LoadSpec.builder();
        urls.forEach(b::url);
        headers.forEach(b::header);
        return b.method(method).body(body == null ? null : Base64.getDecoder().decode(body)).connections(connections)
                .threads(threads).duration(durationNanos == null ? null : Duration.ofNanos(durationNanos))
                .requests(requests).pipelineDepth(pipelineDepth).timeout(Duration.ofNanos(timeoutNanos))
                .warmup(Duration.ofNanos(warmupNanos)).rate(ratePerSecond).transport(Transport.valueOf(transport))
                .busyPollMicros(busyPollMicros).http2(http2)
                .tls(new TlsOptions(TlsEngine.valueOf(tlsEngine), tlsVersions, tlsCiphers, false, null, tlsResume))
                .keepAlive(keepAlive).http3(http3).earlyData(earlyData)
                .arrival(Arrival.parse(arrival == null ? Arrival.UNIFORM.id() : arrival, arrivalSeed))
                .spinLead(spinLead == null ? SpinLead.AUTO : SpinLead.parse(spinLead)).build();
    }
}
