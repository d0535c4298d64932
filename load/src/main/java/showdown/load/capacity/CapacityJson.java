package showdown.load.capacity;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.io.OutputStream;

/**
 * Writes a {@link CapacityResult} as JSON, schema {@value #SCHEMA} (documented in docs/capacity.md):
 * the answer, what limited it, and every step. Rates in requests per second, latencies in
 * microseconds.
 */
public final class CapacityJson {

    public static final String SCHEMA = "showdown.capacity/1";

    private static final JsonFactory FACTORY = new JsonFactory();

    private CapacityJson() {
    }

    /** Writes {@code r}, indented, and closes {@code out}. */
    public static void write(CapacityResult r, OutputStream out) throws IOException {
        try (JsonGenerator g = FACTORY.createGenerator(out)) {
            g.useDefaultPrettyPrinter();
            g.writeStartObject();
            g.writeStringField("schema", SCHEMA);
            g.writeObjectFieldStart("target");
            g.writeStringField("quantile", r.target().label());
            g.writeNumberField("percentile", r.target().percentile());
            g.writeNumberField("limitMicros", r.target().limitNanos() / 1e3);
            g.writeEndObject();
            g.writeNumberField("probeRequestsPerSecond", r.probeRate());
            g.writeNumberField("sustainableRequestsPerSecond", r.answerRate());
            g.writeNumberField("heldRequestsPerSecond", r.heldRate());
            rateOrNull(g, "lowestFailedRequestsPerSecond", r.lowestFailedRate());
            g.writeStringField("limit", r.limit().name().toLowerCase(java.util.Locale.ROOT));
            g.writeBooleanField("generatorBound", r.generatorBound());
            g.writeBooleanField("stopped", r.stopped());
            g.writeStringField("answer", CapacityReport.answer(r));
            g.writeArrayFieldStart("steps");
            for (Step s : r.steps()) {
                step(g, s);
            }
            g.writeEndArray();
            g.writeEndObject();
        }
    }

    private static void step(JsonGenerator g, Step s) throws IOException {
        StepMeasurement m = s.measurement();
        g.writeStartObject();
        g.writeNumberField("step", s.number());
        g.writeStringField("phase", s.phase().label());
        g.writeNumberField("attempt", s.attempt());
        g.writeNumberField("rate", m.askedRate());
        g.writeNumberField("connections", m.connections());
        g.writeNumberField("achievedRequestsPerSecond", m.achievedRate());
        g.writeNumberField("requests", m.requests());
        g.writeNumberField("failed", m.failed());
        g.writeNumberField("windowSeconds", m.windowSeconds());
        g.writeNumberField("p50Micros", m.p50Nanos() / 1e3);
        g.writeNumberField("quantileMicros", m.quantileNanos() / 1e3);
        if (m.quantileInterval() == null) {
            g.writeNullField("quantileIntervalMicros");
        } else {
            g.writeArrayFieldStart("quantileIntervalMicros");
            g.writeNumber(m.quantileInterval().lowNanos() / 1e3);
            g.writeNumber(m.quantileInterval().highNanos() / 1e3);
            g.writeEndArray();
        }
        g.writeNumberField("sentQuantileMicros", m.sentQuantileNanos() / 1e3);
        g.writeNumberField("latenessP99Micros", m.latenessP99Nanos() / 1e3);
        g.writeBooleanField("generatorSaturated", m.generatorSaturated());
        g.writeBooleanField("waitedForConnection", m.waitedForConnection());
        if (m.disturbed()) {
            g.writeStringField("disturbance", m.disturbance());
        } else {
            g.writeNullField("disturbance");
        }
        g.writeStringField("verdict", s.verdict().name().toLowerCase(java.util.Locale.ROOT));
        g.writeBooleanField("pointPassed", s.pointPassed());
        g.writeStringField("next", s.next().name().toLowerCase(java.util.Locale.ROOT));
        g.writeEndObject();
    }

    private static void rateOrNull(JsonGenerator g, String field, double rate) throws IOException {
        if (Double.isNaN(rate)) {
            g.writeNullField(field);
        } else {
            g.writeNumberField(field, rate);
        }
    }
}
