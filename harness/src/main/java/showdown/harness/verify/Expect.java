package showdown.harness.verify;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;

/**
 * What one check expects of one exchange. Collects every problem (FAIL) and every doubt (WARN)
 * and turns them into a {@link CheckResult} with the wire trace attached when anything is off.
 */
final class Expect {

    static final String TEXT_UTF8 = "text/plain; charset=utf-8";
    static final String HTML_UTF8 = "text/html; charset=utf-8";
    private static final int BODY_EXCERPT_BYTES = 60;

    private final Exchange exchange;
    private final List<String> failures = new ArrayList<>();
    private final List<String> warnings = new ArrayList<>();

    private Expect(Exchange exchange) {
        this.exchange = exchange;
        if (!exchange.ok()) {
            failures.add(exchange.error());
        }
    }

    static Expect of(Exchange exchange) {
        return new Expect(exchange);
    }

    private Optional<RawResponse> response() {
        return Optional.ofNullable(exchange.response());
    }

    Expect status(int expected) {
        response().ifPresent(r -> {
            if (r.status() != expected) {
                // 0 is an HTTP/2 response without a valid :status
                failures.add((r.status() == 0 ? "no valid :status" : "status " + r.status()) + ", expected " + expected);
            }
        });
        return this;
    }

    /** Exactly this Content-Type (case and spacing aside). */
    Expect contentType(String expected) {
        return contentType(expected, ct -> ct.sameAs(ContentType.parse(expected)));
    }

    /** A Content-Type accepted by {@code rule}; {@code expected} describes it in the message. */
    Expect contentType(String expected, Predicate<ContentType> rule) {
        response().ifPresent(r -> {
            Optional<String> ct = r.header("Content-Type");
            if (ct.isEmpty()) {
                failures.add("no Content-Type, expected " + expected);
            } else if (!rule.test(ContentType.parse(ct.get()))) {
                failures.add("Content-Type '" + WireTrace.escape(ct.get()) + "', expected " + expected);
            }
        });
        return this;
    }

    Expect body(String expected) {
        return body(expected.getBytes(StandardCharsets.UTF_8));
    }

    Expect body(byte[] expected) {
        response().ifPresent(r -> {
            if (!Arrays.equals(r.body(), expected)) {
                failures.add(bodyDifference(r.body(), expected));
            }
        });
        return this;
    }

    /** A check of its own on the response; {@code problem} returns null when all is well. */
    Expect that(java.util.function.Function<RawResponse, String> problem) {
        response().ifPresent(r -> {
            String p = problem.apply(r);
            if (p != null) {
                failures.add(p);
            }
        });
        return this;
    }

    Expect warnUnless(Predicate<RawResponse> fine, String doubt) {
        response().ifPresent(r -> {
            if (!fine.test(r)) {
                warnings.add(doubt);
            }
        });
        return this;
    }

    CheckResult result(String scenario, String check) {
        if (!failures.isEmpty()) {
            return new CheckResult(scenario, check, Outcome.FAIL, String.join("; ", failures), exchange.trace());
        }
        if (!warnings.isEmpty()) {
            return new CheckResult(scenario, check, Outcome.WARN, String.join("; ", warnings), exchange.trace());
        }
        return CheckResult.pass(scenario, check, "");
    }

    /** "body differs at byte 12 of 11: got "..." expected "..."" for short bodies, sizes for long ones. */
    static String bodyDifference(byte[] actual, byte[] expected) {
        int at = 0;
        while (at < actual.length && at < expected.length && actual[at] == expected[at]) {
            at++;
        }
        if (expected.length <= BODY_EXCERPT_BYTES && actual.length <= 4 * BODY_EXCERPT_BYTES) {
            return "body " + WireTrace.excerpt(actual, BODY_EXCERPT_BYTES) + ", expected " + WireTrace.excerpt(expected, BODY_EXCERPT_BYTES);
        }
        return "body of " + actual.length + " bytes, expected " + expected.length + " bytes; first difference at byte " + at;
    }
}
