package showdown.harness.verify;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import showdown.harness.targets.Protocol;
import showdown.harness.targets.SelfSignedCertificate;
import showdown.harness.verify.ContractServer.Fault;
import showdown.harness.verify.Http2ContractServer.Http2Fault;

/** The whole contract over h2c and h2-tls against an in-test HTTP/2 server, and the faults each catches. */
class Http2ContractChecksTest {

    /** The rows over HTTP/2 that are HTTP/1.1's alone: listed, never run. */
    static final Set<String> NOT_APPLICABLE = Set.of("keep-alive: 100 requests on one connection",
            "Content-Length or chunked on every response");

    @TempDir
    Path dir;

    static List<CheckResult> overH2c(int port) {
        return ContractChecks.runOver("127.0.0.1", port, 0, null, "/plaintext", ContractChecksTest.ALL_DECLARED,
                Set.copyOf(Scenarios.ALL), ContractChecksTest.SEED, EnumSet.of(Protocol.H1, Protocol.H2C), EnumSet.of(Protocol.H2C));
    }

    static void assertEveryCheckPasses(List<CheckResult> results, Protocol p) {
        int rows = Scenarios.ALL.stream().mapToInt(s -> ContractChecks.names(s, true).size()).sum();
        assertThat(results).hasSize(rows).allSatisfy(r -> assertThat(r.scenario()).endsWith(" over " + p));
        assertThat(results).allSatisfy(r -> {
            if (NOT_APPLICABLE.contains(r.check())) {
                assertThat(r.outcome()).isEqualTo(Outcome.SKIP);
                assertThat(r.detail()).startsWith("not applicable over HTTP/2 and HTTP/3: ");
            } else {
                assertThat(r.outcome()).as(r.check() + ": " + r.detail() + "\n" + r.trace())
                        .isIn(r.check().equals("Date changes every second") ? Set.of(Outcome.PASS, Outcome.WARN) : Set.of(Outcome.PASS));
            }
        });
        assertThat(results).extracting(CheckResult::check).contains("100 requests as streams on one connection",
                ":status on every response", "no connection-specific headers on every response");
    }

    static Set<String> failed(List<CheckResult> results) {
        return results.stream().filter(r -> r.outcome() == Outcome.FAIL).map(CheckResult::check).collect(Collectors.toSet());
    }

    /** Every connection opened its connection window wide before its first request (a 1 MiB echo never waits on it). */
    static void assertConnectionWindowsOpened(Http2ContractServer server) {
        assertThat(server.connectionWindowsAtFirstHeaders()).isNotEmpty()
                .allSatisfy(w -> assertThat(w).isEqualTo(Http2ClientHandler.CONNECTION_WINDOW_BYTES));
    }

    @Test
    void theWholeContractPassesOverH2c() throws Exception {
        try (Http2ContractServer server = Http2ContractServer.cleartext()) {
            assertEveryCheckPasses(overH2c(server.port()), Protocol.H2C);
            assertConnectionWindowsOpened(server);
        }
    }

    @Test
    void theWholeContractPassesOverH2TlsTrustingOnlyTheRunsCertificate() throws Exception {
        SelfSignedCertificate cert = SelfSignedCertificate.create(dir);
        try (Http2ContractServer server = new Http2ContractServer(Set.of(), Set.of(), Http2ContractServer.serverTls(cert))) {
            List<CheckResult> results = ContractChecks.runOver("127.0.0.1", 1, server.port(), cert.certFile(), "/plaintext",
                    ContractChecksTest.ALL_DECLARED, Set.copyOf(Scenarios.ALL), ContractChecksTest.SEED,
                    EnumSet.of(Protocol.H1, Protocol.H2_TLS), EnumSet.of(Protocol.H2_TLS));
            assertEveryCheckPasses(results, Protocol.H2_TLS);
            assertConnectionWindowsOpened(server);
        }
    }

    @Test
    void aConnectionHeaderFailsOnlyItsRule() throws Exception {
        try (Http2ContractServer server = new Http2ContractServer(Set.of(), Set.of(Http2Fault.CONNECTION_HEADER), null)) {
            List<CheckResult> results = overH2c(server.port());

            assertThat(failed(results)).containsExactly("no connection-specific headers on every response");
            assertThat(results).filteredOn(r -> r.outcome() == Outcome.FAIL).singleElement().satisfies(r -> {
                assertThat(r.detail()).startsWith("connection-specific header 'connection: keep-alive'");
                assertThat(r.trace()).contains("< HEADERS stream ").contains("< connection: keep-alive");
            });
        }
    }

    @Test
    void anUpperCaseHeaderNameFailsOnlyItsRule() throws Exception {
        try (Http2ContractServer server = new Http2ContractServer(Set.of(), Set.of(Http2Fault.UPPER_CASE_NAME), null)) {
            assertThat(failed(overH2c(server.port()))).containsExactly("lower-case header names on every response");
        }
    }

    @Test
    void aBrokenEchoFailsTheEchoChecksOverH2() throws Exception {
        try (Http2ContractServer server = Http2ContractServer.cleartext(Fault.BROKEN_ECHO)) {
            List<CheckResult> results = overH2c(server.port());

            assertThat(failed(results)).isEqualTo(ContractChecksTest.EXPECTED_FAILURES.get(Fault.BROKEN_ECHO));
            assertThat(results).filteredOn(r -> r.check().equals("POST /user echo 10 KiB chunked")).singleElement()
                    .satisfies(r -> assertThat(r.trace()).contains("> DATA stream 1, 4000 bytes").doesNotContain("> content-length"));
        }
    }

    @Test
    void anOversizedBodyThatIsAcceptedFailsOverH2() throws Exception {
        try (Http2ContractServer server = Http2ContractServer.cleartext(Fault.NO_BODY_LIMIT)) {
            assertThat(failed(overH2c(server.port()))).containsExactly("POST /user over 40,000,000 bytes -> 413");
        }
    }

    @Test
    void aServerThatSpeaksOnlyHttp1FailsEveryCheckOverH2cWithoutHanging() throws Exception {
        try (ContractServer http1 = ContractServer.start()) {
            List<CheckResult> results = ContractChecks.runOver("127.0.0.1", http1.port(), 0, null, "/plaintext",
                    Set.of("techempower"), Set.of("techempower"), ContractChecksTest.SEED,
                    EnumSet.of(Protocol.H1, Protocol.H2C), EnumSet.of(Protocol.H2C));

            assertThat(results).filteredOn(r -> r.check().startsWith("GET ")).hasSize(2).allSatisfy(r -> {
                assertThat(r.outcome()).isEqualTo(Outcome.FAIL);
                assertThat(r.detail()).startsWith("cannot open an HTTP/2 connection").contains("HTTP/1.1");
            });
        }
    }

    @Test
    void aServerThatPicksHttp1OverTlsFailsOverH2Tls() throws Exception {
        SelfSignedCertificate cert = SelfSignedCertificate.create(dir);
        try (ContractServer h1Tls = new ContractServer(Set.of(), 0, TlsContractChecksTest.serverContext(cert))) {
            List<CheckResult> results = ContractChecks.runOver("127.0.0.1", 1, h1Tls.port(), cert.certFile(), "/plaintext",
                    Set.of("techempower"), Set.of("techempower"), ContractChecksTest.SEED,
                    EnumSet.of(Protocol.H1, Protocol.H2_TLS), EnumSet.of(Protocol.H2_TLS));

            assertThat(results).filteredOn(r -> r.check().startsWith("GET ")).hasSize(2)
                    .allSatisfy(r -> assertThat(r.outcome()).isEqualTo(Outcome.FAIL));
        }
    }
}
