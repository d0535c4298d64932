package showdown.harness.targets;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import showdown.harness.verify.Http3ContractServer;

/** Real processes: a tiny Python HTTP server started as a target, then the whole tree stopped. */
class RunningTargetTest {

    /** Serves the target folder; the listing of "/" answers 200. */
    static final String PY_SERVER = "python3 -m http.server --bind 127.0.0.1 \"$PORT\"";
    static final Duration READY_TIMEOUT = Duration.ofSeconds(30);
    static final Duration SHORT_GRACE = Duration.ofMillis(500);

    @TempDir
    Path home;

    final List<RunningTarget> started = new ArrayList<>();

    @AfterEach
    void stopEverything() {
        started.forEach(t -> t.close(SHORT_GRACE));
    }

    TargetManifest target(String shellCommand) throws IOException {
        return target(shellCommand, "");
    }

    TargetManifest target(String shellCommand, String extraYaml) throws IOException {
        Path dir = Files.createDirectories(home.resolve("targets/py/app"));
        Files.writeString(dir.resolve("target.yaml"), """
                name: app
                display: App
                language: python
                framework: http.server
                version: "3"
                category: platform
                start: [sh, -c, '%s']
                env:
                  GREETING: "port ${PORT} cpus ${CPUS}"
                ready: /
                scenarios: [mist]
                """.formatted(shellCommand.replace("'", "''")) + extraYaml);
        return TargetManifest.load(dir.resolve("target.yaml"));
    }

    RunningTarget start(TargetManifest m, Duration readyTimeout) {
        RunningTarget t = RunningTarget.start(m, new StartOptions(home, 0, List.of(), home.resolve("logs"), readyTimeout, java.util.Map.of()));
        started.add(t);
        return t;
    }

    static List<Long> treeOf(RunningTarget t) {
        List<Long> pids = new ArrayList<>();
        pids.add(t.pid());
        ProcessHandle.of(t.pid()).ifPresent(h -> h.descendants().forEach(d -> pids.add(d.pid())));
        return pids;
    }

    /** Alive and not a zombie (an orphan's zombie may linger until init reaps it). */
    static boolean running(long pid) {
        String[] f = ProcessTree.statFields(pid);
        return f != null && !f[0].equals("Z");
    }

    @Test
    void startsOnAFreePortWaitsForReadyAndStopsTheWholeTree() throws Exception {
        TargetManifest m = target("echo \"$GREETING\"; sleep 300 & exec " + PY_SERVER);

        RunningTarget t = start(m, READY_TIMEOUT);

        assertThat(t.isAlive()).isTrue();
        assertThat(t.port()).isPositive();
        assertThat(t.baseUri()).hasToString("http://127.0.0.1:" + t.port());
        assertThat(t.timeToFirstResponse()).isPositive();
        assertThat(ReadyProbe.status("127.0.0.1", t.port(), "/")).isEqualTo(200);
        assertThat(ProcessTree.processGroup(t.pid())).as("leader of its own group").isEqualTo(t.pid());
        assertThat(Files.readString(t.outLog())).startsWith("port " + t.port() + " cpus "
                + Runtime.getRuntime().availableProcessors());
        List<Long> tree = treeOf(t);
        assertThat(tree).hasSizeGreaterThanOrEqualTo(2); // the server and the background sleep

        t.close();

        assertThat(tree).noneMatch(RunningTargetTest::running);
        assertThat(ProcessTree.groupMembers(t.pid())).isEmpty();
        assertThat(ReadyProbe.status("127.0.0.1", t.port(), "/")).isEqualTo(-1);
        t.close(); // idempotent
    }

    @Test
    void aTargetThatDeclaresTlsGetsASecondPortAndTheCertificate() throws Exception {
        // Plain HTTP on the TLS port is enough here: the harness only waits for it to accept connections.
        TargetManifest m = target("echo \"$TLS_PORT $TLS_CERT $TLS_KEY\"; "
                + "python3 -m http.server --bind 127.0.0.1 \"$TLS_PORT\" & exec " + PY_SERVER,
                "protocols: [h1-tls, h2-tls]\n");
        SelfSignedCertificate cert = SelfSignedCertificate.create(home.resolve("run"));
        RunningTarget t = RunningTarget.start(m, new StartOptions(home, 0, List.of(), home.resolve("logs"), READY_TIMEOUT,
                java.util.Map.of(), cert));
        started.add(t);

        assertThat(t.tlsPort()).isPositive().isNotEqualTo(t.port());
        assertThat(t.baseUri(Protocol.H1_TLS)).hasToString("https://127.0.0.1:" + t.tlsPort());
        assertThat(t.baseUri(Protocol.H1)).isEqualTo(t.baseUri());
        assertThatThrownBy(() -> t.baseUri(Protocol.H2C)).hasMessage("app does not offer h2c");
        assertThat(Files.readString(t.outLog())).startsWith(t.tlsPort() + " " + cert.certFile().toAbsolutePath() + " "
                + cert.keyFile().toAbsolutePath() + "\n");
    }

    @Test
    void aTargetThatDeclaresH3IsReadyOnceAnH3RequestToItsReadyPathAnswers() throws Exception {
        assumeTrue(Http3Dialer.unavailability() == null, "no native QUIC library here: " + Http3Dialer.unavailability());
        // h3 alone: TLS_PORT and the certificate, no TCP listener there; the in-test server answers on that UDP port
        SelfSignedCertificate cert = SelfSignedCertificate.create(home.resolve("run"));
        try (Http3ContractServer h3 = Http3ContractServer.correct(cert)) {
            TargetManifest m = target("echo \"$TLS_PORT\"; exec " + PY_SERVER, "protocols: [h3]\n");
            RunningTarget t = RunningTarget.start(m, new StartOptions(home, 0, List.of(), home.resolve("logs"), READY_TIMEOUT,
                    java.util.Map.of(), cert, h3.port()));
            started.add(t);

            assertThat(t.tlsPort()).isEqualTo(h3.port());
            assertThat(t.baseUri(Protocol.H3)).hasToString("https://127.0.0.1:" + h3.port());
            assertThat(h3.answered()).isEqualTo(1);
        }
    }

    @Test
    void aTargetThatDeclaresH3ButIsSilentOverUdpFailsAfterTheReadyTimeoutWithOneLine() throws Exception {
        assumeTrue(Http3Dialer.unavailability() == null, "no native QUIC library here: " + Http3Dialer.unavailability());
        // A UDP socket bound on TLS_PORT that reads nothing and answers nothing
        TargetManifest m = target("python3 -c \"import os, socket, time; s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM);"
                + " s.bind(('127.0.0.1', int(os.environ['TLS_PORT']))); time.sleep(300)\" & exec " + PY_SERVER, "protocols: [h3]\n");

        assertThatThrownBy(() -> start(m, Duration.ofSeconds(3)))
                .isInstanceOf(TargetException.class)
                .satisfies(e -> assertThat(e.getMessage().lines().findFirst().orElseThrow())
                        .matches("app answered GET / on port \\d+ but not over h3 \\(QUIC on UDP port \\d+\\) within 3 s"
                                + " \\(logs: .*\\)"));
    }

    @Test
    void theTlsPortIsFreeOverUdpToo() {
        int port = FreePort.pickTcpAndUdp();
        assertThat(FreePort.freeOverUdp(port)).isTrue();
    }

    @Test
    void aGivenTlsPortIsTheOneTheTargetGets() throws Exception {
        TargetManifest m = target("echo \"$TLS_PORT\"; python3 -m http.server --bind 127.0.0.1 \"$TLS_PORT\" & exec " + PY_SERVER,
                "protocols: [h1-tls]\n");
        int tlsPort = FreePort.pick();
        RunningTarget t = RunningTarget.start(m, new StartOptions(home, 0, List.of(), home.resolve("logs"), READY_TIMEOUT,
                java.util.Map.of(), SelfSignedCertificate.create(home.resolve("run")), tlsPort));
        started.add(t);

        assertThat(t.tlsPort()).isEqualTo(tlsPort);
        assertThat(t.port()).isNotEqualTo(tlsPort);
        assertThat(Files.readString(t.outLog())).startsWith(tlsPort + "\n");
    }

    @Test
    void theTlsPortMustDifferFromThePort() {
        assertThatThrownBy(() -> new StartOptions(home, 8080, List.of(), home, READY_TIMEOUT, java.util.Map.of(), null, 8080))
                .isInstanceOf(TargetException.class).hasMessage("the TLS port and the port are both 8080; they must differ");
        assertThatThrownBy(() -> new StartOptions(home, 0, List.of(), home, READY_TIMEOUT, java.util.Map.of(), null, 70000))
                .isInstanceOf(TargetException.class).hasMessage("TLS port 70000 is out of range 0-65535");
    }

    @Test
    void aTargetWithoutTlsGetsNoTlsVariables() throws Exception {
        TargetManifest m = target("echo \"[${TLS_PORT:-none}]\"; exec " + PY_SERVER);
        RunningTarget t = start(m, READY_TIMEOUT);
        assertThat(t.tlsPort()).isZero();
        assertThat(Files.readString(t.outLog())).startsWith("[none]\n");
        assertThatThrownBy(() -> t.baseUri(Protocol.H1_TLS)).hasMessage("app does not offer h1-tls");
    }

    @Test
    void theRunsExtraEnvironmentReachesTheTargetOverItsManifest() throws Exception {
        // --target-env: SPIN_MICROS is new, GREETING replaces the manifest's own value.
        TargetManifest m = target("echo \"$GREETING $SPIN_MICROS\"; exec " + PY_SERVER);
        RunningTarget t = RunningTarget.start(m, new StartOptions(home, 0, List.of(), home.resolve("logs"), READY_TIMEOUT,
                java.util.Map.of("SPIN_MICROS", "20", "GREETING", "hello")));
        started.add(t);
        assertThat(Files.readString(t.outLog())).startsWith("hello 20\n");
        t.close();
    }

    @Test
    void aTreeThatIgnoresSigtermIsKilledAfterTheGracePeriod() throws Exception {
        // The trap makes sh and everything it starts ignore SIGTERM (an ignored signal is inherited).
        TargetManifest m = target("trap \"\" TERM; sleep 300 & " + PY_SERVER + "; wait");
        RunningTarget t = start(m, READY_TIMEOUT);
        List<Long> tree = treeOf(t);
        assertThat(tree).hasSizeGreaterThanOrEqualTo(3);

        t.close(SHORT_GRACE);

        assertThat(tree).noneMatch(RunningTargetTest::running);
        assertThat(ProcessTree.groupMembers(t.pid())).isEmpty();
    }

    @Test
    void anOrphanLeftInTheGroupIsStoppedToo() throws Exception {
        // The subshell exits at once, so the sleep is re-parented to init: only the group finds it.
        TargetManifest m = target("(sleep 300 &); exec " + PY_SERVER);
        RunningTarget t = start(m, READY_TIMEOUT);
        List<Long> group = ProcessTree.groupMembers(t.pid());
        assertThat(group).hasSizeGreaterThanOrEqualTo(2);

        t.close();

        assertThat(group).noneMatch(RunningTargetTest::running);
    }

    @Test
    void pinsToTheGivenCpus() throws Exception {
        TargetManifest m = target("exec " + PY_SERVER);
        RunningTarget t = RunningTarget.start(m, new StartOptions(home, 0, List.of(0), home.resolve("logs"), READY_TIMEOUT, java.util.Map.of()));
        started.add(t);

        String status = Files.readString(Path.of("/proc", Long.toString(t.pid()), "status"));
        assertThat(status).containsPattern("Cpus_allowed_list:\\s+0\\n");
    }

    @Test
    void aTargetThatExitsEarlyFailsFastWithTheEndOfItsErrLog() throws Exception {
        TargetManifest m = target("echo starting; echo \"bind failed: port taken\" >&2; exit 3");

        assertThatThrownBy(() -> start(m, READY_TIMEOUT))
                .isInstanceOf(TargetException.class)
                .hasMessageStartingWith("app exited with code 3 before it was ready")
                .hasMessageContaining("\n  | bind failed: port taken");
    }

    @Test
    void aTargetThatNeverAnswersIsStoppedAfterTheReadyTimeout() throws Exception {
        TargetManifest m = target("echo $$ > pid; exec sleep 300");

        assertThatThrownBy(() -> start(m, Duration.ofSeconds(1)))
                .isInstanceOf(TargetException.class)
                .hasMessageStartingWith("app did not answer GET / with 200 on port");
        long pid = Long.parseLong(Files.readString(m.dir().resolve("pid")).trim());
        assertThat(running(pid)).isFalse();
    }

    @Test
    void anUnknownCommandIsAUserError() throws Exception {
        TargetManifest m = target("exec showdown-no-such-command-7f3a");

        assertThatThrownBy(() -> start(m, READY_TIMEOUT))
                .isInstanceOf(TargetException.class)
                .hasMessageStartingWith("app exited with code 127 before it was ready");
    }
}
