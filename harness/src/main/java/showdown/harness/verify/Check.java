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

    /** The HTTP versions a check applies to. */
    enum Over { EVERY, HTTP1_ONLY, HTTP2_ONLY }

    /**
     * How a check shares the target's time: {@code IN_TURN} checks run one after another;
     * a {@code BESIDE} check spends its time waiting for the clock (a Date that must change within a
     * second), so it runs on its own thread while the others run, and its row keeps its place.
     */
    enum Pace { IN_TURN, BESIDE }

    Check(String scenario, String name, Function<CheckContext, CheckResult> body) {
        this(scenario, name, body, Over.EVERY, "", Pace.IN_TURN);
    }

    /** The same check, run over HTTP/1.1 only; over HTTP/2 it is a SKIP row saying {@code why}. */
    Check onlyOverHttp1(String why) {
        return new Check(scenario, name, body, Over.HTTP1_ONLY, why, pace);
    }

    /** The same check, run over HTTP/2 only (it checks a rule of HTTP/2 itself); not listed over HTTP/1.1. */
    Check onlyOverHttp2() {
        return new Check(scenario, name, body, Over.HTTP2_ONLY, "", pace);
    }

    /** The same check, run beside the others: it mostly waits, and its requests are few and spaced. */
    Check besideOthers() {
        return new Check(scenario, name, body, over, why, Pace.BESIDE);
    }

    /** True when the check is listed over this HTTP version (run, or shown as not applicable). */
    boolean listedOver(boolean http2) {
        return http2 || over != Over.HTTP2_ONLY;
    }

    /** True when the check runs over this HTTP version. */
    boolean runsOver(boolean http2) {
        return over == Over.EVERY || (over == Over.HTTP2_ONLY) == http2;
    }

    CheckResult run(CheckContext ctx) {
        if (!runsOver(ctx.http2())) {
            return CheckResult.skip(scenario, name, notApplicable(why));
        }
        return body.apply(ctx);
    }

    /** The detail of a SKIP row for a check that means nothing over HTTP/2. */
    static String notApplicable(String why) {
        return "not applicable over HTTP/2: " + why;
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
