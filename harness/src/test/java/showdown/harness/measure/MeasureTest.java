package showdown.harness.measure;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.HdrHistogram.Histogram;
import showdown.harness.results.CaseSample;
import org.junit.jupiter.api.Test;
import showdown.load.ErrorCounts;
import showdown.load.LoadResult;
import showdown.load.LoadSpec;
import showdown.load.Transport;

class MeasureTest {

    private static final long SECOND = 1_000_000_000L;

    @Test
    void theGeneratorIsSaturatedOnlyWhenItIsBusierThanTheServer() {
        // 1 load CPU fully busy for 1 s, server at half of its 1 CPU: the generator was the limit.
        assertThat(Saturation.generatorSaturated(SECOND, 1, SECOND / 2, 1, SECOND)).isTrue();
        // both fully busy: the server was a limit too, so no flag
        assertThat(Saturation.generatorSaturated(SECOND, 1, SECOND, 1, SECOND)).isFalse();
        // generator at 89 %: below the threshold
        assertThat(Saturation.generatorSaturated(SECOND * 89 / 100, 1, 0, 1, SECOND)).isFalse();
        // 2 load CPUs: 1.8 CPU-seconds is 90 %
        assertThat(Saturation.generatorSaturated(SECOND * 18 / 10, 2, SECOND / 10, 2, SECOND)).isTrue();
        assertThat(Saturation.generatorSaturated(SECOND, 1, 0, 1, 0)).isFalse();
    }

    @Test
    void rssSamplerKeepsThePeakAndTheMeanOfItsSamples() throws InterruptedException {
        AtomicInteger calls = new AtomicInteger();
        // 100 MB on every read but the third, which sees a 300 MB spike
        RssSampler sampler = RssSampler.start(() -> calls.incrementAndGet() == 3 ? 300_000_000L : 100_000_000L,
                Duration.ofMillis(10));
        while (calls.get() < 5) {
            Thread.sleep(10);
        }
        RssSampler.RssStats stats = sampler.stop();
        assertThat(stats.peakBytes()).isEqualTo(300_000_000L);
        assertThat(stats.samples()).isEqualTo(calls.get());
        assertThat(stats.averageBytes()).isEqualTo((300_000_000L + 100_000_000L * (calls.get() - 1)) / calls.get());
        assertThat(sampler.stop()).isEqualTo(stats);
    }

    @Test
    void aGoneProcessReadsAsNoSample() {
        RssSampler sampler = RssSampler.start(() -> 0L, Duration.ofMillis(10));
        assertThat(sampler.stop()).isEqualTo(new RssSampler.RssStats(0, 0, 0));
    }

    @Test
    void measuresTheServerTreesCpuAndMemoryAroundTheLoadRun() throws Exception {
        // A stand-in server that burns CPU until it is killed.
        Process busy = new ProcessBuilder("sh", "-c", "while :; do :; done").start();
        try {
            // The stand-in engine says the window starts, then hands over four slices of 250 requests.
            CaseMeasurer.Engine fakeEngine = (spec, listener, slices, sliceNanos) -> {
                slices.onWindowStart();
                for (int i = 0; i < 4; i++) {
                    try {
                        Thread.sleep(150);
                    } catch (InterruptedException e) {
                        throw new IllegalStateException(e);
                    }
                    Histogram h = new Histogram(3);
                    h.recordValueWithCount(2_000_000, 250);
                    slices.onInterval(i * 150_000_000L, (i + 1) * 150_000_000L, h);
                }
                return result(spec, 1_000, SECOND / 2);
            };
            CaseMeasurer measurer = new CaseMeasurer(fakeEngine, List.of(0), List.of(0), Duration.ofMillis(50),
                    Duration.ofMillis(150));
            LoadSpec spec = LoadSpec.builder().url("http://127.0.0.1:1/").connections(1).threads(1)
                    .duration(Duration.ofMillis(600)).build();
            CaseMeasurer.Measurement m = measurer.measure(spec, busy.pid(), progress -> { });
            assertThat(m.server().cpuNanos()).isPositive();
            assertThat(m.server().peakRssBytes()).isPositive();
            assertThat(m.server().averageRssBytes()).isBetween(1L, m.server().peakRssBytes());
            assertThat(m.load().requests()).isEqualTo(1_000);
            // The slices tile the window and carry what the stand-in engine gave them.
            assertThat(m.samples()).hasSize(4);
            assertThat(m.samples()).extracting(CaseSample::requests).containsOnly(250L);
            assertThat(m.samples()).extracting(CaseSample::startSeconds).containsExactly(0.0, 0.15, 0.3, 0.45);
            assertThat(m.samples()).extracting(CaseSample::requestsPerSecond)
                    .allSatisfy(r -> assertThat(r).isCloseTo(250 / 0.15, org.assertj.core.data.Offset.offset(1e-6)));
            assertThat(m.samples()).extracting(CaseSample::p99Micros)
                    .allSatisfy(p -> assertThat(p).isCloseTo(2_000.0, org.assertj.core.data.Offset.offset(2.0)));
            // The busy loop ran all along, so the window's server CPU came from the slices' readings.
            assertThat(m.samples()).extracting(CaseSample::serverCpuMicrosPerRequest).allSatisfy(c -> assertThat(c).isPositive());
        } finally {
            busy.destroyForcibly();
            assertThat(busy.waitFor(10, TimeUnit.SECONDS)).isTrue();
        }
    }

    static LoadResult result(LoadSpec spec, long requests, long generatorCpuNanos) {
        Histogram latency = new Histogram(3);
        latency.recordValue(1_000_000);
        return new LoadResult(spec, Transport.NIO, SECOND, requests, requests * 100, requests * 50, ErrorCounts.NONE, 0,
                new TreeMap<>(Map.of(200, requests)), latency, null, new Histogram(3), generatorCpuNanos, -1, 0);
    }
}
