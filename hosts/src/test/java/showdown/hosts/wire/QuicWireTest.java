package showdown.hosts.wire;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import showdown.hosts.control.LoadMerge;
import showdown.load.ConnectionStats;
import showdown.load.ErrorCounts;
import showdown.load.LoadResult;
import showdown.load.LoadSpec;
import showdown.load.QuicSummary;
import showdown.load.TlsSummary;
import showdown.load.Transport;

/** An HTTP/3 case over hosts says as much about QUIC as the same case run locally. */
class QuicWireTest {

    private static final LoadSpec SPEC = LoadSpec.builder().url("https://192.0.2.10:8443/").connections(2).threads(1)
            .duration(Duration.ofSeconds(1)).build();

    private static LoadResult agent(long n, QuicSummary quic) {
        Histogram latency = new Histogram(3);
        latency.recordValueWithCount(1_000_000, n);
        TlsSummary tls = new TlsSummary("jdk", "TLSv1.3", "TLS_AES_128_GCM_SHA256", "h3", 2, 0, 0, 0, 0);
        return new LoadResult(SPEC, Transport.NIO, 1_000_000_000L, n, 0, 0, ErrorCounts.NONE, 0,
                new TreeMap<>(Map.of(200, n)), latency, null, new Histogram(3), 0, -1, 1, 2,
                new ConnectionStats(2, new Histogram(3), tls, quic), null);
    }

    private static QuicSummary quic(long noAnswer, long resets, Map<String, Long> closes, long early) {
        return new QuicSummary(noAnswer, resets, new TreeMap<>(closes), new QuicSummary.EarlyData(early, early - 1, 1));
    }

    @Test
    void theQuicSummaryCrossesTheWireWhole() {
        QuicSummary sent = quic(1, 2, Map.of(QuicSummary.closeLabel(true, 0x100), 3L, QuicSummary.IDLE_TIMEOUT, 1L), 5);
        Message.LoadFinished report = new Message.LoadFinished("case-1", LoadResultJson.of(agent(10, sent)), 0, null,
                null, null);

        LoadResult received = ((Message.LoadFinished) Wire.decode(Wire.encode(report))).result().toResult(SPEC);

        assertThat(received.connections().quic()).isEqualTo(sent);
        assertThat(received.connections().tls().applicationProtocol()).isEqualTo("h3");
    }

    @Test
    void theAgentsQuicCountsAreSummedAndTheirClosesMergedByCode() {
        String h3NoError = QuicSummary.closeLabel(true, 0x100);
        String quicProtocol = QuicSummary.closeLabel(false, 0xa);
        LoadResult merged = LoadMerge.merge(SPEC, List.of(
                agent(10, quic(1, 2, Map.of(h3NoError, 3L), 4)),
                agent(20, quic(0, 5, Map.of(h3NoError, 1L, quicProtocol, 2L), 6))));

        QuicSummary q = merged.connections().quic();
        assertThat(q.noAnswer()).isEqualTo(1);
        assertThat(q.streamResets()).isEqualTo(7);
        assertThat(q.closes()).containsExactlyEntriesOf(new TreeMap<>(Map.of(h3NoError, 4L, quicProtocol, 2L)));
        assertThat(q.earlyData()).isEqualTo(new QuicSummary.EarlyData(10, 8, 2));
    }

    @Test
    void aTcpCaseHasNoQuicSummary() {
        assertThat(LoadMerge.merge(SPEC, List.of(agent(10, null), agent(5, null))).connections().quic()).isNull();
    }
}
