package showdown.load.output;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.io.OutputStream;
import java.net.URI;
import java.util.Locale;
import java.util.Map;
import org.HdrHistogram.Histogram;
import showdown.load.ErrorCounts;
import showdown.load.ConnectionStats;
import showdown.load.Header;
import showdown.load.Arrival;
import showdown.load.PacingSummary;
import showdown.load.QuicSummary;
import showdown.load.TlsSummary;
import showdown.load.LoadResult;
import showdown.load.LoadSpec;
import showdown.load.Transport;
import showdown.load.WarmupSummary;
import showdown.load.stats.LatencyStats;
import showdown.load.stats.TimerSlackSetting;

/**
 * Writes a {@link LoadResult} as JSON, schema {@value #SCHEMA} (documented in docs/load.md).
 * Latencies are in microseconds, sizes in bytes, durations in seconds.
 *
 * <p>It streams through Jackson's generator rather than building a tree with an ObjectMapper: the
 * mapper's set-up costs a tenth of a CPU-second, which a load run would pay on the generator's CPU.
 */
public final class LoadResultJson {

    public static final String SCHEMA = "showdown.load/1";

    private static final JsonFactory FACTORY = new JsonFactory();

    private LoadResultJson() {
    }

    /** Writes {@code r}, indented, and closes {@code out}. */
    public static void write(LoadResult r, OutputStream out) throws IOException {
        try (JsonGenerator g = FACTORY.createGenerator(out)) {
            g.useDefaultPrettyPrinter();
            g.writeStartObject();
            g.writeStringField("schema", SCHEMA);
            g.writeFieldName("spec");
            spec(g, r.spec(), r.transport());
            warmup(g, r.warmup());
            g.writeNumberField("durationSeconds", r.durationSeconds());
            g.writeNumberField("requests", r.requests());
            g.writeNumberField("requestsPerSecond", r.requestsPerSecond());
            g.writeNumberField("bytesRead", r.bytesRead());
            g.writeNumberField("bytesWritten", r.bytesWritten());
            g.writeNumberField("bytesReadPerSecond", r.bytesReadPerSecond());
            g.writeFieldName("latencyMicros");
            latency(g, r.latency());
            g.writeFieldName("uncorrectedLatencyMicros");
            if (r.uncorrectedLatency() == null) {
                g.writeNull();
            } else {
                latency(g, r.uncorrectedLatency());
            }
            pacing(g, r.pacing());
            LatencyStats rate = LatencyStats.of(r.threadRequestsPerSecond());
            g.writeObjectFieldStart("threadRequestsPerSecond");
            g.writeNumberField("mean", rate.mean());
            g.writeNumberField("stdev", rate.stdev());
            g.writeNumberField("max", rate.max());
            g.writeNumberField("withinStdevPercent", rate.withinStdevPercent());
            g.writeEndObject();
            ErrorCounts e = r.errors();
            g.writeObjectFieldStart("errors");
            g.writeNumberField("connect", e.connect());
            g.writeNumberField("read", e.read());
            g.writeNumberField("write", e.write());
            g.writeNumberField("timeout", e.timeout());
            g.writeNumberField("status", e.status());
            g.writeNumberField("protocol", e.protocol());
            g.writeEndObject();
            g.writeNumberField("reconnects", r.reconnects());
            g.writeObjectFieldStart("statusCounts");
            for (Map.Entry<Integer, Long> s : r.statusCounts().entrySet()) {
                g.writeNumberField(String.valueOf(s.getKey()), s.getValue());
            }
            g.writeEndObject();
            g.writeNumberField("generatorCpuSeconds", r.generatorCpuNanos() / 1e9);
            g.writeNumberField("generatorCpuMicrosPerRequest", r.generatorCpuMicrosPerRequest());
            g.writeNumberField("generatorCpusUsed", r.generatorCpusUsed());
            g.writeNumberField("generatorCpus", r.generatorCpus());
            g.writeNumberField("busiestLoopCpuShare", r.busiestLoopCpuShare());
            g.writeBooleanField("generatorSaturated", r.generatorSaturated());
            connections(g, r);
            g.writeEndObject();
        }
    }

    private static void spec(JsonGenerator g, LoadSpec s, Transport transport) throws IOException {
        g.writeStartObject();
        g.writeArrayFieldStart("urls");
        for (URI u : s.urls()) {
            g.writeString(u.toString());
        }
        g.writeEndArray();
        g.writeStringField("method", s.method());
        g.writeArrayFieldStart("headers");
        for (Header h : s.headers()) {
            g.writeString(h.name() + ": " + h.value());
        }
        g.writeEndArray();
        g.writeNumberField("bodyBytes", s.body() == null ? 0 : s.body().length);
        g.writeNumberField("connections", s.connections());
        g.writeNumberField("threads", s.threads());
        if (s.duration() == null) {
            g.writeNullField("durationSeconds");
        } else {
            g.writeNumberField("durationSeconds", s.duration().toMillis() / 1e3);
        }
        g.writeNumberField("requestLimit", s.requests());
        g.writeNumberField("pipeline", s.pipelineDepth());
        g.writeStringField("protocol", s.http3() ? "h3" : s.http2() ? (s.secure() ? "h2" : "h2c") : "http/1.1");
        g.writeBooleanField("tls", s.secure());
        g.writeBooleanField("keepAlive", s.keepAlive());
        g.writeBooleanField("tlsResume", s.secure() && s.tls().resume());
        g.writeBooleanField("earlyData", s.earlyData());
        g.writeNumberField("timeoutSeconds", s.timeout().toMillis() / 1e3);
        g.writeNumberField("warmupSeconds", s.warmup().toMillis() / 1e3);
        g.writeNumberField("ratePerSecond", s.ratePerSecond());
        g.writeStringField("arrival", s.arrival().id());
        if (s.arrival().process() == Arrival.Process.POISSON) {
            g.writeNumberField("arrivalSeed", s.arrival().seed());
        }
        g.writeStringField("transport", transport.name().toLowerCase(Locale.ROOT));
        g.writeNumberField("busyPollMicros", s.busyPollMicros());
        g.writeStringField("spinLead", s.spinLead().id());
        g.writeEndObject();
    }

    /**
     * The unrecorded load before the window: what ended it ({@code until}: none, fixed, or
     * compiler-quiet), how long it ran, and, judged by the compilers, whether they were quiet
     * ({@code steady}; null when nothing was judged).
     */
    private static void warmup(JsonGenerator g, WarmupSummary w) throws IOException {
        g.writeObjectFieldStart("warmup");
        g.writeStringField("until", w.until().name().toLowerCase(Locale.ROOT).replace('_', '-'));
        g.writeNumberField("seconds", w.seconds());
        if (w.steady() == null) {
            g.writeNullField("steady");
        } else {
            g.writeBooleanField("steady", w.steady());
        }
        g.writeEndObject();
    }

    /**
     * The open model's pacing ({@code null} in the closed model): the pacing error's distribution
     * ({@code latenessMicros}), the requests that waited for a connection ({@code blocked}), how
     * long ({@code waitedMicros}), those still waiting at the end ({@code unsent}), and the pacing
     * loops' {@code timerSlack}: {@code nanos} (null when not lowered) and {@code notLowered} (why
     * not; null when lowered), or null when not known.
     */
    private static void pacing(JsonGenerator g, PacingSummary p) throws IOException {
        if (p == null) {
            g.writeNullField("pacing");
            return;
        }
        g.writeObjectFieldStart("pacing");
        g.writeFieldName("latenessMicros");
        latency(g, p.lateness());
        g.writeNumberField("blocked", p.blocked());
        g.writeFieldName("waitedMicros");
        latency(g, p.waited());
        g.writeNumberField("unsent", p.unsent());
        TimerSlackSetting slack = p.timerSlack();
        if (slack == null) {
            g.writeNullField("timerSlack");
        } else {
            g.writeObjectFieldStart("timerSlack");
            if (slack.wasLowered()) {
                g.writeNumberField("nanos", slack.nanos());
            } else {
                g.writeNullField("nanos");
            }
            g.writeStringField("notLowered", slack.notLoweredBecause());
            g.writeEndObject();
        }
        g.writeEndObject();
    }

    /**
     * The window's sockets and, on https, TLS: {@code connections}, {@code tls} (null for http) and
     * {@code quic} (null unless HTTP/3).
     */
    private static void connections(JsonGenerator g, LoadResult r) throws IOException {
        ConnectionStats c = r.connections();
        g.writeObjectFieldStart("connections");
        g.writeNumberField("opened", c.opened());
        g.writeNumberField("perSecond", r.connectionsPerSecond());
        g.writeFieldName("setupLatency");
        latency(g, c.setupLatency());
        g.writeEndObject();
        QuicSummary q = c.quic();
        if (q == null) {
            g.writeNullField("quic");
        } else {
            g.writeObjectFieldStart("quic");
            g.writeNumberField("noAnswer", q.noAnswer());
            g.writeNumberField("streamResets", q.streamResets());
            g.writeObjectFieldStart("closes");
            for (Map.Entry<String, Long> e : q.closes().entrySet()) {
                g.writeNumberField(e.getKey(), e.getValue());
            }
            g.writeEndObject();
            g.writeObjectFieldStart("earlyData");
            g.writeNumberField("sent", q.earlyData().sent());
            g.writeNumberField("accepted", q.earlyData().accepted());
            g.writeNumberField("rejected", q.earlyData().rejected());
            g.writeEndObject();
            g.writeEndObject();
        }
        TlsSummary t = c.tls();
        if (t == null) {
            g.writeNullField("tls");
            return;
        }
        g.writeObjectFieldStart("tls");
        g.writeStringField("engine", t.engine());
        g.writeStringField("version", t.version());
        g.writeStringField("cipher", t.cipher());
        g.writeStringField("alpn", t.applicationProtocol());
        g.writeNumberField("handshakes", t.handshakes());
        if (t.resumed() < 0) {
            g.writeNullField("resumed");
            g.writeNullField("resumedShare");
        } else {
            g.writeNumberField("resumed", t.resumed());
            g.writeNumberField("resumedShare", Math.max(0, t.resumedShare()));
        }
        g.writeObjectFieldStart("failures");
        g.writeNumberField("handshake", t.handshakeFailures());
        g.writeNumberField("certificate", t.certificateFailures());
        g.writeNumberField("notTls", t.notTlsFailures());
        g.writeEndObject();
        g.writeEndObject();
    }

    private static void latency(JsonGenerator g, Histogram h) throws IOException {
        LatencyStats s = LatencyStats.of(h);
        g.writeStartObject();
        g.writeNumberField("count", s.count());
        g.writeNumberField("mean", s.mean() / 1e3);
        g.writeNumberField("stdev", s.stdev() / 1e3);
        g.writeNumberField("min", h.getTotalCount() == 0 ? 0 : h.getMinValue() / 1e3);
        g.writeNumberField("max", s.max() / 1e3);
        g.writeNumberField("withinStdevPercent", s.withinStdevPercent());
        g.writeObjectFieldStart("percentiles");
        for (double q : WrkReport.PERCENTILES) {
            g.writeNumberField(q == Math.rint(q) ? String.valueOf((long) q) : String.valueOf(q), h.getValueAtPercentile(q) / 1e3);
        }
        g.writeNumberField("100", s.max() / 1e3);
        g.writeEndObject();
        g.writeEndObject();
    }
}
