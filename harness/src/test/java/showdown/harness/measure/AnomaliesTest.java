package showdown.harness.measure;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import showdown.harness.results.CaseNote;
import showdown.harness.results.Interference;
import showdown.load.Arrival;
import showdown.load.ErrorCounts;
import showdown.load.LoadResult;
import showdown.load.LoadSpec;
import showdown.load.PacingSummary;
import showdown.load.Transport;

/** Each note's rule on a case built to meet it, and on one built to miss it. */
class AnomaliesTest {

    private static final long SECOND = 1_000_000_000L;

    private static LoadSpec spec(int connections, int pipeline) {
        return LoadSpec.builder().url(URI.create("http://127.0.0.1:1/")).connections(connections).threads(1)
                .pipelineDepth(pipeline).duration(Duration.ofSeconds(1)).build();
    }

    /** A one-second case: {@code requests} answers, every one {@code latencyNanos} long. */
    private static LoadResult result(LoadSpec spec, long requests, long latencyNanos, ErrorCounts errors, int open) {
        Histogram latency = new Histogram(3);
        latency.recordValueWithCount(latencyNanos, requests);
        return new LoadResult(spec, Transport.NIO, SECOND, requests, 0, 0, errors, 0, new TreeMap<>(Map.of(200, requests)),
                latency, null, new Histogram(3), 0, -1, 0, open);
    }

    private static List<CaseNote.Kind> kinds(LoadResult r) {
        return Anomalies.notes(r, Anomalies.WarmState.STEADY, false, null).stream().map(CaseNote::kind).toList();
    }

    @Test
    void aCaseThatKeepsLittlesLawHasNoNote() {
        // 16 connections, 1 ms each: 16,000 req/s in one second.
        assertThat(kinds(result(spec(16, 1), 16_000, 1_000_000, ErrorCounts.NONE, 16))).isEmpty();
        // Pipelined ×4: 64 in flight at 1 ms each is 64,000 req/s.
        assertThat(kinds(result(spec(16, 4), 64_000, 1_000_000, ErrorCounts.NONE, 16))).isEmpty();
    }

    @Test
    void halfTheConnectionsIdleBreaksLittlesLawAndTheOpenCountSaysWhy() {
        // 16 asked, 8 open: 8,000 req/s at 1 ms means 8 in flight, not 16.
        List<CaseNote> notes = Anomalies.notes(result(spec(16, 1), 8_000, 1_000_000, ErrorCounts.NONE, 8),
                Anomalies.WarmState.STEADY, false, null);
        assertThat(notes).extracting(CaseNote::kind).containsExactly(CaseNote.Kind.LITTLES_LAW, CaseNote.Kind.CONNECTIONS);
        assertThat(notes.get(0).message()).contains("16 requests were kept in flight", "gives 8.0", "-50 %");
        assertThat(notes.get(1).message()).isEqualTo("only 8 of the 16 connections asked for were open when the window began");
    }

    @Test
    void aCaseThatLostALoadAgentIsNotJudgedByTheWholePlan() {
        // Two load agents of 8 connections each, one lost: the 8 that remain carried 8,000 req/s at
        // 1 ms, which keeps Little's law for them; measured against the 16 planned it would not.
        LoadResult half = result(spec(16, 1), 8_000, 1_000_000, new ErrorCounts(3, 0, 0, 0, 0, 0), 8);
        assertThat(Anomalies.notes(half, Anomalies.WarmState.STEADY, null, false, null, Anomalies.Coverage.WHOLE))
                .extracting(CaseNote::kind).contains(CaseNote.Kind.LITTLES_LAW, CaseNote.Kind.CONNECTIONS);
        List<CaseNote> partial = Anomalies.notes(half, Anomalies.WarmState.STEADY, null, false, null,
                Anomalies.Coverage.PARTIAL);
        // what still holds of the part that was measured is still said
        assertThat(partial).extracting(CaseNote::kind).containsExactly(CaseNote.Kind.ERRORS);
    }

    @Test
    void answersAtFortyMillisecondsAreTheDelayedAckSignature() {
        // Helidon's POST at one connection: 23 req/s at 43 ms each.
        List<CaseNote> notes = Anomalies.notes(result(spec(1, 1), 23, 43_000_000, ErrorCounts.NONE, 1),
                Anomalies.WarmState.STEADY, false, null);
        assertThat(notes).extracting(CaseNote::kind).containsExactly(CaseNote.Kind.DELAYED_ACK);
        assertThat(notes.get(0).message()).startsWith("100 % of the requests took 36-50 ms");
        // 30 ms or 60 ms per answer is slow, not the pattern.
        assertThat(kinds(result(spec(1, 1), 33, 30_000_000, ErrorCounts.NONE, 1))).isEmpty();
        assertThat(kinds(result(spec(1, 1), 16, 60_000_000, ErrorCounts.NONE, 1))).isEmpty();
    }

    @Test
    void errorsSaturationInterferenceAndWarmUpEachGetTheirNote() {
        LoadResult r = result(spec(1, 1), 1_000, 1_000_000, new ErrorCounts(0, 2, 0, 1, 0, 0), 1);
        List<CaseNote> notes = Anomalies.notes(r, Anomalies.WarmState.UNSETTLED, true,
                new Interference(0.4, 0.0, true));
        assertThat(notes).extracting(CaseNote::kind).containsExactly(CaseNote.Kind.NOT_STEADY, CaseNote.Kind.ERRORS,
                CaseNote.Kind.GENERATOR_SATURATED, CaseNote.Kind.DISTURBED);
        assertThat(notes.get(1).message()).isEqualTo("3 errors: connect 0, read 2, write 0, timeout 1, status 0, protocol 0");
        assertThat(notes.get(3).message()).isEqualTo("disturbed: other processes used 40 % of the measured CPUs");
        // each threshold passed is named: here a burst in one slice and the hypervisor's steal
        assertThat(Anomalies.notes(r, Anomalies.WarmState.STEADY, false, new Interference(0.02, 0.41, true, 0.34)))
                .extracting(CaseNote::message)
                .contains("disturbed: other processes used 34 % of them in one slice; the hypervisor stole 41 % of their time");
        assertThat(Anomalies.notes(r, Anomalies.WarmState.COLD, false, new Interference(0.01, 0, false)))
                .extracting(CaseNote::message).contains("measured cold: the profile asked for no warm-up");
    }

    @Test
    void theOpenModelIsNotHeldToLittlesLaw() {
        LoadSpec open = spec(16, 1).toBuilder().rate(100).build();
        assertThat(kinds(result(open, 100, 1_000_000, ErrorCounts.NONE, 16))).isEmpty();
    }

    /** An open-model case of 1 000 answers at 1 ms, with the generator's pacing as given. */
    private static LoadResult paced(long latenessNanos, long blocked, long waitedNanos, long unsent) {
        LoadSpec open = spec(16, 1).toBuilder().rate(1000).build();
        LoadResult r = result(open, 1000, 1_000_000, ErrorCounts.NONE, 16);
        Histogram lateness = new Histogram(3);
        lateness.recordValueWithCount(latenessNanos, 1000);
        Histogram waited = new Histogram(3);
        if (blocked > unsent) {
            waited.recordValueWithCount(waitedNanos, blocked - unsent);
        }
        return new LoadResult(r.spec(), r.transport(), r.durationNanos(), r.requests(), 0, 0, r.errors(), 0,
                r.statusCounts(), r.latency(), r.latency(), r.threadRequestsPerSecond(), 0, -1, 0, 16, null,
                new PacingSummary(Arrival.UNIFORM, lateness, blocked, waited, unsent, null));
    }

    @Test
    void aGeneratorLateByMoreThanATenthOfTheLatencyIsNamedInTheCase() {
        assertThat(kinds(paced(20_000, 0, 0, 0))).isEmpty(); // 20 us against 1 ms: its own part is small
        List<CaseNote> notes = Anomalies.notes(paced(150_000, 0, 0, 0), Anomalies.WarmState.STEADY, false, null);
        assertThat(notes).extracting(CaseNote::kind).containsExactly(CaseNote.Kind.GENERATOR_LATE);
        assertThat(notes.get(0).message()).contains("150.02us after they were due at p99", "latency p99 of 1.00ms");
    }

    @Test
    void requestsThatWaitedForAConnectionAreCounted() {
        List<CaseNote> notes = Anomalies.notes(paced(1_000, 40, 3_000_000, 2), Anomalies.WarmState.STEADY, false, null);
        assertThat(notes).extracting(CaseNote::kind).containsExactly(CaseNote.Kind.CONNECTION_BOUND);
        assertThat(notes.get(0).message()).isEqualTo(
                "40 requests waited for a free connection (p99 3.00ms), 2 never got one: more connections would have sent them on time");
    }
}
