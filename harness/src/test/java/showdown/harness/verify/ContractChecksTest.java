package showdown.harness.verify;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import showdown.harness.verify.ContractServer.Fault;

/** Each deliberate fault of the embedded server is caught by exactly the checks meant for it. */
class ContractChecksTest {

    static final Set<String> ALL_DECLARED = Set.of("spock-scotty", "mist", "phoenix-showdown", "techempower");
    static final long SEED = 42;

    static final Map<Fault, Set<String>> EXPECTED_FAILURES = new EnumMap<>(Map.of(
            Fault.WRONG_BODY, Set.of("GET /echo/hello-world"),
            Fault.MISSING_DATE, Set.of("Date header (RFC 1123) on every response", "Date changes every second"),
            Fault.NO_404, Set.of("GET /echo/regex/abc -> 404", "GET unknown route -> 404"),
            Fault.BROKEN_ECHO, Set.of("POST /user echo 10 KiB Content-Length, no Content-Type",
                    "POST /user echo 10 KiB chunked", "POST /user echo 1 MiB Content-Length",
                    "POST /user echo 1 MiB chunked", "POST /user split into 7-byte writes"),
            Fault.WRONG_CONTENT_TYPE, Set.of("GET /echo/hello-world", "GET /echo/plain/hello", "GET /echo/plain/{random}",
                    "GET /echo/regex/42", "GET /echo/regex/{random digits}", "GET /user/{id}"),
            Fault.UNESCAPED_TITLE, Set.of("GET /a%3Cb%3E is escaped"),
            Fault.NO_BODY_LIMIT, Set.of("POST /user over 40,000,000 bytes -> 413")));

    static List<CheckResult> checkAll(ContractServer server) {
        return ContractChecks.run("127.0.0.1", server.port(), "/plaintext", ALL_DECLARED, Set.copyOf(Scenarios.ALL), SEED);
    }

    @Test
    void aCorrectServerPassesEveryCheck() throws Exception {
        try (ContractServer server = ContractServer.start()) {
            List<CheckResult> results = checkAll(server);

            assertThat(results).hasSize(Scenarios.ALL.stream().mapToInt(s -> ContractChecks.names(s).size()).sum());
            assertThat(results).allSatisfy(r -> assertThat(r.outcome())
                    .as(r.check() + ": " + r.detail() + "\n" + r.trace())
                    // A loaded machine may see the Date change late: that is the one tolerated WARN.
                    .isIn(r.check().equals("Date changes every second") ? Set.of(Outcome.PASS, Outcome.WARN) : Set.of(Outcome.PASS)));
        }
    }

    @ParameterizedTest
    @EnumSource(Fault.class)
    void eachFaultIsCaughtByItsChecks(Fault fault) throws Exception {
        try (ContractServer server = ContractServer.start(fault)) {
            List<CheckResult> results = checkAll(server);

            Set<String> failed = results.stream().filter(r -> r.outcome() == Outcome.FAIL)
                    .map(CheckResult::check).collect(Collectors.toSet());
            assertThat(failed).isEqualTo(EXPECTED_FAILURES.get(fault));
            assertThat(results).filteredOn(r -> r.outcome() == Outcome.FAIL)
                    .allSatisfy(r -> assertThat(r.trace()).contains("> ").contains("\\r\\n"));
        }
    }

    @Test
    void aFailureShowsTheRequestAndResponseOnTheWire() throws Exception {
        try (ContractServer server = ContractServer.start(Fault.WRONG_BODY)) {
            CheckResult r = checkAll(server).stream().filter(c -> c.check().equals("GET /echo/hello-world")).findFirst().orElseThrow();

            assertThat(r.detail()).isEqualTo("body \"Hello world\", expected \"Hello World\"");
            assertThat(r.trace())
                    .contains("> GET /echo/hello-world HTTP/1.1\\r\\n")
                    .contains("< HTTP/1.1 200 OK\\r\\n")
                    .contains("< Content-Length: 11\\r\\n")
                    .contains("< Hello world");
        }
    }

    @Test
    void anOversizedBodyThatIsAcceptedSaysSo() throws Exception {
        try (ContractServer server = ContractServer.start(Fault.NO_BODY_LIMIT)) {
            CheckResult r = checkAll(server).stream().filter(c -> c.check().startsWith("POST /user over")).findFirst().orElseThrow();

            assertThat(r.outcome()).isEqualTo(Outcome.FAIL);
            assertThat(r.detail()).startsWith("status 200 with a body of 40000001 bytes");
            assertThat(r.trace()).contains("< HTTP/1.1 200 OK\\r\\n");
        }
    }

    @Test
    void aScenarioTheTargetDoesNotDeclareIsOneSkipRow() throws Exception {
        try (ContractServer server = ContractServer.start()) {
            List<CheckResult> results = ContractChecks.run("127.0.0.1", server.port(), "/plaintext", Set.of("techempower"),
                    Set.of("mist", "techempower"), SEED);

            assertThat(results).extracting(CheckResult::scenario, CheckResult::check, CheckResult::outcome).containsExactly(
                    org.assertj.core.groups.Tuple.tuple("mist", "(all checks)", Outcome.SKIP),
                    org.assertj.core.groups.Tuple.tuple("techempower", "GET /plaintext", Outcome.PASS),
                    org.assertj.core.groups.Tuple.tuple("techempower", "GET /json", Outcome.PASS));
        }
    }

    @Test
    void nothingListeningFailsEveryCheckWithoutHanging() {
        int port = showdown.harness.targets.FreePort.pick();

        List<CheckResult> results = ContractChecks.run("127.0.0.1", port, "/plaintext", Set.of("techempower"),
                Set.of("techempower"), SEED);

        assertThat(results).allSatisfy(r -> {
            assertThat(r.outcome()).isEqualTo(Outcome.FAIL);
            assertThat(r.detail()).startsWith("cannot connect to 127.0.0.1:" + port);
        });
    }

    @Test
    void rowsKeepTheListedOrderWithTheDateCheckRunBeside() throws Exception {
        try (ContractServer server = ContractServer.start()) {
            List<String> listed = Scenarios.ALL.stream().flatMap(s -> ContractChecks.names(s).stream()).toList();

            assertThat(checkAll(server)).extracting(CheckResult::check).containsExactlyElementsOf(listed);
        }
    }

    @Test
    void aCheckBesideTheOthersRunsWhileTheyRun() {
        CountDownLatch inTurnRan = new CountDownLatch(1);
        Check waiting = new Check("test", "waits for the next one", ctx -> awaited(inTurnRan)
                ? CheckResult.pass("test", "waits for the next one", "")
                : CheckResult.fail("test", "waits for the next one", "ran alone: nothing else ran meanwhile", "")).besideOthers();
        Check inTurn = new Check("test", "releases the first", ctx -> {
            inTurnRan.countDown();
            return CheckResult.pass("test", "releases the first", "");
        });
        CheckResult skipped = CheckResult.skip("test", "(all checks)", "listed last");
        CheckContext ctx = new CheckContext("127.0.0.1", 1, "/", Set.of(), SEED);

        List<CheckResult> results = ContractChecks.runAll(ctx,
                List.of(ContractChecks.Row.toRun(waiting), ContractChecks.Row.toRun(inTurn), ContractChecks.Row.done(skipped)));

        assertThat(results).extracting(CheckResult::check, CheckResult::outcome).containsExactly(
                org.assertj.core.groups.Tuple.tuple("waits for the next one", Outcome.PASS),
                org.assertj.core.groups.Tuple.tuple("releases the first", Outcome.PASS),
                org.assertj.core.groups.Tuple.tuple("(all checks)", Outcome.SKIP));
    }

    /** True once the latch opened; a generous bound, so a broken runner fails the test instead of hanging it. */
    private static boolean awaited(CountDownLatch latch) {
        try {
            return latch.await(30, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }
}
