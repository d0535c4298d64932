package showdown.harness.plan;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Locale;

/**
 * How fast a case sends: the closed model (each connection sends its next request when the last
 * one is answered, as fast as the server goes), or the open model at a fixed rate (wrk2's
 * {@code -R}: requests are due on a schedule and latency counts from when each was due, so a
 * server that falls behind is charged for the queue it builds). A profile writes a rate in
 * requests per second ({@code rate: 2000}) or as a share of the capacity just measured for the
 * same request ({@code rate: 25%}; see the latency profile in docs/run.md).
 *
 * @param perSecond         requests per second; 0 unless the rate is absolute
 * @param percentOfCapacity per cent of the measured capacity; 0 unless the rate is relative
 */
public record Rate(double perSecond, double percentOfCapacity) {

    /** The closed model. */
    public static final Rate CLOSED = new Rate(0, 0);

    public Rate {
        if (perSecond < 0 || percentOfCapacity < 0 || (perSecond > 0 && percentOfCapacity > 0)) {
            throw new IllegalArgumentException("a rate is per second or a share of capacity, not both");
        }
    }

    public static Rate perSecond(double r) {
        return new Rate(r, 0);
    }

    public static Rate ofCapacity(double percent) {
        return new Rate(0, percent);
    }

    public boolean closed() {
        return perSecond == 0 && percentOfCapacity == 0;
    }

    /** True for {@code rate: N%}: the rate is known only once the capacity has been measured. */
    public boolean relative() {
        return percentOfCapacity > 0;
    }

    /** The requests per second to send once {@code capacity} (req/s of the closed-model case) is known. */
    public double resolve(double capacity) {
        return relative() ? Math.max(1, Math.round(capacity * percentOfCapacity / 100.0)) : perSecond;
    }

    /**
     * How identities and results name it: {@code ""} for the closed model, {@code "2000/s"},
     * {@code "25%"}. Stable across a resume (a relative rate is named by its share, not the number it
     * resolved to).
     */
    public String id() {
        return showdown.harness.results.CaseIdentity.rateId(perSecond, percentOfCapacity);
    }

    /** How progress lines and tables name it: {@code ""}, {@code "at 2000 req/s"}, {@code "at 25 % of capacity"}. */
    public String describe() {
        if (closed()) {
            return "";
        }
        return relative() ? "at " + number(percentOfCapacity) + " % of capacity" : "at " + number(perSecond) + " req/s";
    }

    /** Reads {@code rate:}: absent is the closed model; a positive number, or a per cent above 0 and at most 100. */
    static Rate parse(YamlFields f, JsonNode level, String where) {
        JsonNode v = level.get("rate");
        if (v == null || v.isNull()) {
            return CLOSED;
        }
        String text = v.asText().trim();
        try {
            if (text.endsWith("%")) {
                double p = Double.parseDouble(text.substring(0, text.length() - 1).trim());
                if (p > 0 && p <= 100) {
                    return ofCapacity(p);
                }
            } else {
                double r = Double.parseDouble(text);
                if (r > 0 && Double.isFinite(r)) {
                    return perSecond(r);
                }
            }
        } catch (NumberFormatException e) {
            // said below
        }
        throw new PlanException(f.where(where) + " rate must be requests per second (e.g. 2000) or a share of the"
                + " measured capacity (e.g. 25%), not '" + text + "'");
    }

    private static String number(double d) {
        return d == Math.rint(d) ? Long.toString((long) d) : String.format(Locale.ROOT, "%s", d);
    }

    @Override
    public String toString() {
        return closed() ? "closed" : id();
    }
}
