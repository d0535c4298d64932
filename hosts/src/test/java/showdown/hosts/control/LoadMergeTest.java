package showdown.hosts.control;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import showdown.hosts.wire.LoadResultJson;
import showdown.load.Arrival;
import showdown.load.ConnectionStats;
import showdown.load.ErrorCounts;
import showdown.load.LoadResult;
import showdown.load.LoadResultMerge;
import showdown.load.LoadSpec;
import showdown.load.PacingSummary;
import showdown.load.QuicSummary;
import showdown.load.TlsSummary;
import showdown.load.Transport;

/** The agents' results merge as the engine's loops do; only the window and the generator are the agents' own. */
class LoadMergeTest {

    private static final LoadSpec SPEC = LoadSpec.builder().url("https://192.0.2.10:8443/").connections(4).threads(1)
            .duration(Duration.ofSeconds(1)).rate(1000).http3(true).build();

    /** One part with every figure set, each different from the other part's. */
    private static LoadResult part(long n, long latencyNanos, long durationNanos, long cpuNanos, double busiest,
                                   String version, long resumed) {
        Histogram latency = new Histogram(3);
        latency.recordValueWithCount(latencyNanos, n);
        Histogram uncorrected = new Histogram(3);
        uncorrected.recordValueWithCount(latencyNanos / 2, n);
        Histogram threadRate = new Histogram(3);
        threadRate.recordValue(n);
        Histogram setup = new Histogram(3);
        setup.recordValueWithCount(latencyNanos * 3, 2);
        Histogram lateness = new Histogram(3);
        lateness.recordValueWithCount(latencyNanos / 10, n);
        Histogram waited = new Histogram(3);
        waited.recordValue(latencyNanos * 2);
        TlsSummary tls = new TlsSummary("jdk", version, version == null ? null : "TLS_AES_128_GCM_SHA256",
                version == null ? null : "h3", 2, resumed, 1, n % 3, 0);
        QuicSummary quic = new QuicSummary(n % 2, n % 5, new TreeMap<>(Map.of(QuicSummary.IDLE_TIMEOUT, n % 7)),
                new QuicSummary.EarlyData(3, 2, 1));
        return new LoadResult(SPEC, Transport.NIO, durationNanos, n, n * 100, n * 50, new ErrorCounts(1, 0, 2, 0, n % 4, 0),
                1, new TreeMap<>(Map.of(200, n - 1, 503, 1L)), latency, uncorrected, threadRate, cpuNanos, busiest, 2, 2,
                new ConnectionStats(2, setup, tls, quic),
                new PacingSummary(Arrival.UNIFORM, lateness, n % 6, waited, n % 2, null));
    }

    @Test
    void theAgentsResultsMergeAsTheEnginesLoopsDo() {
        List<LoadResult> agents = List.of(part(700, 1_000_000, 1_000_000_000L, 300_000_000L, 0.4, null, -1),
                part(901, 3_000_000, 1_020_000_000L, 500_000_000L, 0.7, "TLSv1.3", 1));

        LoadResult byHosts = LoadMerge.merge(SPEC, agents);
        LoadResult byEngine = LoadResultMerge.merge(SPEC, Transport.NIO, 1_020_000_000L,
                new LoadResultMerge.Generator(800_000_000L, 0.7, 4), agents);

        // every figure that crosses the wire, compared as it crosses it
        assertThat(LoadResultJson.of(byHosts)).isEqualTo(LoadResultJson.of(byEngine));
        assertThat(byHosts.requests()).isEqualTo(1601);
        assertThat(byHosts.connections().tls().version()).isEqualTo("TLSv1.3");
        assertThat(byHosts.connections().tls().resumed()).isEqualTo(-1);
        assertThat(byHosts.connections().quic().closes()).containsEntry(QuicSummary.IDLE_TIMEOUT, 5L);
        assertThat(byHosts.pacing().blocked()).isEqualTo(5);
    }
}
