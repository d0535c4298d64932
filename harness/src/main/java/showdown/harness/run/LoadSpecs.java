package showdown.harness.run;

import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import showdown.harness.plan.PlannedCase;
import showdown.harness.plan.RequestTemplate;
import showdown.harness.plan.TargetRound;
import showdown.load.LoadSpec;

/** Turns planned cases and warm-ups into load engine specs against a running target. */
final class LoadSpecs {

    /** Enough connections to exercise a server's accept and I/O paths in warm-up without queueing much. */
    static final int WARMUP_MAX_CONNECTIONS = 64;

    private LoadSpecs() {
    }

    static LoadSpec forCase(URI base, PlannedCase c, long runSeed) {
        RequestTemplate r = c.request();
        LoadSpec.Builder b = LoadSpec.builder()
                .url(base.resolve(c.path()))
                .method(r.method())
                .connections(c.level().connections())
                .threads(c.level().threads())
                .pipeline(r.pipeline())
                .duration(c.duration())
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
     * The warm-up of a round: its GET requests mixed in one load (the engine spreads its URLs over
     * the connections), then each request with a body on its own, the time shared in proportion to
     * the number of requests of each kind. Empty when {@code warmup} is zero.
     */
    static List<TimedSpec> warmup(URI base, TargetRound round, Duration warmup, int loadCpus, long runSeed) {
        List<TimedSpec> specs = new ArrayList<>();
        if (warmup.isZero() || round.cases().isEmpty()) {
            return specs;
        }
        int connections = Math.min(WARMUP_MAX_CONNECTIONS,
                round.cases().stream().mapToInt(c -> c.level().connections()).max().orElse(1));
        int threads = Math.max(1, Math.min(loadCpus, connections));
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
        int parts = plainPaths.size() + withBody.size();
        long perRequestMillis = Math.max(1, warmup.toMillis() / parts);
        if (!plainPaths.isEmpty()) {
            LoadSpec.Builder b = LoadSpec.builder().method("GET").connections(connections).threads(threads)
                    .duration(Duration.ofMillis(perRequestMillis * plainPaths.size()));
            plainPaths.forEach(p -> b.url(base.resolve(p)));
            specs.add(new TimedSpec(b.build(), Duration.ofMillis(perRequestMillis * plainPaths.size())));
        }
        for (PlannedCase c : withBody) {
            LoadSpec s = forCase(base, c, runSeed).toBuilder().connections(connections).threads(threads).pipeline(1)
                    .duration(Duration.ofMillis(perRequestMillis)).build();
            specs.add(new TimedSpec(s, Duration.ofMillis(perRequestMillis)));
        }
        return specs;
    }

    record TimedSpec(LoadSpec spec, Duration duration) {
    }

    static byte[] randomBytes(int n, long seed) {
        byte[] bytes = new byte[n];
        new Random(seed).nextBytes(bytes);
        return bytes;
    }
}
