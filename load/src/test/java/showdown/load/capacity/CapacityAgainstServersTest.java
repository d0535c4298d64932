package showdown.load.capacity;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import showdown.load.LoadEngine;
import showdown.load.LoadResult;
import showdown.load.LoadSpec;
import showdown.load.WarmupSummary;
import showdown.load.warmup.CompilerQuiet;
import showdown.load.TestServer;

/**
 * The search for real, against servers on 127.0.0.1 whose limit is known by construction. Rates
 * stay at a few hundred to a thousand requests a second and windows at one second, so that a busy
 * machine does not decide the outcome; the assertions are about the search's logic (where the
 * limit lies, what it is named), never about a time or a throughput of the machine.
 */
class CapacityAgainstServersTest {

    private static final Duration WARMUP = Duration.ofMillis(500);
    private static final Duration PROBE = Duration.ofSeconds(1);
    private static final Duration WINDOW = Duration.ofSeconds(1);
    private static final Duration HANG_GUARD = Duration.ofMinutes(3);

    /** Two workers, each holding a request 2 ms: at most 1,000 answers a second, fewer if sleeps overshoot. */
    private static final int WORKERS = 2;
    private static final long SERVICE_MILLIS = 2;
    private static final double CAPACITY = WORKERS * 1000.0 / SERVICE_MILLIS;

    /** The errors server refuses what exceeds this rate, beyond a reserve of spare tokens. */
    private static final int LIMIT_PER_SECOND = 600;
    private static final int SPARE_TOKENS = 60;

    private static TestServer.Behavior workers(int count, long serviceMillis) {
        Semaphore free = new Semaphore(count, true);
        byte[] ok = TestServer.ascii(TestServer.OK);
        return (request, socket, out) -> {
            free.acquireUninterruptibly();
            try {
                Thread.sleep(serviceMillis);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            } finally {
                free.release();
            }
            out.write(ok);
            return true;
        };
    }

    private static CapacityResult search(TestServer server, String slo, int connections, SearchSettings settings) {
        return search(server, slo, connections, settings, WINDOW);
    }

    private static CapacityResult search(TestServer server, String slo, int connections, SearchSettings settings,
                                         Duration window) {
        LoadSpec base = LoadSpec.builder().url(server.url("/")).threads(1).connections(connections)
                .duration(window).build();
        EngineStepRunner runner = new EngineStepRunner(base, settings.target(), WARMUP, PROBE, window);
        return assertTimeoutPreemptively(HANG_GUARD,
                () -> {
            // the search's own lines, in the test's output file: what a failure here is read from
            CapacityReport report = new CapacityReport(System.out, settings.target());
            CapacityResult r = new CapacitySearch(settings, runner, report, connections).run();
            report.printAnswer(r);
            return r;
        }, slo);
    }

    @Test
    void onlyTheFirstStepSettlesUntilTheGeneratorsCompilerIsQuietAndTheProbeNever() throws IOException {
        try (TestServer server = new TestServer(TestServer.fixed(TestServer.OK))) {
            LoadSpec base = LoadSpec.builder().url(server.url("/")).threads(1).connections(2).duration(WINDOW).build();
            List<String> runs = new ArrayList<>();
            StepLoad local = StepLoad.local();
            StepLoad recording = new StepLoad() {
                @Override
                public LoadResult run(LoadSpec spec, LoadEngine.IntervalSink slices, long sliceNanos) {
                    runs.add((spec.openModel() ? "step" : "probe") + " after " + spec.warmup().toMillis() + " ms");
                    return local.run(spec, slices, sliceNanos);
                }

                @Override
                public LoadResult runAfterCompilerQuiet(LoadSpec spec, LoadEngine.IntervalSink slices, long sliceNanos,
                                                        CompilerQuiet.Rule rule) {
                    runs.add("step after the compiler is quiet, fixed " + spec.warmup().toMillis() + " ms");
                    return local.runAfterCompilerQuiet(spec, slices, sliceNanos, rule);
                }

                @Override
                public void stop() {
                    local.stop();
                }
            };
            CompilerQuiet.Rule rule = new CompilerQuiet.Rule(Duration.ofMillis(200), CompilerQuiet.Rule.QUIET_SHARE,
                    Duration.ofMillis(200), Duration.ofMillis(600));
            EngineStepRunner runner = new EngineStepRunner(base, LatencyTarget.parse("p99=1s"), WARMUP, PROBE, WINDOW,
                    InterferenceCheck.NONE, recording).warmGeneratorFirst(rule);
            assertTimeoutPreemptively(HANG_GUARD, () -> {
                runner.probe(2);
                assertThat(runner.generatorWarmup()).isNull();
                runner.measure(100, 2);
                runner.measure(150, 2);
            });
            assertThat(runs).containsExactly("probe after 500 ms", "step after the compiler is quiet, fixed 0 ms",
                    "step after " + EngineStepRunner.SETTLE.toMillis() + " ms");
            assertThat(runner.generatorWarmup().until()).isEqualTo(WarmupSummary.Until.COMPILER_QUIET);
            assertThat(runner.generatorWarmup().steady()).isNotNull(); // judged: quiet, or not at the longest
        }
    }

    @Test
    void landsBelowTheCapacityOfAServerWithFixedWorkersAndBracketsIt() throws IOException {
        try (TestServer server = new TestServer(workers(WORKERS, SERVICE_MILLIS))) {
            SearchSettings settings = SearchSettings.defaults(LatencyTarget.parse("p99=30ms")).withMaxConnections(64);

            CapacityResult r = search(server, "p99=30ms", 16, settings);

            String steps = r.steps().toString();
            // a step passes only when 99 % of its rate was answered, and no server answers above its capacity
            assertThat(r.heldRate()).as(steps).isLessThanOrEqualTo(CAPACITY / StepJudge.MIN_ACHIEVED_SHARE + 1);
            assertThat(r.heldRate()).as(steps).isGreaterThan(CAPACITY / 2);
            assertThat(r.lowestFailedRate()).as(steps).isGreaterThan(r.heldRate());
            assertThat(r.lowestFailedRate() / r.heldRate() - 1).as(steps).isLessThanOrEqualTo(settings.resolution());
            assertThat(lowestServerFailure(r).verdict()).as(steps).isIn(Verdict.LATENCY, Verdict.RATE);
            if (!r.generatorBound()) { // a machine busy enough to stall the generator may have the last word
                assertThat(r.limit()).as(steps).isIn(Limit.LATENCY, Limit.ACHIEVED_RATE);
            }
        }
    }

    @Test
    void theInterferenceCheckWatchesEachStepsWindowAndItsVerdictIsTheMeasurements() throws IOException {
        // A fake reading: the second window it watches is disturbed, every other one is not.
        java.util.concurrent.atomic.AtomicInteger watches = new java.util.concurrent.atomic.AtomicInteger();
        java.util.List<Integer> slicesSeen = new java.util.concurrent.CopyOnWriteArrayList<>();
        InterferenceCheck fake = () -> {
            int n = watches.incrementAndGet();
            java.util.concurrent.atomic.AtomicInteger slices = new java.util.concurrent.atomic.AtomicInteger();
            return new InterferenceCheck.Watch() {
                @Override
                public void onInterval(long start, long end, org.HdrHistogram.Histogram latency) {
                    slices.incrementAndGet();
                }

                @Override
                public String disturbance() {
                    slicesSeen.add(slices.get());
                    return n == 2 ? "other processes used 50 % of the measured CPUs" : null;
                }
            };
        };
        try (TestServer server = new TestServer(workers(WORKERS, SERVICE_MILLIS))) {
            LoadSpec base = LoadSpec.builder().url(server.url("/")).threads(1).connections(4).duration(WINDOW).build();
            EngineStepRunner runner = new EngineStepRunner(base, LatencyTarget.parse("p99=50ms"), WARMUP, PROBE,
                    Duration.ofMillis(500), fake);
            StepMeasurement first = assertTimeoutPreemptively(HANG_GUARD, () -> runner.measure(100, 4));
            StepMeasurement second = assertTimeoutPreemptively(HANG_GUARD, () -> runner.measure(100, 4));
            assertThat(first.disturbed()).isFalse();
            assertThat(second.disturbance()).isEqualTo("other processes used 50 % of the measured CPUs");
            assertThat(second.requests()).isPositive();
            assertThat(slicesSeen).hasSize(2).allMatch(n -> n >= EngineStepRunner.SLICES_PER_WINDOW - 1);
        }
    }

    @Test
    void aServerThatFailsEveryRequestAboveARateIsHeldBelowItWithErrorsAsTheLimit() throws IOException {
        TokenBucket bucket = new TokenBucket(LIMIT_PER_SECOND, SPARE_TOKENS);
        byte[] ok = TestServer.ascii(TestServer.OK);
        byte[] busy = TestServer.ascii("HTTP/1.1 503 Service Unavailable\r\nContent-Length: 0\r\n\r\n");
        try (TestServer server = new TestServer((request, socket, out) -> {
            out.write(bucket.take() ? ok : busy);
            return true;
        })) {
            SearchSettings settings = SearchSettings.defaults(LatencyTarget.parse("p99=30ms"));

            CapacityResult r = search(server, "p99=30ms", 4, settings);

            String steps = r.steps().toString();
            // a step settles and measures for two seconds: above this rate the spare tokens run out in it
            double spentInAStep = LIMIT_PER_SECOND + SPARE_TOKENS / (EngineStepRunner.SETTLE.toSeconds() + WINDOW.toSeconds());
            assertThat(r.heldRate()).as(steps).isLessThanOrEqualTo(spentInAStep).isPositive();
            assertThat(lowestServerFailure(r).verdict()).as(steps).isEqualTo(Verdict.ERRORS);
            assertThat(lowestServerFailure(r).rate()).as(steps).isGreaterThan(r.heldRate());
            if (!r.generatorBound()) { // a machine busy enough to stall the generator may have the last word
                assertThat(r.limit()).as(steps).isEqualTo(Limit.ERRORS);
                assertThat(CapacityReport.answer(r)).endsWith("limited by errors");
            }
        }
    }

    @Test
    void oneConnectionHeldByASlowServerIsReportedAsConnectionBound() throws IOException {
        // one connection, each answer held 100 ms: at most 10 requests a second can be sent at all. The
        // long hold and the one-second target leave a busy machine's stalls of tens of ms no say.
        try (TestServer server = new TestServer(workers(Integer.MAX_VALUE, 100))) {
            SearchSettings settings = SearchSettings.defaults(LatencyTarget.parse("p99=1s")).withMaxConnections(1);

            CapacityResult r = search(server, "p99=1s", 1, settings, Duration.ofSeconds(2));

            String steps = r.steps().toString();
            assertThat(r.limit()).as(steps).isEqualTo(Limit.CONNECTIONS);
            assertThat(r.generatorBound()).isTrue();
            assertThat(r.steps()).allMatch(s -> s.measurement().connections() == 1);
            assertThat(r.lowestFailure().orElseThrow().rate()).as(steps).isGreaterThan(r.heldRate());
            assertThat(CapacityReport.answer(r)).contains("limited by connections at ").contains("with -c 1");
        }
    }

    @Test
    void aSearchStoppedDuringAStepReturnsWhatItHasAndLeavesNoLoadThreads() throws Exception {
        try (TestServer server = new TestServer(workers(WORKERS, SERVICE_MILLIS))) {
            LatencyTarget target = LatencyTarget.parse("p99=30ms");
            LoadSpec base = LoadSpec.builder().url(server.url("/")).threads(1).connections(16).duration(WINDOW).build();
            EngineStepRunner runner = new EngineStepRunner(base, target, WARMUP, PROBE, WINDOW);
            CapacitySearch[] search = new CapacitySearch[1];
            search[0] = new CapacitySearch(SearchSettings.defaults(target), runner, new SearchListener() {
                @Override
                public void onStep(Step step) {
                    // Ctrl-C while the second step settles
                    CompletableFuture.delayedExecutor(300, TimeUnit.MILLISECONDS).execute(search[0]::stop);
                }
            }, 16);

            CapacityResult r = assertTimeoutPreemptively(HANG_GUARD, search[0]::run);

            assertThat(r.stopped()).isTrue();
            assertThat(r.steps()).hasSize(1);
            assertThat(CapacityReport.answer(r)).startsWith("sustainable throughput at p99 <= 30 ms: ");
            assertThat(loadThreadsAlive()).isFalse();
        }
    }

    /** Whether any of the engine's event-loop threads is still alive. */
    private static boolean loadThreadsAlive() {
        return Thread.getAllStackTraces().keySet().stream()
                .anyMatch(t -> t.isAlive() && t.getName().startsWith("showdown-load"));
    }

    /** The decided step the server itself failed at the lowest rate: what it names as its limit. */
    private static Step lowestServerFailure(CapacityResult r) {
        return r.steps().stream().filter(s -> s.decided() && s.verdict().serverFailed())
                .min(java.util.Comparator.comparingDouble(Step::rate)).orElseThrow();
    }

    /**
     * A token bucket: {@code perSecond} tokens a second, at most {@code burst} kept, a request
     * without one refused. The spare tokens absorb a burst of late sends from a stalled generator;
     * a steady rate R above {@code perSecond} spends them in {@code burst / (R - perSecond)} seconds.
     */
    private static final class TokenBucket {
        private final double perSecond;
        private final double burst;
        private double tokens;
        private long last = System.nanoTime();

        TokenBucket(double perSecond, double burst) {
            this.perSecond = perSecond;
            this.burst = burst;
            this.tokens = burst;
        }

        synchronized boolean take() {
            long now = System.nanoTime();
            tokens = Math.min(burst, tokens + (now - last) / 1e9 * perSecond);
            last = now;
            if (tokens >= 1) {
                tokens--;
                return true;
            }
            return false;
        }
    }
}
