package showdown.harness.verify;

import java.util.function.Function;

/**
 * One named check of the contract, in one scenario. Its body talks to the target through the
 * {@link CheckContext} and never throws for a server fault: a fault is a FAIL row.
 */
record Check(String scenario, String name, Function<CheckContext, CheckResult> body) {

    CheckResult run(CheckContext ctx) {
        return body.apply(ctx);
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
