package showdown.harness.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import showdown.harness.measure.CaseMeasurer;
import showdown.harness.plan.Profile;
import showdown.harness.results.WarmupOutcome;
import showdown.harness.targets.CompilerTime;
import showdown.load.ErrorCounts;
import showdown.load.LoadResult;
import showdown.load.LoadSpec;
import showdown.load.Transport;

/** The steady-state rules, on traces with known answers. */
class SteadyWarmupTest {

    private static final CompilerTime NONE = CompilerTime.NONE;
    /** The default rule with pauses checked every millisecond, so tests take no time. */
    private static final SteadyWarmup.JitRule JIT = new SteadyWarmup.JitRule(0.03, 2, Duration.ofMillis(1), 0.5,
            Duration.ofMillis(50));
    private static final long BUSY = 10_000_000; // 10 ms of compiler CPU: busy in any slice a test runs

    private static final LoadSpec SPEC = LoadSpec.builder().url(URI.create("http://127.0.0.1:1/")).connections(1)
            .threads(1).duration(Duration.ofSeconds(1)).build();

    @Test
    void theLastThreeSlicesMedianWithinTheToleranceOfTheThreeBeforeIsSettled() {
        assertThat(SteadyWarmup.settled(List.of(10_000.0, 10_300.0, 9_900.0, 10_200.0, 10_000.0, 10_100.0), 5)).isTrue();
        // A climb of 2 % a slice: the medians, three slices apart, differ by 6 %.
        assertThat(SteadyWarmup.settled(List.of(10_000.0, 10_200.0, 10_400.0, 10_600.0, 10_800.0, 11_000.0), 5)).isFalse();
        // One stolen slice does not decide: the medians agree.
        assertThat(SteadyWarmup.settled(List.of(20_000.0, 20_400.0, 12_000.0, 20_200.0, 19_900.0, 20_100.0), 5)).isTrue();
        // Only the last six count: an early climb is forgotten.
        assertThat(SteadyWarmup.settled(List.of(800.0, 9_000.0, 17_000.0, 17_100.0, 16_900.0, 17_200.0, 17_000.0, 16_800.0), 5))
                .isTrue();
        assertThat(SteadyWarmup.settled(List.of(17_000.0, 17_100.0, 17_000.0, 17_000.0, 17_100.0), 5)).isFalse();
        assertThat(SteadyWarmup.settled(List.of(0.0, 0.0, 0.0, 0.0, 0.0, 0.0), 5)).isFalse();
    }

    @Test
    void aClimbingTargetIsWarmedUntilItSettlesAndTheTraceShowsTheClimb() {
        // Spring WebFlux's shape on one CPU: 0.8k, then climbing to 17k, then flat.
        Deque<Double> rates = new ArrayDeque<>(List.of(800.0, 4_000.0, 9_000.0, 14_000.0, 16_500.0, 17_000.0, 16_900.0,
                17_100.0, 17_000.0, 17_000.0, 17_000.0, 17_000.0));
        CaseMeasurer.Engine engine = (spec, listener, slices, sliceNanos) -> result(spec, rates.removeFirst());
        SteadyWarmup warmup = new SteadyWarmup(engine, Duration.ofNanos(1),
                new Profile.SteadyState(Duration.ofSeconds(60), 5), NONE, JIT);
        WarmupOutcome o = warmup.run("webflux", 0, List.of(new LoadSpecs.WarmupKind("GET mix", SPEC)));
        assertThat(o.steady()).isTrue();
        assertThat(o.slices()).extracting(WarmupOutcome.Slice::requestsPerSecond)
                .containsExactly(800.0, 4_000.0, 9_000.0, 14_000.0, 16_500.0, 17_000.0, 16_900.0, 17_100.0, 17_000.0);
    }

    @Test
    void everyKindMustSettleBeforeTheWarmUpEnds() {
        Deque<Double> gets = new ArrayDeque<>(List.of(10_000.0, 10_000.0, 10_000.0, 10_000.0, 10_000.0, 10_000.0,
                10_000.0, 10_000.0));
        Deque<Double> posts = new ArrayDeque<>(List.of(1_000.0, 2_000.0, 3_000.0, 3_000.0, 3_000.0, 3_000.0, 3_000.0,
                3_000.0));
        CaseMeasurer.Engine engine = (spec, listener, slices, sliceNanos) ->
                result(spec, spec.method().equals("POST") ? posts.removeFirst() : gets.removeFirst());
        WarmupOutcome o = new SteadyWarmup(engine, Duration.ofNanos(1), new Profile.SteadyState(Duration.ofSeconds(60), 5), NONE, JIT)
                .run("t", 0, List.of(new LoadSpecs.WarmupKind("GET mix", SPEC),
                        new LoadSpecs.WarmupKind("POST /user", SPEC.toBuilder().method("POST").build())));
        assertThat(o.steady()).isTrue();
        // The GETs settle after six slices; the POSTs' medians are 3,000 against 2,000 then, and
        // 3,000 against 3,000 a pass later: seven passes.
        assertThat(o.slices()).hasSize(14);
    }

    @Test
    void aTargetThatNeverSettlesStopsAtTheLimitAndSaysSo() {
        double[] rate = {1_000};
        CaseMeasurer.Engine engine = (spec, listener, slices, sliceNanos) -> {
            rate[0] *= 1.5;
            sleepQuietly(20);
            return result(spec, rate[0]);
        };
        WarmupOutcome o = new SteadyWarmup(engine, Duration.ofMillis(1), new Profile.SteadyState(Duration.ofMillis(200), 5), NONE, JIT)
                .run("t", 2, List.of(new LoadSpecs.WarmupKind("GET mix", SPEC)));
        assertThat(o.steady()).isFalse();
        assertThat(o.repetition()).isEqualTo(2);
        assertThat(o.seconds()).isGreaterThanOrEqualTo(0.2);
    }

    @Test
    void aJitCompiledTargetIsSteadyOnceItsCompilersStayQuietForTwoPassesWhateverItsThroughputDoes() {
        // The compilers: busy in the first pass and in the first two steps of the pause after it,
        // then idle. The throughput still climbs (it never settles by the other rule).
        Deque<Long> compiler = new ArrayDeque<>(List.of(0L, BUSY, BUSY, BUSY, 0L, 0L, 0L));
        Deque<Double> rates = new ArrayDeque<>(List.of(1_000.0, 2_000.0, 4_000.0));
        CaseMeasurer.Engine engine = (spec, listener, slices, sliceNanos) -> result(spec, rates.removeFirst());
        WarmupOutcome o = new SteadyWarmup(engine, Duration.ofNanos(1), new Profile.SteadyState(Duration.ofSeconds(60), 5),
                scripted(compiler), JIT).run("spring-mvc", 0, List.of(new LoadSpecs.WarmupKind("GET mix", SPEC)));
        assertThat(o.steady()).isTrue();
        assertThat(o.rule()).isEqualTo(WarmupOutcome.Rule.JIT);
        assertThat(o.slices()).hasSize(3);
        assertThat(o.compileSeconds()).isEqualTo(0.03);
        assertThat(o.catchUpSeconds()).isPositive(); // the load paused for the queue after the busy pass
        assertThat(o.slices().get(0).compileShare()).isGreaterThan(0.03);
        assertThat(o.slices().get(2).compileShare()).isZero();
        assertThat(compiler).isEmpty();
    }

    @Test
    void compilersBusyUntilTheLimitLeaveTheTargetNotSteady() {
        CaseMeasurer.Engine engine = (spec, listener, slices, sliceNanos) -> {
            sleepQuietly(5);
            return result(spec, 10_000);
        };
        CompilerTime alwaysBusy = compilers(() -> BUSY);
        WarmupOutcome o = new SteadyWarmup(engine, Duration.ofMillis(1), new Profile.SteadyState(Duration.ofMillis(200), 5),
                alwaysBusy, JIT).run("play", 0, List.of(new LoadSpecs.WarmupKind("GET mix", SPEC)));
        assertThat(o.steady()).isFalse(); // a flat throughput does not make a compiling JVM steady
        assertThat(o.rule()).isEqualTo(WarmupOutcome.Rule.JIT);
        assertThat(o.seconds()).isGreaterThanOrEqualTo(0.2);
    }

    @Test
    void quietMeansEachOfTheLastPassesUnderTheShare() {
        assertThat(SteadyWarmup.quiet(List.of(0.5, 0.01, 0.02), JIT)).isTrue();
        assertThat(SteadyWarmup.quiet(List.of(0.01, 0.5, 0.02), JIT)).isFalse();
        assertThat(SteadyWarmup.quiet(List.of(0.01), JIT)).isFalse();
        assertThat(SteadyWarmup.quiet(List.of(0.01, 0.03), JIT)).isFalse(); // at the share is busy
    }

    /** Compilers that report the given CPU times, one per look, and then nothing. */
    private static CompilerTime scripted(Deque<Long> nanos) {
        return compilers(() -> nanos.isEmpty() ? 0 : nanos.removeFirst());
    }

    /** A JIT whose every look reports what {@code nanos} gives. */
    private static CompilerTime compilers(java.util.function.LongSupplier nanos) {
        return new CompilerTime() {
            @Override
            public boolean hasCompiler() {
                return true;
            }

            @Override
            public long cpuNanosSinceLast() {
                return nanos.getAsLong();
            }
        };
    }

    @Test
    void noWarmUpAtAllIsNeverSteady() {
        CaseMeasurer.Engine engine = (spec, listener, slices, sliceNanos) -> {
            throw new AssertionError("no load without a warm-up");
        };
        WarmupOutcome o = new SteadyWarmup(engine, Duration.ZERO, new Profile.SteadyState(Duration.ofSeconds(30), 5), NONE, JIT)
                .run("t", 0, List.of(new LoadSpecs.WarmupKind("GET mix", SPEC)));
        assertThat(o.steady()).isFalse();
        assertThat(o.slices()).isEmpty();
    }

    private static void sleepQuietly(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    static LoadResult result(LoadSpec spec, double requestsPerSecond) {
        long requests = Math.round(requestsPerSecond);
        Histogram latency = new Histogram(3);
        latency.recordValue(1_000_000);
        return new LoadResult(spec, Transport.NIO, 1_000_000_000L, requests, 0, 0, ErrorCounts.NONE, 0,
                new TreeMap<>(Map.of(200, requests)), latency, null, new Histogram(3), 0, -1, 0);
    }
}
