package showdown.harness.results;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * A case not run because the target does not serve its protocol: the plan left it out because the
 * target does not declare it (schema 1.3), or the run did because the target's build could not
 * provide it here (schema 2, {@code reason}). The reports show it as "not offered", which is neither
 * a failure nor an error.
 *
 * @param rate   "" for the closed model, else as {@link CaseIdentity#rateId} names it
 * @param reason null when the target does not declare the protocol; else why it is unavailable here,
 *               {@code h3 unavailable here: <the build's line>}
 */
public record NotOfferedCase(String target, String scenario, String request, String protocol, String rate,
                             int connections, @JsonInclude(JsonInclude.Include.NON_NULL) String reason) {
    public NotOfferedCase {
        rate = rate == null ? "" : rate;
    }

    /** A case whose protocol the target does not declare. */
    public NotOfferedCase(String target, String scenario, String request, String protocol, String rate, int connections) {
        this(target, scenario, request, protocol, rate, connections, null);
    }
}
