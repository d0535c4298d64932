package showdown.harness.run;

import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.List;
import java.util.Random;
import java.util.Set;
import showdown.harness.plan.PlannedCase;
import showdown.harness.plan.Profile;
import showdown.harness.plan.RequestTemplate;
import showdown.harness.plan.TargetRound;
import showdown.harness.targets.Protocol;
import showdown.load.Arrival;
import showdown.load.LoadSpec;
import showdown.load.TlsOptions;

/** Turns planned cases and warm-ups into load engine specs against a running target. */
final class LoadSpecs {

    /** Enough connections to exercise a server's accept and I/O paths in warm-up without queueing much. */
    static final int WARMUP_MAX_CONNECTIONS = 64;

    private LoadSpecs() {
    }

    /** Where a running target speaks each protocol. */
    @FunctionalInterface
    interface Endpoints {
        /** {@code http://127.0.0.1:PORT} for h1 and h2c, {@code https://127.0.0.1:TLS_PORT} for h1-tls, h2-tls and h3. */
        URI base(Protocol protocol);
    }

    /** A closed-model case, or one at an absolute rate, against {@code base} (already the protocol's). */
    static LoadSpec forCase(URI base, PlannedCase c, Duration settle, long runSeed) {
        return forCase(base, c, settle, runSeed, c.rate().perSecond(), Arrival.Process.UNIFORM);
    }

    /**
     * The load of a measured case: {@code settle} of unmeasured load on the case's own connections
     * and request first (so the route is warm and the connections are open whatever ran before),
     * then its window. The protocol maps onto the engine as h2c → http + HTTP/2 (prior knowledge),
     * h1-tls → https (not verified, as wrk and h2load; ALPN http/1.1), h2-tls → https + HTTP/2
     * (ALPN h2), h3 → https + HTTP/3 (QUIC on the UDP port, ALPN h3, not verified); {@code ratePerSecond}
     * above 0 is the open model, latency then counted from each request's due time, its arrivals
     * spaced as {@code arrival} says (Poisson arrivals seeded from the run's seed and the case).
     */
    static LoadSpec forCase(URI base, PlannedCase c, Duration settle, long runSeed, double ratePerSecond,
                            Arrival.Process arrival) {
        RequestTemplate r = c.request();
        LoadSpec.Builder b = LoadSpec.builder()
                .url(base.resolve(c.path()))
                .method(r.method())
                .connections(c.level().connections())
                .threads(c.level().threads())
                .pipelineDepth(r.pipeline())
                .duration(c.duration())
                .warmup(settle)
                .timeout(c.timeout())
                .http2(c.protocol().http2())
                .http3(c.protocol().http3())
                .rate(ratePerSecond);
        if (ratePerSecond > 0 && arrival == Arrival.Process.POISSON) {
            b.arrival(Arrival.poisson(caseSeed(runSeed, c)));
        }
        if (c.protocol().tls()) {
            b.tls(TlsOptions.DEFAULTS);
        }
        r.headers().forEach(b::header);
        if (r.randomBodyBytes() > 0) {
            // A fresh body per load level (and round), as the mist seed drew one per concurrency level.
            b.body(randomBytes(r.randomBodyBytes(), caseSeed(runSeed, c)));
        }
        return b.build();
    }

    /** A seed of the case's own, drawn from the run's: per load level, round and request. */
    private static long caseSeed(long runSeed, PlannedCase c) {
        long seed = runSeed ^ (31L * c.level().connections() + 7919L * c.level().threads() + 104729L * c.repetition());
        return seed ^ c.label().hashCode();
    }

    /**
     * What a round's warm-up sends, kind by kind: its GET requests mixed in one load (the engine
     * spreads its URLs over the connections), then each request with a body or headers on its own.
     * Each spec has a one-slice duration; the warm-up runs them in turn until they settle.
     */
    static List<WarmupKind> warmupKinds(URI base, TargetRound round, int loadCpus, long runSeed) {
        return warmupKinds(p -> base, round, loadCpus, runSeed);
    }

    /**
     * The same over each protocol the round's cases use (a TLS case's warm-up must warm the TLS
     * path too): one GET mix per protocol, labelled with it unless it is h1, and each body request
     * in its own protocol. The open model's cases warm in the closed model, as fast as they go.
     */
    static List<WarmupKind> warmupKinds(Endpoints endpoints, TargetRound round, int loadCpus, long runSeed) {
        List<WarmupKind> kinds = new ArrayList<>();
        if (round.cases().isEmpty()) {
            return kinds;
        }
        int connections = Math.min(WARMUP_MAX_CONNECTIONS,
                round.cases().stream().mapToInt(c -> c.level().connections()).max().orElse(1));
        int threads = Math.max(1, Math.min(loadCpus, connections));
        Duration slice = Profile.SteadyState.SLICE;
        Map<Protocol, Set<String>> plainPaths = new LinkedHashMap<>();
        List<PlannedCase> withBody = new ArrayList<>();
        Set<String> seenBodies = new LinkedHashSet<>();
        for (PlannedCase c : round.cases()) {
            if (c.request().randomBodyBytes() > 0 || !c.request().method().equals("GET") || !c.request().headers().isEmpty()) {
                if (seenBodies.add(c.scenario() + " " + c.request().label() + " " + c.protocol())) {
                    withBody.add(c);
                }
            } else {
                plainPaths.computeIfAbsent(c.protocol(), p -> new LinkedHashSet<>()).add(c.path());
            }
        }
        plainPaths.forEach((protocol, paths) -> {
            URI base = endpoints.base(protocol);
            LoadSpec.Builder b = LoadSpec.builder().method("GET").connections(connections).threads(threads).duration(slice)
                    .http2(protocol.http2()).http3(protocol.http3());
            paths.forEach(p -> b.url(base.resolve(p)));
            kinds.add(new WarmupKind(GET_MIX + suffix(protocol), b.build()));
        });
        for (PlannedCase c : withBody) {
            LoadSpec s = forCase(endpoints.base(c.protocol()), c, Duration.ZERO, runSeed, 0, Arrival.Process.UNIFORM).toBuilder()
                    .connections(connections).threads(threads).pipelineDepth(1).warmup(Duration.ZERO).duration(slice).build();
            kinds.add(new WarmupKind(c.request().label() + suffix(c.protocol()), s));
        }
        return kinds;
    }

    private static String suffix(Protocol protocol) {
        return protocol == Protocol.H1 ? "" : " over " + protocol;
    }

    /** The label of the warm-up kind that holds a round's plain GETs. */
    static final String GET_MIX = "GET mix";

    /** One kind of warm-up load: a label for the trace, and a one-slice spec. */
    record WarmupKind(String label, LoadSpec spec) {
    }

    static byte[] randomBytes(int n, long seed) {
        byte[] bytes = new byte[n];
        new Random(seed).nextBytes(bytes);
        return bytes;
    }
}
