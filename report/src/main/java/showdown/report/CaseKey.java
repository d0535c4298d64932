package showdown.report;

import showdown.harness.results.CaseIdentity;
import showdown.harness.results.CaseResult;
import showdown.harness.results.NotOfferedCase;

/**
 * A case without its repetition: repetitions of the same key are summarised together, and two runs
 * are compared key by key.
 *
 * <p>{@code request} is the row a case belongs to in the reports: the request label, followed by
 * its protocol and rate when they are not the default (HTTP/1.1, closed model), e.g.
 * {@code GET /plaintext over h2-tls} or {@code GET / over h1-tls at 25 % of capacity}. So the
 * same request over two protocols is two rows, and two runs compare protocol by protocol.
 */
public record CaseKey(String target, String scenario, String request, int connections) {

    public static CaseKey of(CaseResult c) {
        return new CaseKey(c.target(), c.scenario(), row(c.request(), c.protocol(), c.rateId()), c.connections());
    }

    public static CaseKey of(NotOfferedCase n) {
        return new CaseKey(n.target(), n.scenario(), row(n.request(), n.protocol(), n.rate()), n.connections());
    }

    /** The row label of a request over a protocol at a rate (an id of {@link CaseIdentity#rateId}). */
    static String row(String request, String protocol, String rate) {
        String over = protocol == null || protocol.equals(CaseIdentity.H1) ? "" : " over " + protocol;
        return request + over + rateText(rate);
    }

    private static String rateText(String rate) {
        if (rate == null || rate.isEmpty()) {
            return "";
        }
        return rate.endsWith("%") ? " at " + rate.substring(0, rate.length() - 1) + " % of capacity"
                : " at " + rate.substring(0, rate.length() - 2) + " req/s";
    }
}
