package showdown.load.capacity;

import static org.assertj.core.api.Assertions.assertThat;
import static showdown.load.capacity.ScriptedRunner.generatorSaturated;
import static showdown.load.capacity.ScriptedRunner.ms;
import static showdown.load.capacity.ScriptedRunner.waitingForConnections;
import static showdown.load.capacity.ScriptedRunner.window;
import static showdown.load.capacity.ScriptedRunner.withFailures;

import org.junit.jupiter.api.Test;

/** One window against p99 <= 10 ms: which verdict each kind of window gets. */
class StepJudgeTest {

    private final StepJudge judge = new StepJudge(LatencyTarget.parse("p99=10ms"));

    @Test
    void theIntervalDecidesWhereItLiesAgainstTheTarget() {
        assertThat(judge.judge(window(1000, 10, 5, 4, 9.9))).isEqualTo(Verdict.PASS);
        assertThat(judge.judge(window(1000, 10, 15, 10.1, 20))).isEqualTo(Verdict.LATENCY);
        assertThat(judge.judge(window(1000, 10, 9, 8, 11))).isEqualTo(Verdict.UNDECIDED);
        assertThat(judge.pointPassed(window(1000, 10, 9, 8, 11))).isTrue();
        assertThat(judge.pointPassed(window(1000, 10, 11, 8, 12))).isFalse();
    }

    @Test
    void oneFailedRequestFailsTheStepWhateverTheLatency() {
        assertThat(judge.judge(withFailures(window(1000, 10, 1, 1, 1), 1))).isEqualTo(Verdict.ERRORS);
    }

    @Test
    void aRateShortOfNinetyNinePercentFails() {
        StepMeasurement m = window(1000, 10, 1, 1, 1);
        StepMeasurement short98 = new StepMeasurement(1000, 10, 980, 980, 0, m.p50Nanos(), m.quantileNanos(),
                m.quantileInterval(), m.sentQuantileNanos(), m.latenessP99Nanos(), false, false, 1);
        assertThat(judge.judge(short98)).isEqualTo(Verdict.RATE);
    }

    @Test
    void waitingForConnectionsIsBlamedOnlyWhenTheServerItselfWasFast() {
        StepMeasurement slow = window(1000, 10, 30, 20, 40);
        assertThat(judge.judge(waitingForConnections(slow, 0.9, 2))).isEqualTo(Verdict.CONNECTIONS);
        assertThat(judge.judge(waitingForConnections(slow, 0.9, 25))).isEqualTo(Verdict.RATE);
    }

    @Test
    void theGeneratorIsBlamedForAFailureItWasPartOf() {
        assertThat(judge.judge(generatorSaturated(window(1000, 10, 30, 20, 40)))).isEqualTo(Verdict.GENERATOR);
        // a pass stands even on a busy generator: its lateness is inside the latency that passed
        assertThat(judge.judge(generatorSaturated(window(1000, 10, 5, 4, 6)))).isEqualTo(Verdict.PASS);
        StepMeasurement m = window(1000, 10, 30, 20, 40);
        // pacing p99 over a tenth of 10 ms, and the server under 10 ms from each send: the generator's
        assertThat(judge.judge(late(m, 2))).isEqualTo(Verdict.GENERATOR);
        // the server over 10 ms from each send: its own failure, however late the sends
        assertThat(judge.judge(late(m, 25))).isEqualTo(Verdict.LATENCY);
        assertThat(judge.judge(late(withFailures(m, 3), 2))).isEqualTo(Verdict.GENERATOR);
    }

    /** {@code m} with a pacing error p99 of 1.5 ms and the server's own p99 (from the send) as given. */
    private static StepMeasurement late(StepMeasurement m, double sentP99Ms) {
        return new StepMeasurement(m.askedRate(), m.connections(), m.achievedRate(), m.requests(), m.failed(),
                m.p50Nanos(), m.quantileNanos(), m.quantileInterval(), ms(sentP99Ms), ms(1.5), false, false, 1);
    }
}
