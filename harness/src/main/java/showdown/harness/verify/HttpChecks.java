package showdown.harness.verify;

import static showdown.harness.verify.Scenarios.HTTP;

import java.io.IOException;
import java.time.Duration;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * Protocol checks every target gets: 404 for unknown routes, keep-alive, requests split into small
 * writes, a Date that moves, and the required headers on every response the verifier has seen.
 * Over HTTP/2 and HTTP/3 keep-alive and the body framing are HTTP/1.1's and not applicable;
 * {@link Http2Checks} adds HTTP/2's own rules (which HTTP/3 keeps) in their place.
 */
final class HttpChecks {

    static final int KEEP_ALIVE_REQUESTS = 100;
    /** A few bytes per write with a pause, so the server surely sees the request in pieces. */
    static final int FRAGMENT_BYTES = 3;
    static final Duration FRAGMENT_PAUSE = Duration.ofMillis(5);
    /** A Date cached and refreshed every second changes within this long (plus scheduling noise). */
    static final Duration DATE_CHANGE_EXPECTED = Duration.ofMillis(1_100);
    /** Past this, the Date is called stuck. */
    static final Duration DATE_CHANGE_LIMIT = Duration.ofMillis(2_500);
    static final Duration DATE_POLL = Duration.ofMillis(50);
    static final String FRAMING_CHECK = "Content-Length or chunked on every response";

    private HttpChecks() {
    }

    /** The checks that send requests of their own; {@link #headerChecks} runs after everything else. */
    static List<Check> all() {
        return List.of(
                new Check(HTTP, "GET unknown route -> 404", ctx -> {
                    String path = "/no-such-route/" + ctx.randomAlphanumeric(8) + "/here";
                    return Expect.of(ctx.send(RawRequest.get(path))).status(404).result(HTTP, "GET unknown route -> 404");
                }),
                new Check(HTTP, "keep-alive: " + KEEP_ALIVE_REQUESTS + " requests on one connection", HttpChecks::keepAlive)
                        .onlyOverHttp1("keep-alive and the Connection header are HTTP/1.1's; HTTP/2 and HTTP/3 carry"
                                + " many requests on one connection as streams (checked instead)"),
                Http2Checks.streamsOnOneConnection(),
                new Check(HTTP, "request split into " + FRAGMENT_BYTES + "-byte writes", HttpChecks::fragmentedGet),
                new Check(HTTP, "Date changes every second", HttpChecks::dateChanges).besideOthers());
    }

    private static CheckResult keepAlive(CheckContext ctx) {
        String name = "keep-alive: " + KEEP_ALIVE_REQUESTS + " requests on one connection";
        try (RawConnection c = ctx.open()) {
            for (int i = 1; i <= KEEP_ALIVE_REQUESTS; i++) {
                Exchange e = ctx.record(c.exchange(RawRequest.get(ctx.readyPath())));
                CheckResult one = Expect.of(e).status(200).result(HTTP, name);
                if (one.outcome() == Outcome.FAIL) {
                    return CheckResult.fail(HTTP, name, "request " + i + ": " + one.detail(), one.trace());
                }
                // The last response may announce a close (Tomcat's default limit is exactly 100).
                if (i < KEEP_ALIVE_REQUESTS && (e.response().closes() || !c.isUsable())) {
                    return CheckResult.fail(HTTP, name, "the server closed the connection after request " + i, e.trace());
                }
            }
            return CheckResult.pass(HTTP, name, "");
        } catch (IOException e) {
            return CheckResult.fail(HTTP, name, "cannot connect: " + e.getMessage(), "");
        }
    }

    private static CheckResult fragmentedGet(CheckContext ctx) {
        String name = "request split into " + FRAGMENT_BYTES + "-byte writes";
        if (ctx.declares(Scenarios.SPOCK_SCOTTY)) {
            return Expect.of(ctx.send(RawRequest.get("/echo/plain/fragmented").withHeader("Accept: */*"), FRAGMENT_BYTES, FRAGMENT_PAUSE))
                    .status(200).body("fragmented").result(HTTP, name);
        }
        return Expect.of(ctx.send(RawRequest.get(ctx.readyPath()).withHeader("Accept: */*"), FRAGMENT_BYTES, FRAGMENT_PAUSE))
                .status(200).result(HTTP, name);
    }

    private static CheckResult dateChanges(CheckContext ctx) {
        String name = "Date changes every second";
        Exchange first = ctx.send(RawRequest.get(ctx.readyPath()));
        long startNanos = System.nanoTime();
        Optional<String> firstDate = Optional.ofNullable(first.response()).flatMap(r -> r.header("Date"));
        if (firstDate.isEmpty()) {
            return CheckResult.fail(HTTP, name, first.ok() ? "no Date header" : first.error(), first.trace());
        }
        Exchange last = first;
        while (System.nanoTime() - startNanos < DATE_CHANGE_LIMIT.toNanos()) {
            sleep(DATE_POLL);
            last = ctx.send(RawRequest.get(ctx.readyPath()));
            Optional<String> date = Optional.ofNullable(last.response()).flatMap(r -> r.header("Date"));
            if (date.isEmpty()) {
                return CheckResult.fail(HTTP, name, last.ok() ? "no Date header" : last.error(), last.trace());
            }
            if (!date.get().equals(firstDate.get())) {
                Duration took = Duration.ofNanos(System.nanoTime() - startNanos);
                if (took.compareTo(DATE_CHANGE_EXPECTED) > 0) {
                    return new CheckResult(HTTP, name, Outcome.WARN, "Date changed only after " + took.toMillis() + " ms",
                            last.trace());
                }
                return CheckResult.pass(HTTP, name, "changed after " + took.toMillis() + " ms");
            }
        }
        return CheckResult.fail(HTTP, name, "Date stayed '" + firstDate.get() + "' for " + DATE_CHANGE_LIMIT.toMillis() + " ms",
                last.trace());
    }

    private static void sleep(Duration d) {
        try {
            Thread.sleep(d);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * The required headers, each checked on every response recorded so far. A missing Server or
     * Content-Type on a 4xx/5xx is only a WARN: those answers (404, 413) often come from the
     * framework's own limits, outside the app's code; Date and the body framing are strict everywhere.
     */
    static List<CheckResult> headerChecks(List<Exchange> exchanges) {
        return headerChecks(exchanges, false);
    }

    /** Over HTTP/2 and HTTP/3 ({@code streams}) the framing row is not applicable and HTTP/2's own header rules follow. */
    static List<CheckResult> headerChecks(List<Exchange> exchanges, boolean streams) {
        List<Exchange> answered = exchanges.stream().filter(Exchange::ok).toList();
        List<CheckResult> out = new ArrayList<>();
        out.add(onEvery(answered, "Date header (RFC 1123) on every response", HttpChecks::dateProblem, false));
        out.add(onEvery(answered, "Server header on every response",
                r -> r.header("Server").filter(v -> !v.isBlank()).isPresent() ? null : "no Server header", true));
        out.add(onEvery(answered, "Content-Type header on every response", HttpChecks::contentTypeProblem, true));
        if (streams) {
            out.add(CheckResult.skip(HTTP, FRAMING_CHECK, Check.notApplicable("a body ends with its stream (END_STREAM,"
                    + " FIN); there is no chunked encoding and content-length is optional")));
            out.addAll(Http2Checks.headerChecks(answered));
        } else {
            out.add(onEvery(answered, FRAMING_CHECK, HttpChecks::framingProblem, false));
        }
        return out;
    }

    /**
     * Applies {@code problem} to every response; the first offender's trace is shown.
     *
     * @param errorsOnlyWarn when true, a problem on a 4xx/5xx response is a WARN, not a FAIL
     */
    static CheckResult onEvery(List<Exchange> answered, String name, Function<RawResponse, String> problem,
            boolean errorsOnlyWarn) {
        Exchange firstFail = null;
        String failDetail = null;
        int fails = 0;
        Exchange firstWarn = null;
        String warnDetail = null;
        int warns = 0;
        for (Exchange e : answered) {
            String p = problem.apply(e.response());
            if (p == null) {
                continue;
            }
            if (errorsOnlyWarn && e.response().status() >= 400) {
                warns++;
                if (firstWarn == null) {
                    firstWarn = e;
                    warnDetail = p;
                }
            } else {
                fails++;
                if (firstFail == null) {
                    firstFail = e;
                    failDetail = p;
                }
            }
        }
        String count = answered.size() + " responses";
        if (answered.isEmpty()) {
            return CheckResult.fail(HTTP, name, "no response to check", "");
        }
        if (firstFail != null) {
            return CheckResult.fail(HTTP, name, failDetail + " (" + fails + " of " + count + ", first: "
                    + firstFail.request() + ")", firstFail.trace());
        }
        if (firstWarn != null) {
            return new CheckResult(HTTP, name, Outcome.WARN, warnDetail + " on error responses (" + warns + " of " + count
                    + ", first: " + firstWarn.request() + ")", firstWarn.trace());
        }
        return CheckResult.pass(HTTP, name, count);
    }

    static String dateProblem(RawResponse r) {
        Optional<String> date = r.header("Date");
        if (date.isEmpty()) {
            return "no Date header";
        }
        try {
            ZonedDateTime.parse(date.get(), DateTimeFormatter.RFC_1123_DATE_TIME);
        } catch (DateTimeParseException e) {
            return "Date '" + WireTrace.escape(date.get()) + "' is not RFC 1123";
        }
        if (!date.get().endsWith(" GMT")) {
            return "Date '" + WireTrace.escape(date.get()) + "' is not in GMT";
        }
        return null;
    }

    static String contentTypeProblem(RawResponse r) {
        return r.header("Content-Type").filter(v -> !v.isBlank()).isPresent() ? null : "no Content-Type header";
    }

    static String framingProblem(RawResponse r) {
        long lengths = r.count("Content-Length");
        if (r.chunked() && lengths > 0) {
            return "both Content-Length and Transfer-Encoding: chunked";
        }
        if (lengths > 1) {
            return lengths + " Content-Length headers";
        }
        if (!r.chunked() && lengths == 0 && r.status() != 204 && r.status() != 304) {
            return "neither Content-Length nor chunked (the body ends at close)";
        }
        return null;
    }
}
