package showdown.load.http2;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import showdown.load.ErrorCounts;
import showdown.load.Header;
import showdown.load.LoadEngine;
import showdown.load.LoadException;
import showdown.load.LoadResult;
import showdown.load.LoadSpec;
import showdown.load.ProgressListener;
import showdown.load.RawServer;
import showdown.load.TestServer;
import showdown.load.output.LoadResultJson;
import showdown.load.output.WrkReport;

/**
 * {@code --h2}: the engine over HTTP/2 (h2c) against a server that answers, resets, limits its
 * streams, sends GOAWAY or stalls. Each test compares exact counts with what the server did.
 */
class H2LoadTest {

    /** A bound against hangs only; no test asserts how fast anything runs. */
    private static final Duration HANG_GUARD = Duration.ofSeconds(30);

    private static LoadResult run(LoadSpec.Builder spec) {
        return assertTimeoutPreemptively(HANG_GUARD, () -> LoadEngine.run(spec.build(), ProgressListener.NONE));
    }

    private static LoadSpec.Builder spec(H2TestServer server, int connections, int streams, long requests) {
        return LoadSpec.builder().url(server.url("/plaintext")).http2(true).connections(connections)
                .threads(Math.min(2, connections)).pipelineDepth(streams).requests(requests).timeout(Duration.ofSeconds(5));
    }

    @Test
    void countsEveryStreamOfAWellBehavedServer() throws Exception {
        try (H2TestServer server = new H2TestServer(100, (c, n) -> H2TestServer.Action.ANSWER)) {
            LoadResult r = run(spec(server, 3, 8, 1000));
            assertThat(r.requests()).isEqualTo(1000);
            assertThat(server.answered.get()).isEqualTo(1000);
            assertThat(r.errors()).isEqualTo(ErrorCounts.NONE);
            assertThat(r.statusCounts()).isEqualTo(Map.of(200, 1000L));
            assertThat(r.latency().getTotalCount()).isEqualTo(1000);
            assertThat(r.bytesRead()).isPositive();
            assertThat(server.mostConcurrent.get()).isBetween(2, 8);
        }
    }

    @Test
    void keepsToTheStreamLimitTheServerAnnounces() throws Exception {
        try (H2TestServer server = new H2TestServer(2, (c, n) -> H2TestServer.Action.ANSWER)) {
            LoadResult r = run(spec(server, 2, 16, 400));
            assertThat(r.errors()).isEqualTo(ErrorCounts.NONE);
            assertThat(r.requests()).isEqualTo(400);
            assertThat(server.mostConcurrent.get()).isLessThanOrEqualTo(2);
        }
    }

    @Test
    void aServerThatAllowsNoStreamGetsNone() throws Exception {
        try (H2TestServer server = new H2TestServer(0, (c, n) -> H2TestServer.Action.ANSWER)) {
            LoadResult r = run(LoadSpec.builder().url(server.url("/")).http2(true).connections(1).threads(1).pipelineDepth(4)
                    .duration(Duration.ofMillis(500)));
            assertThat(server.mostConcurrent.get()).isZero();
            assertThat(server.answered.get()).isZero();
            assertThat(r.requests()).isZero();
            assertThat(r.errors()).isEqualTo(ErrorCounts.NONE);
        }
    }

    @Test
    void aResetStreamIsAReadErrorAndTheConnectionLivesOn() throws Exception {
        try (H2TestServer server = new H2TestServer(100,
                (c, n) -> n % 5 == 0 ? H2TestServer.Action.RESET : H2TestServer.Action.ANSWER)) {
            LoadResult r = run(spec(server, 2, 4, 500));
            assertThat(r.requests()).isEqualTo(server.answered.get());
            assertThat(r.errors().read()).isEqualTo(server.resets.get());
            assertThat(server.answered.get() + server.resets.get()).isEqualTo(500);
            assertThat(r.reconnects()).isZero();
        }
    }

    @Test
    void afterAGoAwayTheLostStreamsAreCountedAndANewSocketOpens() throws Exception {
        try (H2TestServer server = new H2TestServer(100,
                (c, n) -> c == 25 ? H2TestServer.Action.ANSWER_THEN_GOAWAY : H2TestServer.Action.ANSWER)) {
            LoadResult r = run(spec(server, 2, 4, 300));
            assertThat(r.requests()).isEqualTo(server.answered.get());
            assertThat(r.errors().read()).isEqualTo(300 - server.answered.get());
            assertThat(r.errors().socketErrors()).isEqualTo(r.errors().read());
            assertThat(server.goaways.get()).isPositive();
            assertThat(r.reconnects()).isEqualTo(server.goaways.get());
        }
    }

    @Test
    void streamsOfAStalledServerTimeOutAndTheRunStillEnds() throws Exception {
        try (H2TestServer server = new H2TestServer(100, (c, n) -> H2TestServer.Action.IGNORE)) {
            LoadResult r = run(LoadSpec.builder().url(server.url("/")).http2(true).connections(2).threads(1).pipelineDepth(4)
                    .duration(Duration.ofSeconds(1)).timeout(Duration.ofMillis(300)));
            assertThat(r.requests()).isZero();
            assertThat(r.errors().timeout()).isPositive();
            assertThat(r.errors().timeout() % 4).isZero(); // a timeout loses the socket's four streams
            assertThat(r.errors().socketErrors()).isEqualTo(r.errors().timeout());
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"NO_STATUS", "BAD_STATUS"})
    void aResponseWithoutAValidStatusIsAProtocolErrorNotAnAnswer(String malformed) throws Exception {
        H2TestServer.Action bad = H2TestServer.Action.valueOf(malformed);
        try (H2TestServer server = new H2TestServer(100,
                (c, n) -> n % 4 == 0 ? bad : H2TestServer.Action.ANSWER)) {
            LoadResult r = run(spec(server, 2, 4, 400));
            assertThat(server.answered.get()).isEqualTo(400);
            assertThat(r.requests()).isEqualTo(300);
            assertThat(r.errors()).isEqualTo(new ErrorCounts(0, 0, 0, 0, 0, 100));
            assertThat(r.statusCounts()).isEqualTo(Map.of(200, 300L));
            assertThat(r.reconnects()).as("only the stream is lost, not its connection").isZero();

            ByteArrayOutputStream text = new ByteArrayOutputStream();
            WrkReport.printResult(r, false, new PrintStream(text, true, StandardCharsets.UTF_8));
            assertThat(text.toString(StandardCharsets.UTF_8))
                    .contains("Socket errors: connect 0, read 0, write 0, timeout 0, protocol 100");
            ByteArrayOutputStream json = new ByteArrayOutputStream();
            LoadResultJson.write(r, json);
            assertThat(json.toString(StandardCharsets.UTF_8)).containsPattern("\"protocol\" : 100\\b");
        }
    }

    @Test
    void postsABodyWithItsLength() throws Exception {
        try (H2TestServer server = new H2TestServer(100, (c, n) -> H2TestServer.Action.ANSWER)) {
            LoadResult r = run(spec(server, 1, 2, 50).method("POST").body(new byte[] {1, 2, 3}));
            assertThat(r.requests()).isEqualTo(50);
            assertThat(server.answered.get()).isEqualTo(50);
            assertThat(r.errors()).isEqualTo(ErrorCounts.NONE);
        }
    }

    @Test
    void readsTheDynamicTableContinuationsPaddingManyDataFramesAndPings() throws Exception {
        var shape = new H2TestServer.Shape(40_000, 17, true, 7, true);
        try (H2TestServer server = new H2TestServer(100,
                (c, n) -> n % 3 == 0 ? H2TestServer.Action.NOT_FOUND : H2TestServer.Action.ANSWER, shape)) {
            LoadResult r = run(spec(server, 3, 4, 300));
            assertThat(r.errors()).isEqualTo(new ErrorCounts(0, 0, 0, 0, 100, 0)); // the 404s only
            assertThat(r.requests()).isEqualTo(300);
            assertThat(r.statusCounts()).isEqualTo(Map.of(200, 200L, 404, 100L));
            assertThat(r.bytesRead()).isGreaterThan(300L * 40_000);
            assertThat(server.pingAcks.get()).isEqualTo(3);
        }
    }

    @Test
    void aBodyLargerThanTheServersWindowsWaitsForItsWindowUpdates() throws Exception {
        byte[] body = new byte[200_000]; // three times the default windows of a stream and of the connection
        try (H2TestServer server = new H2TestServer(100, (c, n) -> H2TestServer.Action.ANSWER)) {
            LoadResult r = run(spec(server, 1, 4, 20).method("POST").body(body));
            assertThat(r.errors()).isEqualTo(ErrorCounts.NONE);
            assertThat(r.requests()).isEqualTo(20);
            assertThat(server.requestBodyBytes.get()).isEqualTo(20L * body.length);
        }
    }

    @Test
    void aRequestHeaderBlockLargerThanAFrameGoesOutInContinuationFrames() throws Exception {
        try (H2TestServer server = new H2TestServer(100, (c, n) -> H2TestServer.Action.ANSWER)) {
            LoadResult r = run(spec(server, 1, 2, 10).header("x-big", "b".repeat(40_000)));
            assertThat(r.errors()).isEqualTo(ErrorCounts.NONE);
            assertThat(r.requests()).isEqualTo(10);
            assertThat(server.answered.get()).isEqualTo(10);
        }
    }

    /** SETTINGS, then a frame above the 16,384 bytes a client allows unless it says otherwise. */
    private static final byte[] OVERSIZED_FRAME = frames("000000040000000000", "005000000000000001");
    /** SETTINGS, then DATA on stream 0, which only streams may carry. */
    private static final byte[] DATA_ON_STREAM_0 = frames("000000040000000000", "000001000100000000", "00");
    /** SETTINGS, then a header block that goes on and on in CONTINUATION frames. */
    private static final byte[] ENDLESS_HEADER_BLOCK = endlessHeaderBlock();

    @ParameterizedTest
    @ValueSource(strings = {"OVERSIZED_FRAME", "DATA_ON_STREAM_0", "ENDLESS_HEADER_BLOCK"})
    void aFrameThatBreaksTheProtocolLosesTheSocketAsAProtocolError(String answer) throws Exception {
        byte[] bytes = (byte[]) H2LoadTest.class.getDeclaredField(answer).get(null);
        try (RawServer server = new RawServer(bytes)) {
            LoadResult r = run(LoadSpec.builder().url(server.url()).http2(true).connections(1).threads(1).pipelineDepth(2)
                    .duration(Duration.ofMillis(500)).timeout(Duration.ofMillis(300)));
            assertThat(r.requests()).isZero();
            assertThat(r.errors().protocol()).isPositive();
            assertThat(r.errors().socketErrors()).isEqualTo(r.errors().protocol());
            // one per socket, or one per stream in flight when the streams went out before the bad frame came
            assertThat(r.reconnects()).isPositive().isLessThanOrEqualTo(r.errors().protocol());
        }
    }

    private static byte[] frames(String... hex) {
        return java.util.HexFormat.of().parseHex(String.join("", hex));
    }

    private static byte[] endlessHeaderBlock() {
        var out = new java.io.ByteArrayOutputStream();
        out.writeBytes(frames("000000040000000000", "000001010000000001", "88")); // HEADERS, no END_HEADERS
        byte[] continuation = new byte[9 + H2FrameReader.MAX_FRAME];
        System.arraycopy(frames("004000090000000001"), 0, continuation, 0, 9); // 16,384 bytes, no END_HEADERS
        for (int k = 0; k <= H2FrameReader.MAX_HEADER_BLOCK / H2FrameReader.MAX_FRAME; k++) {
            out.writeBytes(continuation);
        }
        return out.toByteArray();
    }

    @Test
    void requestHeadersFollowHttp2Rules() {
        var headers = H2Request.headers("GET", java.net.URI.create("http://127.0.0.1:8080/a?b=c"),
                List.of(new Header("Host", "example.test"), new Header("X-Trace", "1"), new Header("Connection", "close")),
                null);
        assertThat(headers.method().toString()).isEqualTo("GET");
        assertThat(headers.path().toString()).isEqualTo("/a?b=c");
        assertThat(headers.authority().toString()).isEqualTo("example.test");
        assertThat(headers.scheme().toString()).isEqualTo("http");
        assertThat(headers.get("x-trace").toString()).isEqualTo("1");
        assertThat(headers.contains("connection")).isFalse();
        assertThat(headers.contains("host")).isFalse();
        // over TLS the scheme is https: servers that check it (Tomcat) refuse http on a TLS connection
        assertThat(H2Request.headers("GET", java.net.URI.create("https://127.0.0.1:8443/"), List.of(), null).scheme()
                .toString()).isEqualTo("https");
    }

    @Test
    void theHeaderBlockIsPlainHpackThatLeavesTheDynamicTableAlone() throws Exception {
        var headers = H2Request.headers("POST", java.net.URI.create("http://127.0.0.1:8080/"),
                List.of(new Header("X-Long", "v".repeat(300)), new Header("Accept", "*/*")), new byte[3]);
        byte[] block = H2Request.headerBlock(headers);
        var decoder = new io.netty.handler.codec.http2.DefaultHttp2HeadersDecoder(true);
        for (int k = 0; k < 2; k++) { // the same bytes decode the same way twice: no table entry was relied on
            var decoded = decoder.decodeHeaders(1, io.netty.buffer.Unpooled.wrappedBuffer(block));
            assertThat(decoded).isEqualTo(headers);
            assertThat(decoded.get("content-length").toString()).isEqualTo("3");
        }
        assertThat(block[0] & 0xff).isEqualTo(0x80 | 3); // :method POST, fully indexed in the static table
    }

    @Test
    void anHttp1ServerIsAUserErrorBeforeAnyLoad() throws Exception {
        try (TestServer http1 = new TestServer(TestServer.fixed(TestServer.OK))) {
            assertThatThrownBy(() -> LoadEngine.run(LoadSpec.builder().url(http1.url("/")).http2(true).connections(1)
                    .threads(1).requests(10).build(), ProgressListener.NONE))
                    .isInstanceOf(LoadException.class)
                    .hasMessageContaining("does not speak h2c").hasMessageContaining("it answered in HTTP/1").hasMessageEndingWith("drop --h2");
        }
    }

    @Test
    void theOpenModelSendsOnScheduleAndCorrectsForAStalledStream() throws Exception {
        // The first answer comes 200 ms late; with one stream per connection, the requests due
        // meanwhile go out late, and only the corrected latency counts the wait.
        try (H2TestServer server = new H2TestServer(100,
                (c, n) -> n == 1 ? H2TestServer.Action.ANSWER_AFTER_200_MS : H2TestServer.Action.ANSWER)) {
            LoadResult r = run(LoadSpec.builder().url(server.url("/")).http2(true).connections(1).threads(1)
                    .duration(Duration.ofSeconds(1)).rate(100));
            assertThat(r.errors()).isEqualTo(ErrorCounts.NONE);
            assertThat(r.requests()).isPositive();
            assertThat(r.latency().getTotalCount()).isEqualTo(r.requests());
            assertThat(r.uncorrectedLatency().getTotalCount()).isEqualTo(r.requests());
            // the schedule caps what is sent (the closed model would send thousands): rate x duration,
            // plus what falls due while a busy machine takes up to half a second to stop the run
            assertThat(server.answered.get()).isLessThanOrEqualTo(100 + 50);
            assertThat(r.latency().getMaxValue()).isGreaterThanOrEqualTo(Duration.ofMillis(200).toNanos());
            assertThat(r.latency().getMean()).isGreaterThan(r.uncorrectedLatency().getMean());
        }
    }
}
