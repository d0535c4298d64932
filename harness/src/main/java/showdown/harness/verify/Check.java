package showdown.harness.verify;

import java.util.function.Function;

/**
 * One named check of the contract, in one scenario. Its body talks to the target through the
 * {@link CheckContext} and never throws for a server fault: a fault is a FAIL row.
 *
 * @param over which HTTP versions the check means something on
 * @param why  for a check of one version only: why it does not carry over to the other (shown in its SKIP row)
 * @param pace whether it runs in turn or beside the others
 */
record Check(String scenario, String name, Function<CheckContext, CheckResult> body, Over over, String why, Pace pace) {

    /**
     * The HTTP versions a check applies to: every one, HTTP/1.1 alone, or the versions that carry
     * requests as streams of one connection (HTTP/2 and HTTP/3, whose header rules are the same).
     */
    enum Over { EVERY, HTTP1_ONLY, STREAMS_ONLY }

    /**
     * How a check shares the target's time: {@code IN_TURN} checks run one after another;
     * a {@code BESIDE} check spends its time waiting for the clock (a Date that must change within a
     * second), so it runs on its own thread while the others run, and its row keeps its place.
     */
    enum Pace { IN_TURN, BESIDE }

    Check(String scenario, String name, Function<CheckContext, CheckResult> body) {
        this(scenario, name, body, Over.EVERY, "", Pace.IN_TURN);
    }

    /** The same check, run over HTTP/1.1 only; over HTTP/2 and HTTP/3 it is a SKIP row saying {@code why}. */
    Check onlyOverHttp1(String why) {
        return new Check(scenario, name, body, Over.HTTP1_ONLY, why, pace);
    }

    /** The same check, run over HTTP/2 and HTTP/3 only (a rule of requests as streams); not listed over HTTP/1.1. */
    Check onlyOverStreams() {
        return new Check(scenario, name, body, Over.STREAMS_ONLY, "", pace);
    }

    /** The same check, run beside the others: it mostly waits, and its requests are few and spaced. */
    Check besideOthers() {
        return new Check(scenario, name, body, over, why, Pace.BESIDE);
    }

    /** True when the check is listed over HTTP/1.1 or, {@code streams}, HTTP/2 and HTTP/3 (run, or shown as not applicable). */
    boolean listedOver(boolean streams) {
        return streams || over != Over.STREAMS_ONLY;
    }

    /** True when the check runs over HTTP/1.1 or, {@code streams}, HTTP/2 and HTTP/3. */
    boolean runsOver(boolean streams) {
        return over == Over.EVERY || (over == Over.STREAMS_ONLY) == streams;
    }

    /**
     * Runs the check. A check that failed because the server stalled (a response that had not
     * ended when the read timeout ran out) runs once more: a server that stalls now and then
     * passes the second time as a WARN row that names the stall, one that stalls again fails.
     */
    CheckResult run(CheckContext ctx) {
        if (!runsOver(ctx.streams())) {
            return CheckResult.skip(scenario, name, notApplicable(why));
        }
        ctx.takeStall();
        CheckResult first = body.apply(ctx);
        Exchange stall = ctx.takeStall();
        if (first.outcome() != Outcome.FAIL || stall == null) {
            return first;
        }
        CheckResult second = body.apply(ctx);
        ctx.takeStall();
        String firstTry = "the first try stalled (" + stall.request() + ": " + stall.error() + ")";
        if (second.outcome() == Outcome.FAIL) {
            return CheckResult.fail(second.scenario(), second.check(), second.detail() + "; tried twice, " + firstTry, second.trace());
        }
        String detail = "passed on a second try; " + firstTry + (second.detail().isEmpty() ? "" : "; " + second.detail());
        return new CheckResult(second.scenario(), second.check(), Outcome.WARN, detail, stall.trace());
    }

    /** The detail of a SKIP row for a check that means nothing over HTTP/2 and HTTP/3. */
    static String notApplicable(String why) {
        return "not applicable over HTTP/2 and HTTP/3: " + why;
    }

    /** GET path answers 200 with exactly this Content-Type and body. */
    static Check get(String scenario, String path, String contentType, String body) {
        String name = "GET " + path;
        return new Check(scenario, name, ctx -> Expect.of(ctx.send(RawRequest.get(path)))
                .status(200).contentType(contentType).body(body).result(scenario, name));
    }

    /** GET path answers 404 (any Content-Type, any body). */
    static Check notFound(String scenario, String path) {
        String name = "GET " + path + " -> 404";
        return new Check(scenario, name, ctx -> Expect.of(ctx.send(RawRequest.get(path))).status(404).result(scenario, name));
    }
}
