package showdown.harness.results;

import java.util.Locale;

/**
 * What makes a measured case unique within a run: one request of one scenario against one target at
 * one load level, over one protocol at one rate, in one repetition. {@code --resume} skips
 * identities already in the journal.
 *
 * @param target      the target's name
 * @param scenario    the scenario's name (spock-scotty, mist, phoenix-showdown, techempower)
 * @param request     the request label, method and path as the scenario names it ("GET /echo/hello-world")
 * @param connections concurrent connections
 * @param repetition  which repetition, from 0
 * @param protocol    h1, h2c, h1-tls, h2-tls or h3 (schema 1.3; h1 before)
 * @param rate        "" for the closed model, else the open model's rate as {@link #rateId} names it
 */
public record CaseIdentity(String target, String scenario, String request, int connections, int repetition,
                           String protocol, String rate) {

    /** The protocol of every case before schema 1.3. */
    public static final String H1 = "h1";

    public CaseIdentity {
        protocol = protocol == null || protocol.isEmpty() ? H1 : protocol;
        rate = rate == null ? "" : rate;
    }

    /** A closed-model case over HTTP/1.1. */
    public CaseIdentity(String target, String scenario, String request, int connections, int repetition) {
        this(target, scenario, request, connections, repetition, H1, "");
    }

    /** The same case regardless of repetition: what medians and spreads are taken over. */
    public CaseIdentity withoutRepetition() {
        return new CaseIdentity(target, scenario, request, connections, 0, protocol, rate);
    }

    /**
     * How a rate is named in identities: {@code ""} for the closed model, {@code "25%"} for a share of
     * the measured capacity (whatever number it resolved to, so a resumed run matches), else
     * {@code "2000/s"}.
     */
    public static String rateId(double perSecond, double percentOfCapacity) {
        if (percentOfCapacity > 0) {
            return number(percentOfCapacity) + "%";
        }
        return perSecond > 0 ? number(perSecond) + "/s" : "";
    }

    private static String number(double d) {
        return d == Math.rint(d) ? Long.toString((long) d) : String.format(Locale.ROOT, "%s", d);
    }

    @Override
    public String toString() {
        return target + " " + scenario + " '" + request + "' c=" + connections
                + (protocol.equals(H1) ? "" : " " + protocol) + (rate.isEmpty() ? "" : " rate " + rate) + " #" + repetition;
    }
}
