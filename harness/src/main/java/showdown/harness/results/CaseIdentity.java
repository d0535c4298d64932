package showdown.harness.results;

/**
 * What makes a measured case unique within a run: one request of one scenario against one target at
 * one load level, in one repetition. {@code --resume} skips identities already in the journal.
 *
 * @param target      the target's name
 * @param scenario    the scenario's name (spock-scotty, mist, phoenix-showdown, techempower)
 * @param request     the request label, method and path as the scenario names it ("GET /echo/hello-world")
 * @param connections concurrent connections
 * @param repetition  which repetition, from 0
 */
public record CaseIdentity(String target, String scenario, String request, int connections, int repetition) {

    /** The same case regardless of repetition: what medians and spreads are taken over. */
    public CaseIdentity withoutRepetition() {
        return new CaseIdentity(target, scenario, request, connections, 0);
    }

    @Override
    public String toString() {
        return target + " " + scenario + " '" + request + "' c=" + connections + " #" + repetition;
    }
}
