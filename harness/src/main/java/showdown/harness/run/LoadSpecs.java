package showdown.harness.run;

import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import showdown.harness.plan.PlannedCase;
import showdown.harness.plan.Profile;
import showdown.harness.plan.RequestTemplate;
import showdown.harness.plan.TargetRound;
import showdown.load.LoadSpec;

/** Turns planned cases and warm-ups into load engine specs against a running target. */
final class LoadSpecs {

    /** Enough connections to exercise a server's accept and I/O paths in warm-up without queueing much. */
    static final int WARMUP_MAX_CONNECTIONS = 64;

    private LoadSpecs() {
    }

    /**
     * The load of a measured case: {@code settle} of unmeasured load on the case's own connections
     * and request first (so the route is warm and the connections are open whatever ran before),
     * then its window.
     */
    static LoadSpec forCase(URI base, PlannedCase c, Duration settle, long runSeed) {
        RequestTemplate r = c.request();
        LoadSpec.Builder b = LoadSpec.builder()
                .url(base.resolve(c.path()))
                .method(r.method())
                .connections(c.level().connections())
                .threads(c.level().threads())
                .pipelineDepth(r.pipeline())
                .duration(c.duration())
                .warmup(settle)
                .timeout(c.timeout());
        r.headers().forEach(b::header);
        if (r.randomBodyBytes() > 0) {
            // A fresh body per load level (and round), as the mist seed drew one per concurrency level.
            long seed = runSeed ^ (31L * c.level().connections() + 7919L * c.level().threads() + 104729L * c.repetition());
            b.body(randomBytes(r.randomBodyBytes(), seed ^ c.label().hashCode()));
        }
        return b.build();
    }

    /**
     * What a round's warm-up sends, kind by kind: its GET requests mixed in one load (the engine
     * spreads its URLs over the connections), then each request with a body or headers on its own.
     * Each spec has a one-slice duration; the warm-up runs them in turn until they settle.
     */
    static List<WarmupKind> warmupKinds(URI base, TargetRound round, int loadCpus, long runSeed) {
        List<WarmupKind> kinds = new ArrayList<>();
        if (round.cases().isEmpty()) {
            return kinds;
        }
        int connections = Math.min(WARMUP_MAX_CONNECTIONS,
                round.cases().stream().mapToInt(c -> c.level().connections()).max().orElse(1));
        int threads = Math.max(1, Math.min(loadCpus, connections));
        Duration slice = Profile.SteadyState.SLICE;
        Set<String> plainPaths = new LinkedHashSet<>();
        List<PlannedCase> withBody = new ArrayList<>();
        Set<String> seenBodies = new LinkedHashSet<>();
        for (PlannedCase c : round.cases()) {
            if (c.request().randomBodyBytes() > 0 || !c.request().method().equals("GET") || !c.request().headers().isEmpty()) {
                if (seenBodies.add(c.scenario() + " " + c.request().label())) {
                    withBody.add(c);
                }
            } else {
                plainPaths.add(c.path());
            }
        }
        if (!plainPaths.isEmpty()) {
            LoadSpec.Builder b = LoadSpec.builder().method("GET").connections(connections).threads(threads).duration(slice);
            plainPaths.forEach(p -> b.url(base.resolve(p)));
            kinds.add(new WarmupKind(GET_MIX, b.build()));
        }
        for (PlannedCase c : withBody) {
            LoadSpec s = forCase(base, c, Duration.ZERO, runSeed).toBuilder().connections(connections).threads(threads).pipelineDepth(1)
                    .warmup(Duration.ZERO).duration(slice).build();
            kinds.add(new WarmupKind(c.request().label(), s));
        }
        return kinds;
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
