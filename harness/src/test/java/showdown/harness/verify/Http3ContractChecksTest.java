package showdown.harness.verify;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import showdown.harness.targets.Http3Dialer;
import showdown.harness.targets.Protocol;
import showdown.harness.targets.SelfSignedCertificate;
import showdown.harness.verify.ContractServer.Fault;
import showdown.harness.verify.Http3ContractServer.Http3Fault;

/** The whole contract over h3 against an in-test HTTP/3 server (Netty's own codec), and the faults it catches. */
class Http3ContractChecksTest {

    @TempDir
    Path dir;

    @BeforeAll
    static void quicLoads() {
        assumeTrue(Http3Dialer.unavailability() == null, "Netty's native QUIC library does not load here: "
                + Http3Dialer.unavailability());
    }

    static List<CheckResult> overH3(int udpPort, SelfSignedCertificate cert, Set<String> declared, Set<String> selected) {
        return ContractChecks.runOver("127.0.0.1", 1, udpPort, cert.certFile(), "/plaintext", declared, selected,
                ContractChecksTest.SEED, EnumSet.of(Protocol.H1, Protocol.H3), EnumSet.of(Protocol.H3));
    }

    @Test
    void theWholeContractPassesOverH3TrustingOnlyTheRunsCertificate() throws Exception {
        SelfSignedCertificate cert = SelfSignedCertificate.create(dir);
        try (Http3ContractServer server = new Http3ContractServer(cert, Set.of(), Set.of())) {
            List<CheckResult> results = overH3(server.port(), cert, ContractChecksTest.ALL_DECLARED, Set.copyOf(Scenarios.ALL));

            assertThat(results).allSatisfy(r -> assertThat(r.detail()).doesNotStartWith("not applicable over HTTP/2: "));
            Http2ContractChecksTest.assertEveryCheckPasses(results, Protocol.H3);
            assertThat(results).filteredOn(r -> r.check().equals("keep-alive: 100 requests on one connection")).singleElement()
                    .satisfies(r -> assertThat(r.detail()).startsWith("not applicable over HTTP/2 and HTTP/3: "));
        }
    }

    @Test
    void aWrongBodyFailsItsNamedCheckOverH3() throws Exception {
        SelfSignedCertificate cert = SelfSignedCertificate.create(dir);
        try (Http3ContractServer server = new Http3ContractServer(cert, Set.of(Fault.WRONG_BODY), Set.of())) {
            List<CheckResult> results = overH3(server.port(), cert, Set.of("spock-scotty"), Set.of("spock-scotty"));

            assertThat(Http2ContractChecksTest.failed(results)).containsExactly("GET /echo/hello-world");
            assertThat(results).filteredOn(r -> r.outcome() == Outcome.FAIL).singleElement().satisfies(r -> {
                assertThat(r.scenario()).isEqualTo("spock-scotty over h3");
                assertThat(r.trace()).contains("< HEADERS stream ").contains("< Hello world").contains("> FIN stream ");
            });
        }
    }

    @Test
    void aWrongStatusFailsEveryRouteCheckOverH3() throws Exception {
        SelfSignedCertificate cert = SelfSignedCertificate.create(dir);
        try (Http3ContractServer server = new Http3ContractServer(cert, Set.of(), Set.of(Http3Fault.WRONG_STATUS))) {
            List<CheckResult> results = overH3(server.port(), cert, Set.of("techempower"), Set.of("techempower"));

            assertThat(results).extracting(CheckResult::check).contains("GET /plaintext", "GET /json");
            assertThat(Http2ContractChecksTest.failed(results)).contains("GET /plaintext", "GET /json");
            assertThat(results).filteredOn(r -> r.check().equals("GET /plaintext")).singleElement()
                    .satisfies(r -> assertThat(r.detail()).contains("500"));
        }
    }

    /** Over h3 Netty's codec refuses such a response as malformed, so every request's check fails, naming it. */
    @Test
    void aConnectionHeaderFailsEveryRequestAsMalformedOverH3() throws Exception {
        SelfSignedCertificate cert = SelfSignedCertificate.create(dir);
        try (Http3ContractServer server = new Http3ContractServer(cert, Set.of(), Set.of(Http3Fault.CONNECTION_HEADER))) {
            List<CheckResult> results = overH3(server.port(), cert, Set.of("techempower"), Set.of("techempower", Scenarios.HTTP));

            assertThat(results).filteredOn(r -> r.check().startsWith("GET ")).hasSize(3).allSatisfy(r -> {
                assertThat(r.outcome()).isEqualTo(Outcome.FAIL);
                assertThat(r.detail()).isEqualTo("a malformed HTTP/3 response: connection header included");
            });
        }
    }

    @Test
    void aSilentUdpPortFailsEveryCheckOverH3WithoutHanging() throws Exception {
        SelfSignedCertificate cert = SelfSignedCertificate.create(dir);
        try (DatagramSocket silent = new DatagramSocket(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0))) {
            List<CheckResult> results = overH3(silent.getLocalPort(), cert, Set.of("techempower"), Set.of("techempower"));

            assertThat(results).filteredOn(r -> r.check().startsWith("GET ")).hasSize(2).allSatisfy(r -> {
                assertThat(r.outcome()).isEqualTo(Outcome.FAIL);
                assertThat(r.detail()).startsWith("cannot open an HTTP/3 connection").contains("no QUIC handshake");
            });
        }
    }
}
