package showdown.harness.verify;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** A check that failed because the server stalled runs once more; any other failure stands as it is. */
class StalledCheckTest {

    private static final String NAME = "POST /user echo 1 MiB chunked";
    private static final Duration READ_TIMEOUT = Duration.ofSeconds(20);

    private final CheckContext ctx = new CheckContext("127.0.0.1", 1, "/", Set.of(), 42);
    private final AtomicInteger tries = new AtomicInteger();

    /** A check whose tries record these exchanges in turn: "" for an answer, else the error of the exchange without one. */
    private Check checkWhoseTries(String... errors) {
        Deque<String> queue = new ArrayDeque<>(List.of(errors));
        return new Check("mist", NAME, c -> {
            tries.incrementAndGet();
            String error = queue.removeFirst();
            if (error.isEmpty()) {
                c.record(new Exchange("POST /user (1 MiB, chunked)", new byte[0], 0, answer(), null, null));
                return CheckResult.pass("mist", NAME, "");
            }
            c.record(new Exchange("POST /user (1 MiB, chunked)", "POST /user".getBytes(), 10, null, error, new byte[0]));
            return CheckResult.fail("mist", NAME, error, "");
        });
    }

    private static RawResponse answer() {
        return new RawResponse("HTTP/1.1", 200, "OK", List.of(), new byte[0], false, new byte[0], 0);
    }

    @Test
    void aStallThatDoesNotComeBackIsAWarningThatNamesIt() {
        CheckResult r = checkWhoseTries(Exchange.noResponseWithin(READ_TIMEOUT), "").run(ctx);

        assertThat(tries).hasValue(2);
        assertThat(r.outcome()).isEqualTo(Outcome.WARN);
        assertThat(r.detail()).isEqualTo("passed on a second try; the first try stalled "
                + "(POST /user (1 MiB, chunked): no complete response within 20 s)");
        assertThat(r.trace()).contains("> POST /user").contains("! no complete response within 20 s");
    }

    @Test
    void aStallThatComesBackFails() {
        CheckResult r = checkWhoseTries(Exchange.noResponseWithin(READ_TIMEOUT), Exchange.noResponseWithin(READ_TIMEOUT)).run(ctx);

        assertThat(tries).hasValue(2);
        assertThat(r.outcome()).isEqualTo(Outcome.FAIL);
        assertThat(r.detail()).isEqualTo("no complete response within 20 s; tried twice, the first try stalled "
                + "(POST /user (1 MiB, chunked): no complete response within 20 s)");
    }

    @Test
    void aFailureThatIsNoStallIsNotTriedAgain() {
        CheckResult r = checkWhoseTries("the connection was reset", "").run(ctx);

        assertThat(tries).hasValue(1);
        assertThat(r.outcome()).isEqualTo(Outcome.FAIL);
        assertThat(r.detail()).isEqualTo("the connection was reset");
    }

    @Test
    void aStallOfAnEarlierCheckIsNotCountedAgainstTheNext() {
        ctx.record(new Exchange("GET /", new byte[0], 0, null, Exchange.noResponseWithin(READ_TIMEOUT), null));

        CheckResult r = checkWhoseTries("the connection was reset", "").run(ctx);

        assertThat(tries).hasValue(1);
        assertThat(r.outcome()).isEqualTo(Outcome.FAIL);
    }
}
