package showdown.load;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.OutputStream;
import java.util.Locale;
import java.util.Map;
import org.HdrHistogram.Histogram;

/**
 * Writes a {@link LoadResult} as JSON, schema {@value #SCHEMA} (documented in docs/load.md).
 * Latencies are in microseconds, sizes in bytes, durations in seconds.
 */
public final class LoadResultJson {

    public static final String SCHEMA = "showdown.load/1";

    private static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private LoadResultJson() {
    }

    public static void write(LoadResult r, OutputStream out) throws IOException {
        MAPPER.writeValue(out, toTree(r));
    }

    public static ObjectNode toTree(LoadResult r) {
        ObjectNode root = MAPPER.createObjectNode();
        root.put("schema", SCHEMA);
        root.set("spec", spec(r.spec(), r.transport()));
        root.put("durationSeconds", r.durationSeconds());
        root.put("requests", r.requests());
        root.put("requestsPerSecond", r.requestsPerSecond());
        root.put("bytesRead", r.bytesRead());
        root.put("bytesWritten", r.bytesWritten());
        root.put("bytesReadPerSecond", r.bytesReadPerSecond());
        root.set("latencyMicros", latency(r.latency()));
        root.set("uncorrectedLatencyMicros", r.uncorrectedLatency() == null ? null : latency(r.uncorrectedLatency()));
        LatencyStats rate = LatencyStats.of(r.threadRequestsPerSecond());
        ObjectNode threadRate = root.putObject("threadRequestsPerSecond");
        threadRate.put("mean", rate.mean());
        threadRate.put("stdev", rate.stdev());
        threadRate.put("max", rate.max());
        threadRate.put("withinStdevPercent", rate.withinStdevPercent());
        ErrorCounts e = r.errors();
        ObjectNode errors = root.putObject("errors");
        errors.put("connect", e.connect());
        errors.put("read", e.read());
        errors.put("write", e.write());
        errors.put("timeout", e.timeout());
        errors.put("status", e.status());
        errors.put("protocol", e.protocol());
        root.put("reconnects", r.reconnects());
        ObjectNode statuses = root.putObject("statusCounts");
        for (Map.Entry<Integer, Long> s : r.statusCounts().entrySet()) {
            statuses.put(String.valueOf(s.getKey()), s.getValue());
        }
        root.put("generatorCpuSeconds", r.generatorCpuNanos() / 1e9);
        root.put("generatorCpuMicrosPerRequest", r.generatorCpuMicrosPerRequest());
        root.put("generatorCpusUsed", r.generatorCpusUsed());
        root.put("generatorCpus", r.generatorCpus());
        root.put("busiestLoopCpuShare", r.busiestLoopCpuShare());
        root.put("generatorSaturated", r.generatorSaturated());
        return root;
    }

    private static ObjectNode spec(LoadSpec s, Transport transport) {
        ObjectNode n = MAPPER.createObjectNode();
        ArrayNode urls = n.putArray("urls");
        s.urls().forEach(u -> urls.add(u.toString()));
        n.put("method", s.method());
        ArrayNode headers = n.putArray("headers");
        s.headers().forEach(h -> headers.add(h.name() + ": " + h.value()));
        n.put("bodyBytes", s.body() == null ? 0 : s.body().length);
        n.put("connections", s.connections());
        n.put("threads", s.threads());
        if (s.duration() == null) {
            n.putNull("durationSeconds");
        } else {
            n.put("durationSeconds", s.duration().toMillis() / 1e3);
        }
        n.put("requestLimit", s.requests());
        n.put("pipeline", s.pipeline());
        n.put("timeoutSeconds", s.timeout().toMillis() / 1e3);
        n.put("warmupSeconds", s.warmup().toMillis() / 1e3);
        n.put("ratePerSecond", s.ratePerSecond());
        n.put("transport", transport.name().toLowerCase(Locale.ROOT));
        return n;
    }

    private static ObjectNode latency(Histogram h) {
        ObjectNode n = MAPPER.createObjectNode();
        LatencyStats s = LatencyStats.of(h);
        n.put("count", s.count());
        n.put("mean", s.mean() / 1e3);
        n.put("stdev", s.stdev() / 1e3);
        n.put("min", h.getTotalCount() == 0 ? 0 : h.getMinValue() / 1e3);
        n.put("max", s.max() / 1e3);
        n.put("withinStdevPercent", s.withinStdevPercent());
        ObjectNode p = n.putObject("percentiles");
        for (double q : WrkReport.PERCENTILES) {
            p.put(q == Math.rint(q) ? String.valueOf((long) q) : String.valueOf(q), h.getValueAtPercentile(q) / 1e3);
        }
        p.put("100", s.max() / 1e3);
        return n;
    }
}
