package showdown.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assumptions.assumeTrue;
import static showdown.load.TestServer.OK;
import static showdown.load.TestServer.ascii;
import static showdown.load.TestServer.fixed;

import io.netty.channel.epoll.Epoll;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import showdown.load.warmup.CompilerQuiet;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import showdown.load.output.LoadResultJson;
import showdown.load.output.WrkReport;
import showdown.load.stats.TimerSlackSetting;

/**
 * The engine against real servers that misbehave on purpose. Every test compares exact counts:
 * what the engine completed and counted as errors, against what the server saw.
 */
class LoadEngineTest {

    /** A bound against hangs only; no test asserts how fast anything runs. */
    private static final Duration HANG_GUARD = Duration.ofSeconds(30);

    private static LoadResult run(LoadSpec.Builder spec) {
        return assertTimeoutPreemptively(HANG_GUARD, () -> LoadEngine.run(spec.build(), ProgressListener.NONE));
    }

    private static LoadSpec.Builder spec(TestServer server, int connections, long requests) {
        return LoadSpec.builder().url(server.url("/")).connections(connections).threads(Math.min(2, connections))
                .requests(requests).timeout(Duration.ofSeconds(5));
    }

    @Test
    void countsEveryRequestAndByteOfAWellBehavedServer() throws IOException {
        try (TestServer server = new TestServer(fixed(OK))) {
            LoadResult r = run(spec(server, 4, 1000));
            assertThat(r.requests()).isEqualTo(1000);
            assertThat(server.requests.get()).isEqualTo(1000);
            assertThat(r.errors()).isEqualTo(ErrorCounts.NONE);
            assertThat(r.statusCounts()).isEqualTo(Map.of(200, 1000L));
            assertThat(r.bytesRead()).isEqualTo(1000L * OK.length());
            assertThat(r.latency().getTotalCount()).isEqualTo(1000);
            assertThat(r.uncorrectedLatency()).isNull();
        }
    }

    @Test
    void reopensConnectionsTheServerClosesAfterNResponses() throws IOException {
        String closing = "HTTP/1.1 200 OK\r\nContent-Length: 5\r\nConnection: close\r\n\r\nhello";
        java.util.concurrent.atomic.AtomicInteger closes = new java.util.concurrent.atomic.AtomicInteger();
        try (TestServer server = new TestServer((req, s, out) -> {
            boolean last = req.indexOnConnection() == 9;
            if (last) {
                closes.incrementAndGet();
            }
            out.write(ascii(last ? closing : OK));
            return !last;
        })) {
            LoadResult r = run(spec(server, 4, 200));
            assertThat(r.requests()).isEqualTo(200);
            assertThat(server.requests.get()).isEqualTo(200);
            assertThat(r.errors()).isEqualTo(ErrorCounts.NONE);
            assertThat(closes.get()).isGreaterThanOrEqualTo(200 / 10 - 4);
            assertThat(r.reconnects()).isEqualTo(closes.get());
        }
    }

    @Test
    void readsResponsesSentOneByteAtATime() throws IOException {
        byte[] response = ascii(OK);
        try (TestServer server = new TestServer((req, s, out) -> {
            for (byte b : response) {
                out.write(b);
                out.flush();
            }
            return true;
        })) {
            LoadResult r = run(spec(server, 2, 100));
            assertThat(r.requests()).isEqualTo(100);
            assertThat(r.errors()).isEqualTo(ErrorCounts.NONE);
            assertThat(r.bytesRead()).isEqualTo(100L * response.length);
        }
    }

    @Test
    void readsChunkedBodiesWithExtensionsAndTrailers() throws IOException {
        String chunked = "HTTP/1.1 200 OK\r\nTransfer-Encoding: gzip, chunked\r\n\r\n"
                + "5;name=value\r\nhello\r\n1A\r\nabcdefghijklmnopqrstuvwxyz\r\n0\r\nX-Checksum: 1\r\nX-Other: 2\r\n\r\n";
        try (TestServer server = new TestServer(fixed(chunked))) {
            LoadResult r = run(spec(server, 2, 100).pipelineDepth(3));
            assertThat(r.requests()).isEqualTo(100);
            assertThat(r.errors()).isEqualTo(ErrorCounts.NONE);
            assertThat(r.bytesRead()).isEqualTo(100L * chunked.length());
        }
    }

    @Test
    void knowsWhichResponsesHaveNoBody() throws IOException {
        String noContent = "HTTP/1.1 204 No Content\r\nContent-Length: 99\r\n\r\n";
        String notModified = "HTTP/1.1 304 Not Modified\r\nContent-Length: 10\r\n\r\n";
        String continueThenOk = "HTTP/1.1 100 Continue\r\n\r\n" + OK;
        for (String response : new String[] {noContent, notModified, continueThenOk}) {
            try (TestServer server = new TestServer(fixed(response))) {
                LoadResult r = run(spec(server, 1, 50).pipelineDepth(2));
                assertThat(r.requests()).as(response).isEqualTo(50);
                assertThat(r.errors()).as(response).isEqualTo(ErrorCounts.NONE);
            }
        }
        String headAnswer = "HTTP/1.1 200 OK\r\nContent-Length: 1000\r\n\r\n";
        try (TestServer server = new TestServer(fixed(headAnswer))) {
            LoadResult r = run(spec(server, 1, 50).method("HEAD"));
            assertThat(r.requests()).isEqualTo(50);
            assertThat(r.errors()).isEqualTo(ErrorCounts.NONE);
        }
    }

    @Test
    void countsAGarbageStatusLineAsAProtocolError() throws IOException {
        try (TestServer server = new TestServer(fixed("HTTP/9 OK\r\n\r\n"))) {
            LoadResult r = run(spec(server, 1, 20));
            assertThat(r.requests()).isZero();
            assertThat(r.errors().protocol()).isEqualTo(20);
            assertThat(server.requests.get()).isEqualTo(20);
            assertThat(r.errors().socketErrors()).isEqualTo(20);
        }
    }

    @Test
    void aContentLengthTooShortLeavesBytesThatAreNoResponse() throws IOException {
        try (TestServer server = new TestServer(fixed("HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\nhelloEXTRA"))) {
            LoadResult r = run(spec(server, 1, 5));
            // each exchange: the response completes, then "EXTRA" is not a response: the socket is replaced
            assertThat(r.requests()).isEqualTo(5);
            assertThat(r.errors().protocol()).isEqualTo(5);
            assertThat(server.requests.get()).isEqualTo(5);
        }
    }

    @Test
    void aContentLengthTooLongEndsInATimeout() throws IOException {
        try (TestServer server = new TestServer(fixed("HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\nshort"))) {
            LoadResult r = run(spec(server, 1, 3).timeout(Duration.ofMillis(300)));
            assertThat(r.requests()).isZero();
            assertThat(r.errors().timeout()).isEqualTo(3);
            assertThat(server.requests.get()).isEqualTo(3);
        }
    }

    @Test
    void givesUpOnAServerThatStallsPastTheTimeout() throws IOException {
        try (TestServer server = new TestServer((req, s, out) -> {
            sleep(Duration.ofSeconds(20)); // never answers within the test
            return false;
        })) {
            LoadResult r = run(spec(server, 2, 4).timeout(Duration.ofMillis(200)));
            assertThat(r.requests()).isZero();
            assertThat(r.errors().timeout()).isEqualTo(4);
            assertThat(server.requests.get()).isEqualTo(4);
        }
    }

    @Test
    void countsAResetInTheMiddleOfABodyAsAReadError() throws IOException {
        try (TestServer server = new TestServer((req, s, out) -> {
            out.write(ascii("HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\nhalf"));
            out.flush();
            s.setSoLinger(true, 0); // close with RST
            s.close();
            return false;
        })) {
            LoadResult r = run(spec(server, 1, 5));
            assertThat(r.requests()).isZero();
            assertThat(r.errors().read()).isEqualTo(5);
            assertThat(server.requests.get()).isEqualTo(5);
        }
    }

    @Test
    void readsSeveralResponsesFromOneSegment() throws IOException {
        int depth = 4;
        try (TestServer server = new TestServer(new TestServer.Behavior() {
            private final StringBuilder batch = new StringBuilder();

            @Override
            public synchronized boolean respond(TestServer.Request req, java.net.Socket s, OutputStream out) throws IOException {
                batch.append(OK);
                if ((req.indexOnConnection() + 1) % depth == 0) {
                    out.write(ascii(batch.toString())); // four responses in one write
                    batch.setLength(0);
                }
                return true;
            }
        })) {
            LoadResult r = run(spec(server, 1, 400).pipelineDepth(depth));
            assertThat(r.requests()).isEqualTo(400);
            assertThat(r.errors()).isEqualTo(ErrorCounts.NONE);
            assertThat(r.latency().getTotalCount()).isEqualTo(400);
        }
    }

    @Test
    void countsNon2xxResponsesByStatus() throws IOException {
        try (TestServer server = new TestServer((req, s, out) -> {
            out.write(ascii(req.index() % 4 == 0
                    ? "HTTP/1.1 503 Busy\r\nContent-Length: 0\r\n\r\n"
                    : "HTTP/1.1 302 Found\r\nLocation: /\r\nContent-Length: 0\r\n\r\n"));
            return true;
        })) {
            LoadResult r = run(spec(server, 1, 100));
            assertThat(r.statusCounts()).isEqualTo(Map.of(503, 25L, 302, 75L));
            assertThat(r.errors().status()).isEqualTo(25);
            assertThat(r.non2xx3xx()).isEqualTo(25);
        }
    }

    @Test
    void aServerThatDiesMidRunStillGivesAReport() throws IOException {
        try (TestServer server = new TestServer(fixed(OK))) {
            Thread killer = Thread.ofVirtual().start(() -> {
                sleep(Duration.ofMillis(500));
                try {
                    server.kill();
                } catch (IOException ignored) {
                    // already closed
                }
            });
            LoadResult r = run(LoadSpec.builder().url(server.url("/")).connections(4).threads(2)
                    .duration(Duration.ofMillis(1500)).timeout(Duration.ofMillis(500)));
            killer.interrupt();
            assertThat(r.requests()).isPositive();
            assertThat(r.errors().connect()).isPositive();
            assertThat(r.requests()).isLessThanOrEqualTo(server.requests.get());
        }
    }

    @Test
    void aRunBoundedOnlyByACountEndsWhenTheServerIsGoneForGood() throws IOException {
        // The server answers 200 requests, then dies. A connection that outlives kill() (accepted
        // just before it) gets no answer either, so nothing moves the run forward after that.
        AtomicBoolean dead = new AtomicBoolean();
        // The decision rests on the server's global request index, not on the flag: two connections
        // may both read the flag as false while the 200th answer is being written.
        try (TestServer server = new TestServer((req, s, out) -> {
            if (req.index() >= 200) {
                dead.set(true);
                return false;
            }
            out.write(ascii(OK));
            if (req.index() == 199) {
                dead.set(true);
            }
            return true;
        })) {
            Thread killer = Thread.ofVirtual().start(() -> {
                while (!dead.get() && !Thread.currentThread().isInterrupted()) {
                    sleep(Duration.ofMillis(10));
                }
                try {
                    server.kill(); // also when interrupted: the server goes with the test
                } catch (IOException ignored) {
                    // already closed
                }
            });
            LoadResult r = run(LoadSpec.builder().url(server.url("/")).connections(4).threads(2)
                    .requests(100_000_000).timeout(Duration.ofMillis(300)));
            killer.interrupt();
            assertThat(r.requests()).isPositive().isLessThanOrEqualTo(200);
            assertThat(r.errors().connect()).isPositive();
            assertThat(r.requests() + r.errors().lostRequests()).isLessThan(100_000_000);
        }
    }

    @Test
    void endsOnTimeAgainstAnEndlessBody() throws IOException {
        try (TestServer server = new TestServer((req, s, out) -> {
            out.write(ascii("HTTP/1.1 200 OK\r\nContent-Length: 1000000000000\r\n\r\n"));
            byte[] chunk = new byte[4096];
            // Bounded by time, not by bytes: a quiet host moves 400 MB over loopback in well under the
            // 300 ms timeout, and the close then reads as a read error. Stops when the client leaves.
            long until = System.nanoTime() + 5_000_000_000L;
            for (long i = 0; i < 100_000_000L && System.nanoTime() < until; i++) {
                out.write(chunk);
            }
            return false;
        })) {
            LoadResult r = run(LoadSpec.builder().url(server.url("/")).connections(1).threads(1)
                    .duration(Duration.ofSeconds(1)).timeout(Duration.ofMillis(300)));
            assertThat(r.requests()).isZero();
            assertThat(r.errors().timeout()).isPositive();
        }
    }

    @Test
    void theOpenModelRecordsCorrectedAndUncorrectedLatency() throws IOException {
        try (TestServer server = new TestServer(fixed(OK))) {
            LoadResult r = run(LoadSpec.builder().url(server.url("/")).connections(2).threads(1)
                    .duration(Duration.ofSeconds(1)).rate(200));
            assertThat(r.requests()).isPositive();
            assertThat(r.uncorrectedLatency()).isNotNull();
            assertThat(r.uncorrectedLatency().getTotalCount()).isEqualTo(r.requests());
            assertThat(r.latency().getTotalCount()).isEqualTo(r.requests());
            // the schedule caps what is sent (the closed model would send thousands): rate x duration,
            // plus what falls due while a busy machine takes up to half a second to stop the run
            assertThat(server.requests.get()).isLessThanOrEqualTo(200 + 100);
        }
    }

    @Test
    void requestsThatFindEveryConnectionBusyWaitForOneAndAreCounted() throws IOException {
        // two connections to a server that holds each answer 100 ms carry 20 requests/sec; 100 fall due
        try (TestServer server = new TestServer((req, s, out) -> {
            sleep(Duration.ofMillis(100));
            out.write(ascii(OK));
            return true;
        })) {
            LoadResult r = run(LoadSpec.builder().url(server.url("/")).connections(2).threads(1)
                    .duration(Duration.ofSeconds(1)).rate(100));
            PacingSummary p = r.pacing();
            assertThat(p.blocked()).isPositive();
            assertThat(p.connectionBound()).isTrue();
            // each waiting request was sent once a connection freed, or is still waiting: none lost
            assertThat(p.waited().getTotalCount() + p.unsent()).isEqualTo(p.blocked());
            assertThat(p.unsent()).isPositive();
            assertThat(p.lateness().getTotalCount()).isGreaterThanOrEqualTo(p.blocked());
            // a request that waited is timed from its due time: the wait is in its latency
            assertThat(r.latency().getMaxValue()).isGreaterThan(r.uncorrectedLatency().getMaxValue());
        }
    }

    @Test
    void theOpenModelSaysItsLoopsTimerSlackInTheTextAndTheJson() throws IOException {
        // the tests load the classes from a folder, so TimerSlack is its Java 21 version, which
        // keeps the kernel's default (the CLI's TimerSlackInJarTest runs the jar's Java 22 one)
        try (TestServer server = new TestServer(fixed(OK))) {
            LoadResult r = run(LoadSpec.builder().url(server.url("/")).connections(2).threads(2)
                    .duration(Duration.ofMillis(500)).rate(200).spinLead(SpinLead.micros(5)));
            assertThat(r.pacing().timerSlack()).isEqualTo(TimerSlackSetting.notLowered("lowering it needs a JDK >= 22"));

            ByteArrayOutputStream text = new ByteArrayOutputStream();
            WrkReport.printResult(r, false, new PrintStream(text, true, StandardCharsets.UTF_8));
            assertThat(text.toString(StandardCharsets.UTF_8)).containsPattern(
                    "Pacing error \\(sent after due\\): p50 .*, max .* \\(timer slack: the kernel's default; lowering it needs a JDK >= 22\\)\n");
            ByteArrayOutputStream json = new ByteArrayOutputStream();
            LoadResultJson.write(r, json);
            assertThat(json.toString(StandardCharsets.UTF_8).replaceAll("\\s", ""))
                    .contains("\"timerSlack\":{\"nanos\":null,\"notLowered\":\"loweringitneedsaJDK>=22\"}")
                    .contains("\"spinLead\":\"5\"");
        }
    }

    @Test
    void theSpinLeadIsForTheOpenModel() {
        assertThatThrownBy(() -> LoadSpec.builder().url("http://127.0.0.1:1/").spinLead(SpinLead.OFF).build())
                .isInstanceOf(LoadException.class).hasMessage("--spin-lead needs --rate: the closed model has no due times");
    }

    @Test
    void poissonArrivalsKeepTheRateAndSayTheirSeed() throws IOException {
        try (TestServer server = new TestServer(fixed(OK))) {
            LoadResult r = run(LoadSpec.builder().url(server.url("/")).connections(4).threads(2)
                    .duration(Duration.ofSeconds(1)).rate(400).arrival(Arrival.poisson(11)));
            assertThat(r.pacing().arrival()).isEqualTo(Arrival.poisson(11));
            assertThat(r.pacing().lateness().getTotalCount()).isPositive();
            // about 400 in the second: a Poisson count's spread is its square root (20), and a busy
            // machine may stop the run up to half a second late
            assertThat(r.requests()).isBetween(300L, 700L);
        }
    }

    @Test
    void theWarmUpIsSentButNotRecorded() throws IOException {
        try (TestServer server = new TestServer(fixed(OK))) {
            LoadResult r = run(LoadSpec.builder().url(server.url("/")).connections(1).threads(1)
                    .warmup(Duration.ofSeconds(1)).requests(50));
            assertThat(r.requests()).isEqualTo(50);
            assertThat(r.latency().getTotalCount()).isEqualTo(50);
            // how many warm-up requests fit in the second depends on the machine; none of them count
            assertThat(server.requests.get()).isGreaterThanOrEqualTo(50);
        }
    }

    /** A rule with short windows, so that a warm-up judged by the compilers fits a unit test. */
    private static final CompilerQuiet.Rule SHORT_RULE = new CompilerQuiet.Rule(Duration.ofMillis(200),
            CompilerQuiet.Rule.QUIET_SHARE, Duration.ofMillis(200), Duration.ofMillis(600));

    @Test
    void aWarmUpUntilTheCompilersAreQuietEndsAtTheFirstQuietWindowAndIsNotRecorded() throws IOException {
        try (TestServer server = new TestServer(fixed(OK))) {
            LoadSpec spec = LoadSpec.builder().url(server.url("/")).connections(2).threads(1).rate(200).requests(40)
                    .timeout(Duration.ofSeconds(5)).build();
            LoadResult r = assertTimeoutPreemptively(HANG_GUARD, () -> new LoadEngine(spec, null, null)
                    .warmUntilQuiet(SHORT_RULE, () -> 0).run()); // a compiler that never works
            assertThat(r.warmup().until()).isEqualTo(WarmupSummary.Until.COMPILER_QUIET);
            assertThat(r.warmup().state()).isEqualTo(CompilerQuiet.State.STEADY);
            assertThat(r.warmup().steady()).isTrue();
            assertThat(r.warmup().seconds()).isGreaterThanOrEqualTo(0.2); // never before the least warm-up
            assertThat(r.requests()).isEqualTo(40);
            assertThat(r.latency().getTotalCount()).isEqualTo(40);
            assertThat(r.pacing().lateness().getTotalCount()).isEqualTo(40);
            assertThat(server.requests.get()).isGreaterThan(40); // the warm-up's requests were sent, at the same rate
        }
    }

    @Test
    void aWarmUpWhoseCompilersNeverQuietenEndsAtTheLongestAndSaysSo() throws IOException {
        try (TestServer server = new TestServer(fixed(OK))) {
            LoadSpec spec = LoadSpec.builder().url(server.url("/")).connections(2).threads(1).rate(200)
                    .duration(Duration.ofMillis(300)).timeout(Duration.ofSeconds(5)).build();
            AtomicLong compiled = new AtomicLong();
            LoadResult r = assertTimeoutPreemptively(HANG_GUARD, () -> new LoadEngine(spec, null, null)
                    .warmUntilQuiet(SHORT_RULE, () -> compiled.addAndGet(1_000_000_000L)).run()); // a second a look
            assertThat(r.warmup().state()).isEqualTo(CompilerQuiet.State.NOT_STEADY);
            assertThat(r.warmup().steady()).isFalse();
            assertThat(r.warmup().seconds()).isGreaterThanOrEqualTo(0.6);
            assertThat(r.durationNanos()).isPositive();
            assertThat(r.requests()).isPositive();
        }
    }

    @Test
    void aFixedWarmUpAndNoneAreNotJudged() throws IOException {
        try (TestServer server = new TestServer(fixed(OK))) {
            LoadResult none = run(spec(server, 1, 10));
            assertThat(none.warmup()).isEqualTo(WarmupSummary.NONE);
            LoadResult fixed = run(spec(server, 1, 10).warmup(Duration.ofMillis(300)));
            assertThat(fixed.warmup()).isEqualTo(new WarmupSummary(WarmupSummary.Until.FIXED, 0.3, null));
            assertThat(fixed.warmup().steady()).isNull();
            LoadSpec both = spec(server, 1, 10).warmup(Duration.ofMillis(300)).build();
            assertThatThrownBy(() -> new LoadEngine(both, null, null).warmUntilQuiet(SHORT_RULE, () -> 0))
                    .isInstanceOf(IllegalArgumentException.class);
        }
    }

    @Test
    void spreadsSeveralUrlsOverTheConnections() throws IOException {
        try (TestServer server = new TestServer((req, s, out) -> {
            String body = req.target();
            out.write(ascii("HTTP/1.1 200 OK\r\nContent-Length: " + body.length() + "\r\n\r\n" + body));
            return true;
        })) {
            LoadResult r = run(LoadSpec.builder().url(server.url("/a")).url(server.url("/bb")).connections(2).threads(1)
                    .requests(10).method("POST").body(new byte[] {0, 1, 2}).header("X-Test", "1"));
            assertThat(r.requests()).isEqualTo(10);
            assertThat(r.errors()).isEqualTo(ErrorCounts.NONE);
        }
    }

    @ParameterizedTest
    @EnumSource(value = Transport.class, names = {"EPOLL", "NIO"})
    void busyPollingLoopsCountExactlyAndStillRunTheirTimers(Transport transport) throws IOException {
        assumeTrue(transport != Transport.EPOLL || Epoll.isAvailable(), "epoll does not load here");
        try (TestServer server = new TestServer(fixed(OK))) {
            LoadResult r = run(spec(server, 4, 1000).transport(transport).busyPollMicros(50));
            assertThat(r.requests()).isEqualTo(1000);
            assertThat(server.requests.get()).isEqualTo(1000);
            assertThat(r.errors()).isEqualTo(ErrorCounts.NONE);
        }
        // the open model's schedule and the request timeout are the loop's timers: polling must not starve them
        try (TestServer server = new TestServer(fixed(OK))) {
            LoadResult r = run(LoadSpec.builder().url(server.url("/")).connections(2).threads(1).transport(transport)
                    .busyPollMicros(50).duration(Duration.ofSeconds(1)).rate(200));
            assertThat(r.requests()).isPositive();
            assertThat(server.requests.get()).isLessThanOrEqualTo(200 + 100);
        }
        try (TestServer server = new TestServer((req, s, out) -> {
            sleep(Duration.ofSeconds(20)); // never answers within the test
            return false;
        })) {
            LoadResult r = run(spec(server, 2, 4).transport(transport).busyPollMicros(50).timeout(Duration.ofMillis(200)));
            assertThat(r.errors().timeout()).isEqualTo(4);
        }
    }

    @Test
    void refusesABusyPollOutOfRangeOrOnIoUring() {
        assertThatThrownBy(() -> LoadSpec.builder().url("http://127.0.0.1:1/").busyPollMicros(-1).build())
                .isInstanceOf(LoadException.class).hasMessageContaining("--busy-poll is 0 to 1000 microseconds");
        assertThatThrownBy(() -> LoadSpec.builder().url("http://127.0.0.1:1/").busyPollMicros(1001).build())
                .isInstanceOf(LoadException.class).hasMessageContaining("not 1001");
        assertThatThrownBy(() -> LoadSpec.builder().url("http://127.0.0.1:1/").busyPollMicros(10)
                .transport(Transport.IO_URING).build())
                .isInstanceOf(LoadException.class).hasMessageContaining("not io_uring");
        assertThat(LoadSpec.builder().url("http://127.0.0.1:1/").busyPollMicros(1000).build().busyPollMicros()).isEqualTo(1000);
    }

    @Test
    void refusesAPortWhereNothingListens() throws IOException {
        int port;
        try (java.net.ServerSocket s = new java.net.ServerSocket(0)) {
            port = s.getLocalPort();
        }
        LoadSpec spec = LoadSpec.builder().url("http://127.0.0.1:" + port + "/").requests(1).build();
        assertThatThrownBy(() -> LoadEngine.run(spec, ProgressListener.NONE))
                .isInstanceOf(LoadException.class).hasMessageContaining("cannot connect to 127.0.0.1:" + port);
    }

    private static void sleep(Duration d) {
        try {
            Thread.sleep(d);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
