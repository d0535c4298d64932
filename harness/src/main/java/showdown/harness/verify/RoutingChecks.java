package showdown.harness.verify;

import static showdown.harness.verify.Scenarios.SPOCK_SCOTTY;

import java.util.List;

/** S1 spock-scotty: static routes, a plain capture and a regex-constrained capture. */
final class RoutingChecks {

    private RoutingChecks() {
    }

    static List<Check> all() {
        return List.of(
                Check.get(SPOCK_SCOTTY, "/echo/hello-world", Expect.TEXT_UTF8, "Hello World"),
                Check.get(SPOCK_SCOTTY, "/echo/plain/hello", Expect.TEXT_UTF8, "hello"),
                // A fresh value each run catches a route that answers a fixed string.
                new Check(SPOCK_SCOTTY, "GET /echo/plain/{random}", ctx -> {
                    String value = ctx.randomAlphanumeric(12);
                    return Expect.of(ctx.send(RawRequest.get("/echo/plain/" + value)))
                            .status(200).contentType(Expect.TEXT_UTF8).body(value)
                            .result(SPOCK_SCOTTY, "GET /echo/plain/{random}");
                }),
                Check.get(SPOCK_SCOTTY, "/echo/regex/42", Expect.TEXT_UTF8, "42"),
                new Check(SPOCK_SCOTTY, "GET /echo/regex/{random digits}", ctx -> {
                    String digits = Long.toString(ctx.random().nextLong(100_000L, 1_000_000_000L));
                    return Expect.of(ctx.send(RawRequest.get("/echo/regex/" + digits)))
                            .status(200).contentType(Expect.TEXT_UTF8).body(digits)
                            .result(SPOCK_SCOTTY, "GET /echo/regex/{random digits}");
                }),
                Check.notFound(SPOCK_SCOTTY, "/echo/regex/abc"));
    }
}
