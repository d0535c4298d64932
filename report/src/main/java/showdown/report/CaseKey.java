package showdown.report;

import showdown.harness.results.CaseResult;

/**
 * A case without its repetition: repetitions of the same key are summarised together, and two runs
 * are compared key by key.
 */
public record CaseKey(String target, String scenario, String request, int connections) {

    public static CaseKey of(CaseResult c) {
        return new CaseKey(c.target(), c.scenario(), c.request(), c.connections());
    }
}
