package showdown.harness.results;

/**
 * A case the plan left out because the target does not declare its protocol (schema 1.3): the
 * reports show it as "not offered", which is neither a failure nor an error.
 *
 * @param rate "" for the closed model, else as {@link CaseIdentity#rateId} names it
 */
public record NotOfferedCase(String target, String scenario, String request, String protocol, String rate,
                             int connections) {
    public NotOfferedCase {
        rate = rate == null ? "" : rate;
    }
}
