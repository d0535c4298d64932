package showdown.harness.verify;

import static showdown.harness.verify.Scenarios.HTTP;

import java.io.IOException;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Rules of HTTP/2 itself (RFC 9113), which HTTP/3 keeps (RFC 9114, section 4.2), checked only over
 * h2c, h2-tls and h3: many requests on one connection as streams, and on every response a valid
 * {@code :status}, lower-case header names and none of the connection-specific headers both forbid.
 */
final class Http2Checks {

    static final int STREAMS_ON_ONE_CONNECTION = 100;
    /** RFC 9113, section 8.2.2 (RFC 9114, section 4.2): a response carrying any of these is malformed. */
    static final Set<String> CONNECTION_SPECIFIC = Set.of("connection", "keep-alive", "proxy-connection",
            "transfer-encoding", "upgrade");

    private Http2Checks() {
    }

    /** The HTTP/2 and HTTP/3 counterpart of keep-alive: 100 requests, one stream each, on one connection. */
    static Check streamsOnOneConnection() {
        String name = STREAMS_ON_ONE_CONNECTION + " requests as streams on one connection";
        return new Check(HTTP, name, ctx -> {
            try (StreamConnection c = ctx.openStreams()) {
                for (int i = 1; i <= STREAMS_ON_ONE_CONNECTION; i++) {
                    if (!c.isUsable()) {
                        return CheckResult.fail(HTTP, name, "the server ended the connection (GOAWAY or close) after request "
                                + (i - 1), "");
                    }
                    Exchange e = ctx.record(c.exchange(RawRequest.get(ctx.readyPath())));
                    CheckResult one = Expect.of(e).status(200).result(HTTP, name);
                    if (one.outcome() == Outcome.FAIL) {
                        return CheckResult.fail(HTTP, name, "request " + i + ": " + one.detail(), one.trace());
                    }
                }
                return CheckResult.pass(HTTP, name, "");
            } catch (IOException e) {
                return CheckResult.fail(HTTP, name, "cannot open an " + ctx.version() + " connection: " + e.getMessage(), "");
            }
        }).onlyOverStreams();
    }

    /** HTTP/2's header rules, each on every response recorded (after the contract's own header rows). */
    static List<CheckResult> headerChecks(List<Exchange> answered) {
        return List.of(
                HttpChecks.onEvery(answered, ":status on every response", Http2Checks::statusProblem, false),
                HttpChecks.onEvery(answered, "lower-case header names on every response", Http2Checks::caseProblem, false),
                HttpChecks.onEvery(answered, "no connection-specific headers on every response",
                        Http2Checks::connectionHeaderProblem, false));
    }

    /** Null when the header block starts with exactly one three-digit {@code :status} and no other pseudo-header. */
    static String statusProblem(RawResponse r) {
        long statuses = r.count(":status");
        if (statuses == 0) {
            return "no :status";
        }
        if (statuses > 1) {
            return statuses + " :status pseudo-headers";
        }
        String status = r.header(":status").orElseThrow();
        if (!status.matches("[1-5][0-9][0-9]")) {
            return ":status '" + WireTrace.escape(status) + "' is not a three-digit code";
        }
        boolean regularSeen = false;
        for (RawResponse.Header h : r.headers()) {
            if (h.name().startsWith(":")) {
                if (!h.name().equals(":status")) {
                    return "pseudo-header " + h.name() + " in a response";
                }
                if (regularSeen) {
                    return ":status after a regular header";
                }
            } else {
                regularSeen = true;
            }
        }
        return null;
    }

    static String caseProblem(RawResponse r) {
        for (RawResponse.Header h : r.headers()) {
            if (!h.name().equals(h.name().toLowerCase(Locale.ROOT))) {
                return "header name '" + WireTrace.escape(h.name()) + "' is not lower case";
            }
        }
        return null;
    }

    static String connectionHeaderProblem(RawResponse r) {
        for (RawResponse.Header h : r.headers()) {
            if (CONNECTION_SPECIFIC.contains(h.name().toLowerCase(Locale.ROOT))) {
                return "connection-specific header '" + WireTrace.escape(h.name() + ": " + h.value()) + "'";
            }
        }
        return null;
    }
}
