package showdown.harness.verify;

/**
 * One row of the verify table.
 *
 * @param scenario the scenario the check belongs to ({@code http} for the protocol checks)
 * @param check    what was checked, e.g. {@code GET /echo/hello-world}
 * @param detail   one line on what was wrong (or noteworthy), "" on a plain pass
 * @param trace    the request and response as on the wire for a FAIL or WARN, "" otherwise
 */
public record CheckResult(String scenario, String check, Outcome outcome, String detail, String trace) {

    public static CheckResult pass(String scenario, String check, String detail) {
        return new CheckResult(scenario, check, Outcome.PASS, detail, "");
    }

    public static CheckResult skip(String scenario, String check, String reason) {
        return new CheckResult(scenario, check, Outcome.SKIP, reason, "");
    }

    public static CheckResult fail(String scenario, String check, String detail, String trace) {
        return new CheckResult(scenario, check, Outcome.FAIL, detail, trace);
    }
}
