package showdown.load.tls;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import showdown.load.LoadEngine;
import showdown.load.LoadException;
import showdown.load.LoadResult;
import showdown.load.LoadSpec;
import showdown.load.ProgressListener;
import showdown.load.RawServer;
import showdown.load.TestServer;
import showdown.load.TlsEngine;
import showdown.load.TlsOptions;
import showdown.load.TlsSummary;
import showdown.load.output.LoadResultJson;

/** https against real TLS servers on loopback: versions, engines, resumption, and each way a handshake fails. */
class TlsLoadTest {

    private static final Duration HANG_GUARD = Duration.ofSeconds(30);
    private static final List<String> BOTH = List.of("TLSv1.3", "TLSv1.2");

    private static TestCertificate cert;

    @BeforeAll
    static void certificate() throws Exception {
        cert = TestCertificate.localhost();
    }

    private static LoadResult run(LoadSpec.Builder spec) {
        return assertTimeoutPreemptively(HANG_GUARD, () -> LoadEngine.run(spec.build(), ProgressListener.NONE));
    }

    private static LoadSpec.Builder spec(String url, TlsOptions tls) {
        return LoadSpec.builder().url(url).connections(2).threads(1).requests(200).timeout(Duration.ofSeconds(2)).tls(tls);
    }

    private static TlsOptions engine(TlsEngine e, String... versions) {
        return new TlsOptions(e, List.of(versions), List.of(), false, null, true);
    }

    @Test
    void everyRequestIsAnsweredOverTls13AndTls12WithEitherEngine() throws Exception {
        for (TlsEngine e : new TlsEngine[] {TlsEngine.AUTO, TlsEngine.JDK}) {
            for (String version : BOTH) {
                try (TestServer server = new TestServer(TestServer.fixed(TestServer.OK), cert.serverSocket(BOTH))) {
                    LoadResult r = run(spec(server.url("/"), engine(e, version)));
                    TlsSummary tls = r.connections().tls();
                    assertThat(r.requests()).as(e + " " + version).isEqualTo(200);
                    assertThat(r.errors().total()).isZero();
                    assertThat(tls.version()).isEqualTo(version);
                    assertThat(tls.cipher()).isNotBlank();
                    // both handshakes end before the clock starts: kept alive, no socket opens in the window
                    assertThat(r.connectionsOpen()).isEqualTo(2);
                    assertThat(r.connections().opened()).isZero();
                    assertThat(tls.handshakes()).isZero();
                    assertThat(tls.failures()).isZero();
                    assertThat(tls.engine()).isEqualTo(e == TlsEngine.JDK ? "JDK" : io.netty.handler.ssl.OpenSsl.isAvailable()
                            ? "OpenSSL" : "JDK");
                }
            }
        }
    }

    /**
     * A 300 kB answer is about nineteen TLS records, and a socket read ends inside one of them almost
     * every time; four connections read in turn on one event loop. Every answer must still arrive
     * whole: the part of a record that a read cut off has to survive the next read of any socket.
     */
    @Test
    void answersSpanningManyRecordsAndReadsArriveWholeOnEveryConnection() throws Exception {
        String body = "abcdefghijklmnopqrstuvwxyz".repeat(300_000 / 26);
        TestServer.Behavior large = TestServer.fixed("HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: "
                + body.length() + "\r\n\r\n" + body);
        for (TlsEngine e : new TlsEngine[] {TlsEngine.AUTO, TlsEngine.JDK}) {
            try (TestServer server = new TestServer(large, cert.serverSocket(BOTH))) {
                LoadResult r = run(spec(server.url("/"), engine(e)).connections(4).requests(100));
                assertThat(r.requests()).as(e.name()).isEqualTo(100);
                assertThat(r.errors().total()).as(e.name()).isZero();
                assertThat(r.bytesRead()).as(e.name()).isGreaterThanOrEqualTo(100L * body.length());
                assertThat(r.connectionsOpen()).as(e.name()).isEqualTo(4);
                assertThat(r.connections().opened()).as(e.name() + ": no socket lost and opened again").isZero();
            }
        }
    }

    /** After the handshake our record layer seals requests: a body of seven records must reach the server whole. */
    @Test
    void requestBodiesSpanningManyRecordsArriveWhole() throws Exception {
        byte[] body = TestServer.ascii("0123456789".repeat(10_000));
        TestServer.Behavior checksBody = (req, s, out) -> {
            boolean whole = java.util.Arrays.equals(req.body(), body);
            out.write(TestServer.ascii(whole ? TestServer.OK : "HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\n"));
            return true;
        };
        for (TlsEngine e : new TlsEngine[] {TlsEngine.AUTO, TlsEngine.JDK}) {
            try (TestServer server = new TestServer(checksBody, cert.serverSocket(BOTH))) {
                LoadResult r = run(spec(server.url("/"), engine(e)).method("POST").body(body).requests(100));
                assertThat(r.requests()).as(e.name()).isEqualTo(100);
                assertThat(r.errors()).as(e.name() + ": every body whole").isEqualTo(showdown.load.ErrorCounts.NONE);
            }
        }
    }

    /**
     * A server that ends each TLS session after ten answers (close_notify, then the socket's close) is
     * reconnected each time, and nothing is lost: the last answer says {@code Connection: close}.
     */
    @Test
    void sessionsTheServerEndsAfterTenAnswersAreOpenedAgain() throws Exception {
        String closing = "HTTP/1.1 200 OK\r\nContent-Length: 5\r\nConnection: close\r\n\r\nhello";
        for (TlsEngine e : new TlsEngine[] {TlsEngine.AUTO, TlsEngine.JDK}) {
            java.util.concurrent.atomic.AtomicInteger closes = new java.util.concurrent.atomic.AtomicInteger();
            TestServer.Behavior tenThenClose = (req, s, out) -> {
                boolean last = req.indexOnConnection() == 9;
                if (last) {
                    closes.incrementAndGet();
                }
                out.write(TestServer.ascii(last ? closing : TestServer.OK));
                return !last; // the server's SSLSocket sends close_notify as it closes
            };
            try (TestServer server = new TestServer(tenThenClose, cert.serverSocket(BOTH))) {
                LoadResult r = run(spec(server.url("/"), engine(e)).requests(200));
                assertThat(r.requests()).as(e.name()).isEqualTo(200);
                assertThat(r.errors()).as(e.name()).isEqualTo(showdown.load.ErrorCounts.NONE);
                assertThat(r.reconnects()).as(e.name()).isEqualTo(closes.get()).isGreaterThanOrEqualTo(200 / 10 - 2);
            }
        }
    }

    @Test
    void withoutKeepAliveEachRequestHasItsOwnConnectionAndHandshakeAndResumes() throws Exception {
        for (TlsEngine e : new TlsEngine[] {TlsEngine.AUTO, TlsEngine.JDK}) {
            try (TestServer server = new TestServer(TestServer.fixed(TestServer.OK), cert.serverSocket(List.of("TLSv1.2")))) {
                LoadResult r = run(spec(server.url("/"), engine(e)).keepAlive(false).requests(60));
                TlsSummary tls = r.connections().tls();
                assertThat(r.requests()).as(e.name()).isEqualTo(60);
                assertThat(r.errors().total()).isZero();
                assertThat(r.reconnects()).isZero(); // closing after the answer is the plan, not a reconnect
                assertThat(server.connections()).isGreaterThanOrEqualTo(60);
                assertThat(r.connections().opened()).isGreaterThanOrEqualTo(58); // the window opens on the first two
                assertThat(tls.handshakes()).isEqualTo(r.connections().opened());
                assertThat(tls.resumed()).as(e + ": TLS 1.2 session ids are resumed").isGreaterThan(0);
                assertThat(r.connections().setupLatency().getTotalCount()).isEqualTo(r.connections().opened());
            }
        }
    }

    @Test
    void noTlsResumeMeansEveryHandshakeIsAFullOne() throws Exception {
        for (TlsEngine e : new TlsEngine[] {TlsEngine.AUTO, TlsEngine.JDK}) {
            try (TestServer server = new TestServer(TestServer.fixed(TestServer.OK), cert.serverSocket(List.of("TLSv1.2")))) {
                TlsOptions noResume = new TlsOptions(e, List.of(), List.of(), false, null, false);
                LoadResult r = run(spec(server.url("/"), noResume).keepAlive(false).requests(30));
                assertThat(r.errors()).as(e.name()).isEqualTo(showdown.load.ErrorCounts.NONE);
                assertThat(r.requests()).isEqualTo(30);
                assertThat(r.connections().tls().resumed()).isZero();
            }
        }
    }

    @Test
    void aCertificateThatDoesNotVerifyIsCountedByKindAndTheRunEndsByItsDuration() throws Exception {
        try (TestServer server = new TestServer(TestServer.fixed(TestServer.OK), cert.serverSocket(BOTH))) {
            // verified against the system's trust store: a self-signed certificate fails
            TlsOptions verify = new TlsOptions(TlsEngine.AUTO, List.of(), List.of(), true, null, true);
            LoadResult r = run(spec(server.url("/"), verify).requests(0).duration(Duration.ofMillis(500)));
            assertThat(r.requests()).isZero();
            assertThat(r.connections().tls().certificateFailures()).isPositive();
            assertThat(r.errors().connect()).isEqualTo(r.connections().tls().failures());
        }
    }

    @Test
    void theCertificateVerifiesAgainstItsOwnCaFileAndTheNameMustMatch() throws Exception {
        try (TestServer server = new TestServer(TestServer.fixed(TestServer.OK), cert.serverSocket(BOTH));
             TestCertificate otherName = TestCertificate.create("dns:example.invalid");
             TestServer wrong = new TestServer(TestServer.fixed(TestServer.OK), otherName.serverSocket(BOTH))) {
            TlsOptions trusted = new TlsOptions(TlsEngine.AUTO, List.of(), List.of(), true, cert.pem, true);
            assertThat(run(spec(server.url("/"), trusted)).requests()).isEqualTo(200);
            TlsOptions trustsOther = new TlsOptions(TlsEngine.AUTO, List.of(), List.of(), true, otherName.pem, true);
            LoadResult r = run(spec(wrong.url("/"), trustsOther).requests(0).duration(Duration.ofMillis(500)));
            assertThat(r.requests()).isZero();
            assertThat(r.connections().tls().certificateFailures()).as("a name that is not 127.0.0.1").isPositive();
        }
    }

    @Test
    void plainHttpOnTheTlsPortIsNotTls() throws Exception {
        // what an HTTP server says to a ClientHello it cannot parse
        try (RawServer plain = new RawServer(TestServer.ascii("HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\n"))) {
            String url = plain.url().replace("http://", "https://");
            LoadResult r = run(spec(url, TlsOptions.DEFAULTS).requests(0).duration(Duration.ofMillis(500)));
            assertThat(r.requests()).isZero();
            assertThat(r.connections().tls().notTlsFailures()).isPositive();
        }
    }

    @Test
    void aServerThatStallsMidHandshakeFailsByTheTimeout() throws Exception {
        try (RawServer silent = new RawServer(new byte[0])) {
            String url = silent.url().replace("http://", "https://");
            LoadResult r = run(spec(url, TlsOptions.DEFAULTS).requests(0).duration(Duration.ofMillis(1500))
                    .timeout(Duration.ofMillis(300)));
            assertThat(r.requests()).isZero();
            assertThat(r.connections().tls().handshakeFailures()).isPositive();
        }
    }

    @Test
    void http2OverTlsNeedsAServerThatOffersH2ByAlpn() throws Exception {
        try (TestServer h1Only = new TestServer(TestServer.fixed(TestServer.OK), cert.serverSocket(BOTH, "http/1.1"))) {
            assertThatThrownBy(() -> LoadEngine.run(spec(h1Only.url("/"), TlsOptions.DEFAULTS).http2(true).build(),
                    ProgressListener.NONE))
                    .isInstanceOf(LoadException.class)
                    .hasMessageContaining("does not offer HTTP/2 over TLS (ALPN chose 'http/1.1')");
        }
    }

    @Test
    void theOpenModelRunsOverTlsAndTheJsonCarriesTheTlsFacts() throws Exception {
        try (TestServer server = new TestServer(TestServer.fixed(TestServer.OK), cert.serverSocket(BOTH, "http/1.1"))) {
            LoadResult r = run(spec(server.url("/"), TlsOptions.DEFAULTS).requests(0).rate(200)
                    .duration(Duration.ofMillis(600)));
            assertThat(r.requests()).isPositive();
            assertThat(r.uncorrectedLatency()).isNotNull();
            ByteArrayOutputStream json = new ByteArrayOutputStream();
            LoadResultJson.write(r, json);
            String text = json.toString(StandardCharsets.UTF_8);
            assertThat(text).contains("\"tls\" : {").contains("\"version\" : \"TLSv1.3\"").contains("\"handshakes\"")
                    .contains("\"alpn\" : \"http/1.1\"").contains("\"failures\"");
        }
    }
}
