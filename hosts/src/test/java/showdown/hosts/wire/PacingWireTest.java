package showdown.hosts.wire;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import showdown.hosts.control.LoadMerge;
import showdown.load.Arrival;
import showdown.load.ErrorCounts;
import showdown.load.LoadResult;
import showdown.load.LoadSpec;
import showdown.load.PacingSummary;
import showdown.load.Transport;
import showdown.load.stats.TimerSlackSetting;

/** An open-model case over hosts says as much about the generator's pacing as the same case run locally. */
class PacingWireTest {

    private static final LoadSpec SPEC = LoadSpec.builder().url("http://192.0.2.10:8080/").connections(4).threads(1)
            .duration(Duration.ofSeconds(1)).rate(1000).build();

    /** One agent's result: {@code n} requests sent {@code lateNanos} late, {@code blocked} of them after waiting. */
    private static LoadResult agent(long n, long lateNanos, long blocked, long waitNanos, long unsent) {
        Histogram latency = new Histogram(3);
        latency.recordValueWithCount(1_000_000, n);
        Histogram lateness = new Histogram(3);
        lateness.recordValueWithCount(lateNanos, n);
        Histogram waited = new Histogram(3);
        if (blocked > unsent) {
            waited.recordValueWithCount(waitNanos, blocked - unsent);
        }
        return new LoadResult(SPEC, Transport.EPOLL, 1_000_000_000L, n, 0, 0, ErrorCounts.NONE, 0,
                new TreeMap<>(Map.of(200, n)), latency, latency, new Histogram(3), 0, -1, 1, 2, null,
                new PacingSummary(Arrival.UNIFORM, lateness, blocked, waited, unsent, TimerSlackSetting.lowered(1_000)));
    }

    @Test
    void pacingCrossesTheWireWhole() {
        LoadResult sent = agent(500, 40_000, 7, 2_000_000, 1);
        Message.LoadFinished report = new Message.LoadFinished("case-1", LoadResultJson.of(sent), 0, null, null, null);

        LoadResult received = ((Message.LoadFinished) Wire.decode(Wire.encode(report))).result().toResult(SPEC);

        PacingSummary p = received.pacing();
        assertThat(p.lateness()).isEqualTo(sent.pacing().lateness());
        assertThat(p.waited()).isEqualTo(sent.pacing().waited());
        assertThat(p.blocked()).isEqualTo(7);
        assertThat(p.unsent()).isEqualTo(1);
        assertThat(p.arrival()).isEqualTo(Arrival.UNIFORM);
        assertThat(p.timerSlack()).isEqualTo(TimerSlackSetting.lowered(1_000));
    }

    @Test
    void theAgentsPacingIsAddedNeverAveraged() {
        LoadResult merged = LoadMerge.merge(SPEC, List.of(agent(500, 10_000, 0, 0, 0), agent(500, 90_000, 4, 1_000_000, 0)));

        PacingSummary p = merged.pacing();
        assertThat(p.lateness().getTotalCount()).isEqualTo(1000);
        assertThat(p.lateness().getValueAtPercentile(99)).isEqualTo(p.lateness().highestEquivalentValue(90_000));
        assertThat(p.blocked()).isEqualTo(4);
        assertThat(p.waited().getTotalCount()).isEqualTo(4);
    }

    @Test
    void aClosedModelCaseHasNoPacing() {
        LoadSpec closed = SPEC.toBuilder().rate(0).build();
        assertThat(LoadMerge.merge(closed, List.of(agent(10, 0, 0, 0, 0))).pacing()).isNull();
    }
}
