package showdown.load.http3;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.HistogramLogReader;
import org.HdrHistogram.HistogramLogWriter;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Assumptions;
import showdown.load.ErrorCounts;
import showdown.load.LoadEngine;
import showdown.load.LoadException;
import showdown.load.LoadResult;
import showdown.load.LoadSpec;
import showdown.load.ProgressListener;
import showdown.load.QuicSummary;
import showdown.load.TlsOptions;
import showdown.load.TlsSummary;
import showdown.load.output.LoadResultJson;
import showdown.load.output.WrkReport;
import showdown.load.tls.TestCertificate;

/** {@code --h3} against an in-process HTTP/3 server on loopback UDP, with exact counts on both ends. */
class H3LoadTest {

    private static final Duration HANG_GUARD = Duration.ofSeconds(30);
    /**
     * A run in which a handshake, a refusal or a connection the test waits for must happen at least
     * once: within milliseconds on an idle machine, and again after each retry; long enough for the
     * first on a busy one, where the first handshake also starts QUIC's native code cold.
     */
    private static final Duration AN_EVENT_COMES = Duration.ofSeconds(3);
    private static TestCertificate cert;

    @BeforeAll
    static void nativeQuicAndCertificate() throws Exception {
        Assumptions.assumeTrue(H3Client.unavailability() == null,
                () -> "Netty's native QUIC library does not load here: " + H3Client.unavailability());
        cert = TestCertificate.localhost();
    }

    private static LoadResult run(LoadSpec.Builder spec) {
        return assertTimeoutPreemptively(HANG_GUARD, () -> LoadEngine.run(spec.build(), ProgressListener.NONE));
    }

    private static LoadSpec.Builder spec(String url, int connections, int streams) {
        return LoadSpec.builder().url(url).http3(true).connections(connections).threads(1).pipelineDepth(streams)
                .timeout(Duration.ofSeconds(2));
    }

    @Test
    void theTrainingServerAnswersEveryRequest() throws Exception {
        try (H3TrainingServer server = new H3TrainingServer(cert.keyManagers(), TestCertificate.password())) {
            LoadResult r = run(spec(server.url(), 2, 2).requests(100));
            assertThat(r.requests()).isEqualTo(100);
            assertThat(r.errors()).isEqualTo(ErrorCounts.NONE);
            assertThat(r.statusCounts()).isEqualTo(Map.of(200, 100L));
        }
    }

    @Test
    void everyGetIsAnsweredAndTheHandshakeIsReportedAsH2loadPrintsIt() throws Exception {
        try (H3TestServer server = new H3TestServer(cert, 0, 0)) {
            LoadResult r = run(spec(server.url("/"), 2, 1).requests(200));
            assertThat(r.requests()).isEqualTo(200);
            assertThat(server.requests.get()).isEqualTo(200);
            assertThat(r.errors()).isEqualTo(ErrorCounts.NONE);
            assertThat(r.statusCounts()).isEqualTo(Map.of(200, 200L));
            assertThat(server.connections.get()).isEqualTo(2);
            assertThat(r.connectionsOpen()).isEqualTo(2);
            TlsSummary tls = r.connections().tls();
            assertThat(tls.version()).isEqualTo("TLSv1.3");
            assertThat(tls.cipher()).startsWith("TLS_");
            assertThat(tls.applicationProtocol()).isEqualTo("h3");
            assertThat(tls.engine()).isEqualTo(H3Client.ENGINE);
            assertThat(r.bytesRead()).isGreaterThan(200L * H3TestServer.BODY.length);
            assertThat(r.bytesWritten()).isPositive();

            ByteArrayOutputStream text = new ByteArrayOutputStream();
            PrintStream out = new PrintStream(text, true, StandardCharsets.UTF_8);
            WrkReport.printHeader(r.spec(), out);
            WrkReport.printResult(r, true, out);
            assertThat(text.toString(StandardCharsets.UTF_8))
                    .contains("HTTP/3 over QUIC, 1 stream per connection")
                    .contains("TLS: TLSv1.3, " + tls.cipher() + ", ALPN h3 (engine quiche)")
                    .contains("QUIC errors: no answer 0, stream resets 0, connections closed by the server 0")
                    .doesNotContain("Socket errors");
        }
    }

    @Test
    void postsArriveWholeWithTheirBodies() throws Exception {
        byte[] body = new byte[3000];
        try (H3TestServer server = new H3TestServer(cert, 0, 0)) {
            LoadResult r = run(spec(server.url("/echo"), 1, 2).requests(50).method("POST").body(body));
            assertThat(r.requests()).isEqualTo(50);
            assertThat(r.errors()).isEqualTo(ErrorCounts.NONE);
            assertThat(server.posts.get()).isEqualTo(50);
            assertThat(server.postBodyBytes.get()).isEqualTo(50L * body.length);
        }
    }

    @Test
    void uploadsTheRunsEndCutsOffAreNoErrors() throws Exception {
        byte[] body = new byte[3 << 20]; // three times the stream's flow-control window: the write cannot end
        try (H3TestServer server = H3TestServer.readingNothing(cert)) {
            LoadResult r = run(spec(server.url("/upload"), 4, 1).method("POST").body(body)
                    .duration(AN_EVENT_COMES).timeout(Duration.ofSeconds(5)));
            assertThat(r.requests()).isZero();
            assertThat(server.connections.get()).isEqualTo(4);
            assertThat(r.errors()).as("cut off by the end, not lost: as wrk counts them").isEqualTo(ErrorCounts.NONE);
        }
    }

    @Test
    void aServerThatGrantsNoUnidirectionalStreamIsNamedAsTheCloseCause() throws Exception {
        try (H3TestServer server = H3TestServer.grantingNoUnidirectionalStream(cert)) {
            LoadResult r = run(spec(server.url("/"), 2, 1).duration(AN_EVENT_COMES));
            assertThat(r.requests()).isZero();
            assertThat(server.requests.get()).isZero();
            QuicSummary quic = r.connections().quic();
            assertThat(quic.closes()).containsOnlyKeys(QuicSummary.NO_CONTROL_STREAM);
            assertThat(quic.closed()).isPositive();
        }
    }

    @Test
    void pipelineIsTheStreamsInFlightOnEachConnection() throws Exception {
        try (H3TestServer server = new H3TestServer(cert, 20, 0)) { // slow answers: every slot fills
            LoadResult r = run(spec(server.url("/"), 2, 4).requests(80));
            assertThat(r.requests()).isEqualTo(80);
            assertThat(server.requests.get()).isEqualTo(80);
            assertThat(server.connections.get()).isEqualTo(2);
            assertThat(server.mostStreamsAtOnce.get()).isEqualTo(4);
            assertThat(r.errors()).isEqualTo(ErrorCounts.NONE);
        }
    }

    @Test
    void neverMoreStreamsThanTheServerAllows() throws Exception {
        try (H3TestServer server = new H3TestServer(cert, 5, 0, 0, 3)) {
            LoadResult r = run(spec(server.url("/"), 1, 8).requests(60));
            assertThat(r.requests()).isEqualTo(60);
            assertThat(server.requests.get()).isEqualTo(60);
            assertThat(server.mostStreamsAtOnce.get()).isEqualTo(3);
            assertThat(r.errors()).isEqualTo(ErrorCounts.NONE);
        }
    }

    @Test
    void withoutKeepAliveEveryRequestHasAConnectionAndAHandshakeOfItsOwn() throws Exception {
        try (H3TestServer server = new H3TestServer(cert, 0, 0)) {
            LoadResult r = run(spec(server.url("/"), 2, 1).keepAlive(false).requests(40));
            assertThat(r.requests()).isEqualTo(40);
            assertThat(server.requests.get()).isEqualTo(40);
            assertThat(r.errors()).isEqualTo(ErrorCounts.NONE);
            assertThat(r.reconnects()).isZero();
            // the first 2 connections open before the clock starts; 40 - 2 open in the window (the last ones' may not be done)
            assertThat(server.connections.get()).isBetween(40, 42);
            assertThat(r.connections().tls().handshakes()).isBetween(38L, 40L);
            assertThat(r.connections().opened()).isEqualTo(r.connections().tls().handshakes());
            assertThat(r.connections().setupLatency().getTotalCount()).isEqualTo(r.connections().opened());
            assertThat(server.clientAddresses).as("a worker's connections come from its one UDP socket").hasSize(1);
        }
    }

    @Test
    void eachWorkerSharesOneUdpSocketAmongItsConnections() throws Exception {
        try (H3TestServer server = new H3TestServer(cert, 0, 0)) {
            LoadResult r = run(spec(server.url("/"), 6, 2).threads(2).requests(300));
            assertThat(r.requests()).isEqualTo(300);
            assertThat(r.errors()).isEqualTo(ErrorCounts.NONE);
            assertThat(server.connections.get()).isEqualTo(6);
            assertThat(server.clientAddresses).as("one socket per worker, six connections on two").hasSize(2);
        }
    }

    @Test
    void reconnectsResumeTheSessionOfAnEarlierConnection() throws Exception {
        try (H3TestServer server = new H3TestServer(cert, H3TestServer.Tickets.RESUME)) {
            LoadResult r = run(spec(server.url("/"), 1, 1).keepAlive(false).requests(30));
            assertThat(r.requests()).isEqualTo(30);
            assertThat(r.errors()).isEqualTo(ErrorCounts.NONE);
            TlsSummary tls = r.connections().tls();
            // the first connection's handshake, a full one, ends before the clock starts
            assertThat(tls.handshakes()).isBetween(29L, 30L);
            assertThat(tls.resumed()).isEqualTo(tls.handshakes());
            QuicSummary.EarlyData early = r.connections().quic().earlyData();
            assertThat(early).as("no --early-data: nothing sent early").isEqualTo(QuicSummary.EarlyData.NONE);
            ByteArrayOutputStream text = new ByteArrayOutputStream();
            WrkReport.printResult(r, false, new PrintStream(text, true, StandardCharsets.UTF_8));
            assertThat(text.toString(StandardCharsets.UTF_8))
                    .contains(tls.handshakes() + " handshakes in the window, " + tls.resumed() + " resumed;")
                    .doesNotContain("0-RTT");
        }
    }

    @Test
    void withoutTlsResumeEveryHandshakeIsFull() throws Exception {
        try (H3TestServer server = new H3TestServer(cert, H3TestServer.Tickets.RESUME)) {
            TlsOptions noResume = new TlsOptions(null, List.of(), List.of(), false, null, false);
            LoadResult r = run(spec(server.url("/"), 1, 1).keepAlive(false).tls(noResume).requests(20));
            assertThat(r.requests()).isEqualTo(20);
            assertThat(r.connections().tls().handshakes()).isBetween(19L, 20L);
            assertThat(r.connections().tls().resumed()).isZero();
        }
    }

    @Test
    void aServerThatTakesNoTicketBackMakesEveryHandshakeFull() throws Exception {
        try (H3TestServer server = new H3TestServer(cert, H3TestServer.Tickets.REFUSED)) {
            LoadResult r = run(spec(server.url("/"), 1, 1).keepAlive(false).requests(20));
            assertThat(r.requests()).isEqualTo(20);
            assertThat(r.errors()).isEqualTo(ErrorCounts.NONE);
            assertThat(r.connections().tls().handshakes()).isBetween(19L, 20L);
            assertThat(r.connections().tls().resumed()).isZero();
        }
    }

    @Test
    void zeroRttRequestsAreAcceptedByAServerThatAllowsEarlyData() throws Exception {
        try (H3TestServer server = new H3TestServer(cert, H3TestServer.Tickets.EARLY_DATA)) {
            LoadResult r = run(spec(server.url("/"), 1, 1).keepAlive(false).earlyData(true).requests(30));
            assertThat(r.requests()).isEqualTo(30);
            assertThat(server.requests.get()).isEqualTo(30);
            assertThat(r.errors()).isEqualTo(ErrorCounts.NONE);
            TlsSummary tls = r.connections().tls();
            assertThat(tls.resumed()).isEqualTo(tls.handshakes());
            QuicSummary.EarlyData early = r.connections().quic().earlyData();
            // every request but the first, which goes on the connection made before the clock (a full
            // handshake), went early on a resumed connection; the last connection's handshake had no request left
            assertThat(early.sent()).isEqualTo(29);
            assertThat(early.accepted()).isEqualTo(early.sent());
            assertThat(early.rejected()).isZero();
            ByteArrayOutputStream text = new ByteArrayOutputStream();
            WrkReport.printResult(r, false, new PrintStream(text, true, StandardCharsets.UTF_8));
            assertThat(text.toString(StandardCharsets.UTF_8)).contains("0-RTT: " + early.sent()
                    + " requests sent as early data, " + early.sent() + " accepted, 0 rejected");
        }
    }

    @Test
    void zeroRttRequestsAServerRejectsAreSentAgainAndAnswered() throws Exception {
        try (H3TestServer server = new H3TestServer(cert, H3TestServer.Tickets.REFUSED)) {
            LoadResult r = run(spec(server.url("/"), 1, 1).keepAlive(false).earlyData(true).requests(20));
            assertThat(r.requests()).isEqualTo(20);
            assertThat(server.requests.get()).isEqualTo(20);
            assertThat(r.errors()).isEqualTo(ErrorCounts.NONE);
            assertThat(r.connections().tls().resumed()).isZero();
            QuicSummary.EarlyData early = r.connections().quic().earlyData();
            assertThat(early.sent()).isEqualTo(19);
            assertThat(early.rejected()).as("each early request was sent again in 1-RTT and answered").isEqualTo(19);
            assertThat(early.accepted()).isZero();
        }
    }

    @Test
    void aServerThatAllowsNoEarlyDataGetsNone() throws Exception {
        try (H3TestServer server = new H3TestServer(cert, H3TestServer.Tickets.RESUME)) {
            LoadResult r = run(spec(server.url("/"), 1, 1).keepAlive(false).earlyData(true).requests(20));
            assertThat(r.requests()).isEqualTo(20);
            assertThat(r.connections().tls().resumed()).isEqualTo(r.connections().tls().handshakes());
            assertThat(r.connections().quic().earlyData()).isEqualTo(QuicSummary.EarlyData.NONE);
        }
    }

    @Test
    void zeroRttIsForH3WithResumption() {
        assertThatThrownBy(() -> LoadSpec.builder().url("https://127.0.0.1:1/").earlyData(true).build())
                .isInstanceOf(LoadException.class).hasMessageContaining("--early-data is for --h3");
        assertThatThrownBy(() -> LoadSpec.builder().url("https://127.0.0.1:1/").http3(true).earlyData(true)
                .tls(new TlsOptions(null, List.of(), List.of(), false, null, false)).build())
                .isInstanceOf(LoadException.class).hasMessageContaining("--no-tls-resume");
    }

    @Test
    void aHandshakeTheServerRefusesIsAHandshakeFailure() throws Exception {
        try (H3TestServer server = new H3TestServer(cert, "not-h3")) { // no application protocol in common
            LoadResult r = run(spec(server.url("/"), 1, 1).duration(AN_EVENT_COMES));
            assertThat(r.requests()).isZero();
            TlsSummary tls = r.connections().tls();
            assertThat(tls.handshakeFailures()).isPositive();
            assertThat(tls.certificateFailures()).isZero();
            assertThat(r.errors().connect()).isEqualTo(tls.failures());
            assertThat(r.connections().quic().noAnswer()).isZero();
            ByteArrayOutputStream text = new ByteArrayOutputStream();
            WrkReport.printResult(r, false, new PrintStream(text, true, StandardCharsets.UTF_8));
            assertThat(text.toString(StandardCharsets.UTF_8))
                    .contains("failed: handshake " + tls.handshakeFailures() + ", certificate 0,")
                    .doesNotContain("Exception").doesNotContain("\tat ");
        }
    }

    @Test
    void theOpenModelSendsOnScheduleAndTimesFromTheIntendedSend() throws Exception {
        try (H3TestServer server = new H3TestServer(cert, 0, 0)) {
            LoadResult r = run(spec(server.url("/"), 2, 1).rate(100).duration(Duration.ofSeconds(1)));
            // 100/s for 1 s over 2 connections: each sends every 20 ms from a random offset
            assertThat(r.requests()).isBetween(80L, 102L);
            assertThat(server.requests.get()).isGreaterThanOrEqualTo(r.requests());
            assertThat(r.uncorrectedLatency()).isNotNull();
            assertThat(r.uncorrectedLatency().getTotalCount()).isEqualTo(r.requests());
            assertThat(r.latency().getMaxValue()).isGreaterThanOrEqualTo(r.uncorrectedLatency().getMaxValue() - 1_000_000);
            assertThat(r.errors()).isEqualTo(ErrorCounts.NONE);
        }
    }

    @Test
    void theOpenModelChargesTheWaitForAFreeStream() throws Exception {
        // one stream, answers after 50 ms, due every 10 ms: the queue grows, so the corrected latency does too
        try (H3TestServer server = new H3TestServer(cert, 50, 0)) {
            LoadResult r = run(spec(server.url("/"), 1, 1).rate(100).duration(Duration.ofSeconds(1)));
            assertThat(r.requests()).isPositive();
            assertThat(r.uncorrectedLatency().getValueAtPercentile(50)).isLessThan(200_000_000L);
            assertThat(r.latency().getMaxValue()).isGreaterThan(300_000_000L);
        }
    }

    @Test
    void streamsTheServerResetsAreCountedAsResetsAndReadErrors() throws Exception {
        try (H3TestServer server = new H3TestServer(cert, 0, 4)) {
            LoadResult r = run(spec(server.url("/"), 1, 2).requests(100));
            assertThat(server.requests.get()).isEqualTo(100);
            assertThat(server.resets.get()).isEqualTo(25);
            assertThat(r.requests()).isEqualTo(75);
            assertThat(r.errors()).isEqualTo(new ErrorCounts(0, 25, 0, 0, 0, 0));
            QuicSummary quic = r.connections().quic();
            assertThat(quic.streamResets()).isEqualTo(25);
            assertThat(quic.closed()).isZero();
            assertThat(r.reconnects()).as("only the stream is lost, not its connection").isZero();
            ByteArrayOutputStream text = new ByteArrayOutputStream();
            WrkReport.printResult(r, false, new PrintStream(text, true, StandardCharsets.UTF_8));
            assertThat(text.toString(StandardCharsets.UTF_8))
                    .contains("QUIC errors: no answer 0, stream resets 25, connections closed by the server 0\n")
                    .doesNotContain("Exception");
        }
    }

    @Test
    void connectionsTheServerClosesAreCountedByCodeAndReplaced() throws Exception {
        try (H3TestServer server = new H3TestServer(cert, 0, 0, 10)) {
            LoadResult r = run(spec(server.url("/"), 1, 1).requests(30));
            assertThat(server.requests.get()).isEqualTo(30);
            assertThat(server.closes.get()).isEqualTo(3);
            assertThat(r.requests()).isEqualTo(27);
            assertThat(r.errors()).isEqualTo(new ErrorCounts(0, 3, 0, 0, 0, 0));
            QuicSummary quic = r.connections().quic();
            assertThat(quic.closes()).isEqualTo(Map.of(QuicSummary.closeLabel(true, H3TestServer.H3_NO_ERROR), 3L));
            assertThat(quic.streamResets()).isZero();
            assertThat(r.reconnects()).isEqualTo(3);
            assertThat(server.connections.get()).isEqualTo(4);
            ByteArrayOutputStream text = new ByteArrayOutputStream();
            WrkReport.printResult(r, false, new PrintStream(text, true, StandardCharsets.UTF_8));
            assertThat(text.toString(StandardCharsets.UTF_8))
                    .contains("QUIC errors: no answer 0, stream resets 0, connections closed by the server 3 (h3 0x100: 3)");
        }
    }

    @Test
    void aClosedUdpPortEndsByTheDurationWithNoAnswerErrors() throws Exception {
        int port;
        try (DatagramSocket s = new DatagramSocket(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0))) {
            port = s.getLocalPort();
        }
        assertNoAnswer("https://127.0.0.1:" + port + "/");
    }

    @Test
    void aSilentUdpPortEndsByTheDurationWithNoAnswerErrors() throws Exception {
        try (DatagramSocket silent = new DatagramSocket(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0))) {
            assertNoAnswer("https://127.0.0.1:" + silent.getLocalPort() + "/");
        }
    }

    private static void assertNoAnswer(String url) {
        long start = System.nanoTime();
        LoadResult r = run(spec(url, 2, 1).duration(Duration.ofSeconds(1)).timeout(Duration.ofMillis(300)));
        long tookMillis = (System.nanoTime() - start) / 1_000_000;
        assertThat(tookMillis).as("ends by duration + timeout, with room for a slow machine").isLessThan(10_000);
        assertThat(r.requests()).isZero();
        QuicSummary quic = r.connections().quic();
        assertThat(quic.noAnswer()).isPositive();
        assertThat(r.errors().connect()).isEqualTo(quic.noAnswer());
        assertThat(r.errors().lostRequests()).isZero();
        assertThat(r.connections().tls().failures()).isZero();
        ByteArrayOutputStream text = new ByteArrayOutputStream();
        WrkReport.printResult(r, false, new PrintStream(text, true, StandardCharsets.UTF_8));
        assertThat(text.toString(StandardCharsets.UTF_8)).contains("QUIC errors: no answer " + quic.noAnswer() + ",");
    }

    @Test
    void aCertificateThatDoesNotVerifyFailsEveryHandshake() throws Exception {
        try (H3TestServer server = new H3TestServer(cert, 0, 0)) {
            TlsOptions verify = new TlsOptions(null, List.of(), List.of(), true, null, true); // the system's trust store
            LoadResult r = run(spec(server.url("/"), 1, 1).tls(verify).duration(AN_EVENT_COMES));
            assertThat(r.requests()).isZero();
            assertThat(server.requests.get()).isZero();
            TlsSummary tls = r.connections().tls();
            assertThat(tls.certificateFailures()).isPositive();
            assertThat(r.errors().connect()).isEqualTo(tls.failures());
            assertThat(r.connections().quic().noAnswer()).isZero();
            ByteArrayOutputStream text = new ByteArrayOutputStream();
            WrkReport.printResult(r, false, new PrintStream(text, true, StandardCharsets.UTF_8));
            assertThat(text.toString(StandardCharsets.UTF_8))
                    .contains("failed: handshake 0, certificate " + tls.certificateFailures() + ", not TLS 0")
                    .doesNotContain("Exception");
        }
    }

    @Test
    void aTrustedCertificateVerifies() throws Exception {
        try (H3TestServer server = new H3TestServer(cert, 0, 0)) {
            TlsOptions trusted = new TlsOptions(null, List.of(), List.of(), true, cert.pem, true);
            LoadResult r = run(spec(server.url("/"), 1, 1).tls(trusted).requests(20));
            assertThat(r.requests()).isEqualTo(20);
            assertThat(r.errors()).isEqualTo(ErrorCounts.NONE);
        }
    }

    @Test
    void jsonAndTheIntervalLogOfAnH3RunParse() throws Exception {
        try (H3TestServer server = new H3TestServer(cert, 0, 0)) {
            ByteArrayOutputStream log = new ByteArrayOutputStream();
            HistogramLogWriter writer = new HistogramLogWriter(new PrintStream(log, true, StandardCharsets.UTF_8));
            writer.outputLogFormatVersion();
            LoadEngine engine = new LoadEngine(spec(server.url("/"), 2, 2).requests(300).build(), ProgressListener.NONE,
                    (start, end, h) -> {
                        h.setStartTimeStamp(start / 1_000_000);
                        h.setEndTimeStamp(end / 1_000_000);
                        writer.outputIntervalHistogram(h);
                    });
            LoadResult r = assertTimeoutPreemptively(HANG_GUARD, () -> engine.run());
            assertThat(r.requests()).isEqualTo(300);

            long logged = 0;
            HistogramLogReader reader = new HistogramLogReader(new ByteArrayInputStream(log.toByteArray()));
            for (EncodableHistogram h = reader.nextIntervalHistogram(); h != null; h = reader.nextIntervalHistogram()) {
                logged += ((org.HdrHistogram.Histogram) h).getTotalCount();
            }
            assertThat(logged).isEqualTo(300);

            ByteArrayOutputStream json = new ByteArrayOutputStream();
            LoadResultJson.write(r, json);
            Map<String, String> fields = flatten(json.toByteArray());
            assertThat(fields).containsEntry("spec.protocol", "h3").containsEntry("spec.tls", "true")
                    .containsEntry("spec.pipeline", "2").containsEntry("tls.alpn", "h3").containsEntry("tls.version", "TLSv1.3")
                    .containsEntry("tls.engine", "quiche").containsEntry("quic.noAnswer", "0")
                    .containsEntry("quic.streamResets", "0").containsEntry("quic.earlyData.sent", "0")
                    .containsEntry("quic.earlyData.accepted", "0").containsEntry("quic.earlyData.rejected", "0")
                    .containsEntry("spec.earlyData", "false").containsEntry("spec.tlsResume", "true")
                    .containsEntry("tls.resumed", "0");
            assertThat(fields.values()).contains("300");
        }
    }

    @Test
    void h3SpeaksOnlyHttpsAndNotWithH2() {
        assertThatThrownBy(() -> LoadSpec.builder().url("http://127.0.0.1:1/").http3(true).build())
                .isInstanceOf(LoadException.class).hasMessageContaining("https://");
        assertThatThrownBy(() -> LoadSpec.builder().url("https://127.0.0.1:1/").http3(true).http2(true).build())
                .isInstanceOf(LoadException.class).hasMessageContaining("--h2 and --h3");
        assertThatThrownBy(() -> LoadSpec.builder().url("https://127.0.0.1:1/").http3(true)
                .tls(new TlsOptions(null, List.of("TLSv1.2"), List.of(), false, null, true)).build())
                .isInstanceOf(LoadException.class).hasMessageContaining("do not apply to --h3");
    }

    /** Every scalar of a JSON document by its dotted path of object keys (array items share their array's path). */
    private static Map<String, String> flatten(byte[] json) throws Exception {
        Map<String, String> out = new HashMap<>();
        Deque<String> path = new ArrayDeque<>();
        try (JsonParser p = new JsonFactory().createParser(json)) {
            String field = null;
            for (JsonToken t = p.nextToken(); t != null; t = p.nextToken()) {
                switch (t) {
                    case FIELD_NAME -> field = p.currentName();
                    case START_OBJECT -> {
                        if (field != null) {
                            path.addLast(field);
                        }
                        field = null;
                    }
                    case END_OBJECT -> {
                        if (!path.isEmpty()) {
                            path.removeLast();
                        }
                    }
                    case START_ARRAY, END_ARRAY -> field = t == JsonToken.START_ARRAY ? field : null;
                    default -> {
                        if (field != null) {
                            String prefix = String.join(".", path);
                            out.put(prefix.isEmpty() ? field : prefix + "." + field, p.getValueAsString(p.getText()));
                        }
                    }
                }
            }
        }
        return out;
    }
}
