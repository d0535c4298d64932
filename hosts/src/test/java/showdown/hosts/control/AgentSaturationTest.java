package showdown.hosts.control;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import showdown.load.ErrorCounts;
import showdown.load.LoadResult;
import showdown.load.LoadSpec;
import showdown.load.Transport;

/** A load agent's saturation is the local run's rule: its CPUs' share against the server host's. */
class AgentSaturationTest {

    private static final long SECOND = 1_000_000_000L;

    /** An agent's result over a one-second window, with its CPU time and CPU count. */
    private static LoadResult agent(long cpuNanos, double busiestLoop, int cpus) {
        LoadSpec spec = LoadSpec.builder().url("http://127.0.0.1:8080/").connections(1).threads(1)
                .duration(Duration.ofSeconds(1)).build();
        return new LoadResult(spec, Transport.NIO, SECOND, 1000, 0, 0, new ErrorCounts(0, 0, 0, 0, 0, 0), 0,
                new TreeMap<>(), new Histogram(3), null, new Histogram(3), cpuNanos, busiestLoop, cpus, 1);
    }

    @Test
    void anAgentBusierThanTheServerSetThePace() {
        // 95 % of its one CPU against a server at half of its two
        assertThat(AgentMeasurer.saturated(agent(SECOND * 95 / 100, 0.95, 1), SECOND, 2)).isTrue();
    }

    @Test
    void aServerAsBusyAsTheAgentSetThePaceItself() {
        // the load engine's own view (a loop at 95 %) would call this saturated; the case's rule does not
        assertThat(AgentMeasurer.saturated(agent(SECOND * 95 / 100, 0.95, 1), 2 * SECOND, 2)).isFalse();
        assertThat(AgentMeasurer.saturated(agent(SECOND / 2, 0.95, 1), 0, 2)).isFalse();
    }

    @Test
    void aLostAgentSetNothing() {
        assertThat(AgentMeasurer.saturated(null, 0, 2)).isFalse();
    }
}
