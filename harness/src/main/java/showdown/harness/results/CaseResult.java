package showdown.harness.results;

import com.fasterxml.jackson.annotation.JsonFormat;
import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import showdown.load.LoadResult;

/**
 * One measured case: one request of one scenario, against one target, at one load level, in one
 * repetition. Units are in the field names or documented below; {@code docs/results-schema.md} is the
 * reference.
 *
 * @param target            the target's name
 * @param scenario          the scenario's name
 * @param request           the request label, "METHOD /path" as the scenario names it
 * @param method            the HTTP method sent
 * @param path              the path sent (with a concrete parameter, e.g. /echo/plain/hello)
 * @param connections       concurrent connections
 * @param threads           load generator threads
 * @param pipeline          requests in flight per connection (1: no pipelining)
 * @param repetition        which repetition, from 0
 * @param durationSeconds   the measured window, in seconds
 * @param requests          complete responses in the window, any status
 * @param requestsPerSecond requests / durationSeconds
 * @param bytesRead         bytes read from sockets in the window (headers and bodies)
 * @param latency           latency statistics, in microseconds
 * @param spectrum          a compact latency percentile spectrum, in microseconds
 * @param errors            errors by kind
 * @param statusCounts      complete responses by HTTP status code
 * @param server            the server's CPU and memory in the window
 * @param generator         the load generator's CPU in the window
 * @param finishedAt        when the case finished, ISO-8601 UTC
 * @param samples           the window's slices, in order (schema 1.1; empty in older files)
 * @param uncertainty       confidence intervals drawn from the samples; null when there were too few
 * @param interference      what other processes used on the measured CPUs; null when not measured
 * @param notes             what a reader must know before trusting the figures (schema 1.1)
 * @param protocol          how the load engine spoke to the target: h1, h2c, h1-tls, h2-tls, h3 (schema 1.3)
 * @param rate              the open model's rate, requests per second; null for the closed model (schema 1.3)
 * @param rateOfCapacityPercent when that rate was a share of the capacity measured just before, the
 *                          share in per cent; else null (schema 1.3)
 * @param hosts             *1.6*: where the case ran in a multi-host run; null (absent) in a local run
 * @param pacing            *1.7*: the open model's pacing error and the requests that waited for a
 *                          connection; null (absent) in the closed model
 * @param sustainable       *1.8*: a search case's sustainable throughput under a latency target
 *                          (docs/capacity.md); *2*: a list, one record per latency target searched,
 *                          in the profile's order (a 1.8 file's one object reads as a list of one);
 *                          empty (absent) in every other case
 * @param connectionSetup   *2*: the connections set up in the window, with TLS's and QUIC's part; null
 *                          (absent) in files written before
 */
public record CaseResult(
        String target,
        String scenario,
        String request,
        String method,
        String path,
        int connections,
        int threads,
        int pipeline,
        int repetition,
        double durationSeconds,
        long requests,
        double requestsPerSecond,
        long bytesRead,
        Latency latency,
        List<PercentilePoint> spectrum,
        Errors errors,
        SortedMap<Integer, Long> statusCounts,
        ServerMetrics server,
        GeneratorMetrics generator,
        String finishedAt,
        List<CaseSample> samples,
        Uncertainty uncertainty,
        Interference interference,
        List<CaseNote> notes,
        String protocol,
        Double rate,
        Double rateOfCapacityPercent,
        CaseHosts hosts,
        Pacing pacing,
        @JsonInclude(JsonInclude.Include.NON_EMPTY)
        @JsonFormat(with = JsonFormat.Feature.ACCEPT_SINGLE_VALUE_AS_ARRAY)
        List<SustainableThroughput> sustainable,
        ConnectionSetup connectionSetup) {

    public CaseResult {
        protocol = protocol == null || protocol.isEmpty() ? CaseIdentity.H1 : protocol;
        spectrum = spectrum == null ? List.of() : List.copyOf(spectrum);
        statusCounts = statusCounts == null ? new TreeMap<>() : new TreeMap<>(statusCounts);
        latency = latency == null ? Latency.NONE : latency;
        errors = errors == null ? Errors.NONE : errors;
        server = server == null ? ServerMetrics.UNMEASURED : server;
        samples = samples == null ? List.of() : List.copyOf(samples);
        notes = notes == null ? List.of() : List.copyOf(notes);
        sustainable = sustainable == null ? List.of() : List.copyOf(sustainable);
    }

    /** True when this is a search case: it carries at least one {@link SustainableThroughput}. */
    @JsonIgnore
    public boolean searched() {
        return !sustainable.isEmpty();
    }

    /** True when interference detection marked this case as disturbed. */
    @JsonIgnore
    public boolean disturbed() {
        return interference != null && interference.disturbed();
    }

    /** This case with other notes (they replace the ones it had). */
    public CaseResult withNotes(List<CaseNote> newNotes) {
        return new CaseResult(target, scenario, request, method, path, connections, threads, pipeline, repetition,
                durationSeconds, requests, requestsPerSecond, bytesRead, latency, spectrum, errors, statusCounts, server,
                generator, finishedAt, samples, uncertainty, interference, newNotes, protocol, rate, rateOfCapacityPercent, hosts, pacing, sustainable, connectionSetup);
    }

    /** This case with another interference reading. */
    public CaseResult withInterference(Interference newInterference) {
        return new CaseResult(target, scenario, request, method, path, connections, threads, pipeline, repetition,
                durationSeconds, requests, requestsPerSecond, bytesRead, latency, spectrum, errors, statusCounts, server,
                generator, finishedAt, samples, uncertainty, newInterference, notes, protocol, rate, rateOfCapacityPercent, hosts, pacing, sustainable, connectionSetup);
    }

    @JsonIgnore
    public CaseIdentity identity() {
        return new CaseIdentity(target, scenario, request, connections, repetition, protocol, rateId());
    }

    /** The rate as identities name it: "" for the closed model, "2000/s", "25%". */
    @JsonIgnore
    public String rateId() {
        return CaseIdentity.rateId(rate == null ? 0 : rate, rateOfCapacityPercent == null ? 0 : rateOfCapacityPercent);
    }

    /**
     * Builds a case from what the load engine measured, plus the server's and the generator's usage.
     * The method, path, threads and pipeline come from the load spec; the first URL's path is the one
     * recorded.
     */
    public static CaseResult from(CaseIdentity id, LoadResult load, ServerMetrics server, GeneratorMetrics generator) {
        var spec = load.spec();
        String path = spec.urls().isEmpty() ? "/" : pathOf(spec.urls().get(0));
        return builder()
                .identity(id)
                .method(spec.method())
                .path(path)
                .threads(spec.threads())
                .pipeline(spec.pipelineDepth())
                .durationSeconds(load.durationSeconds())
                .requests(load.requests())
                .requestsPerSecond(load.requestsPerSecond())
                .bytesRead(load.bytesRead())
                .latency(Latency.fromNanos(load.latency()))
                .spectrum(PercentilePoint.spectrumFromNanos(load.latency()))
                .errors(Errors.from(load.errors()))
                .statusCounts(load.statusCounts())
                .server(server == null ? ServerMetrics.UNMEASURED : server.perRequest(load.requests()))
                .generator(generator)
                .pacing(Pacing.of(load.pacing()))
                .connectionSetup(ConnectionSetup.of(load.connections()))
                .finishedAt(Instant.now())
                .build();
    }

    private static String pathOf(java.net.URI uri) {
        String p = uri.getRawPath() == null || uri.getRawPath().isEmpty() ? "/" : uri.getRawPath();
        return uri.getRawQuery() == null ? p : p + "?" + uri.getRawQuery();
    }

    public static Builder builder() {
        return new Builder();
    }

    /** Field by field construction, for the run harness and for tests. */
    public static final class Builder {
        private String target;
        private String scenario;
        private String request;
        private String method = "GET";
        private String path = "/";
        private int connections = 1;
        private int threads = 1;
        private int pipeline = 1;
        private int repetition;
        private double durationSeconds;
        private long requests;
        private Double requestsPerSecond;
        private long bytesRead;
        private Latency latency = Latency.NONE;
        private List<PercentilePoint> spectrum = List.of();
        private Errors errors = Errors.NONE;
        private SortedMap<Integer, Long> statusCounts = new TreeMap<>();
        private ServerMetrics server = ServerMetrics.UNMEASURED;
        private GeneratorMetrics generator;
        private String finishedAt;
        private List<CaseSample> samples = List.of();
        private Uncertainty uncertainty;
        private Interference interference;
        private List<CaseNote> notes = List.of();
        private String protocol = CaseIdentity.H1;
        private Double rate;
        private Double rateOfCapacityPercent;
        private CaseHosts hosts;
        private Pacing pacing;
        private List<SustainableThroughput> sustainable;
        private ConnectionSetup connectionSetup;

        /** Every field of {@code c}, to change some. */
        public Builder from(CaseResult c) {
            target = c.target; scenario = c.scenario; request = c.request; method = c.method; path = c.path;
            connections = c.connections; threads = c.threads; pipeline = c.pipeline; repetition = c.repetition;
            durationSeconds = c.durationSeconds; requests = c.requests; requestsPerSecond = c.requestsPerSecond;
            bytesRead = c.bytesRead; latency = c.latency; spectrum = c.spectrum; errors = c.errors;
            statusCounts = c.statusCounts; server = c.server; generator = c.generator; finishedAt = c.finishedAt;
            samples = c.samples; uncertainty = c.uncertainty; interference = c.interference; notes = c.notes;
            protocol = c.protocol; rate = c.rate; rateOfCapacityPercent = c.rateOfCapacityPercent; hosts = c.hosts;
            pacing = c.pacing; sustainable = c.sustainable; connectionSetup = c.connectionSetup;
            return this;
        }

        public Builder identity(CaseIdentity id) {
            return target(id.target()).scenario(id.scenario()).request(id.request()).connections(id.connections())
                    .repetition(id.repetition()).protocol(id.protocol());
        }

        public Builder target(String v) { target = v; return this; }
        public Builder scenario(String v) { scenario = v; return this; }
        public Builder request(String v) { request = v; return this; }
        public Builder method(String v) { method = v; return this; }
        public Builder path(String v) { path = v; return this; }
        public Builder connections(int v) { connections = v; return this; }
        public Builder threads(int v) { threads = v; return this; }
        public Builder pipeline(int v) { pipeline = v; return this; }
        public Builder repetition(int v) { repetition = v; return this; }
        public Builder durationSeconds(double v) { durationSeconds = v; return this; }
        public Builder requests(long v) { requests = v; return this; }
        /** Optional: when not set, it is requests / durationSeconds. */
        public Builder requestsPerSecond(double v) { requestsPerSecond = v; return this; }
        public Builder bytesRead(long v) { bytesRead = v; return this; }
        public Builder latency(Latency v) { latency = v; return this; }
        public Builder spectrum(List<PercentilePoint> v) { spectrum = v; return this; }
        public Builder errors(Errors v) { errors = v; return this; }
        public Builder statusCounts(Map<Integer, Long> v) { statusCounts = new TreeMap<>(v); return this; }
        public Builder server(ServerMetrics v) { server = v; return this; }
        public Builder generator(GeneratorMetrics v) { generator = v; return this; }
        public Builder finishedAt(Instant v) { finishedAt = v == null ? null : v.toString(); return this; }
        public Builder samples(List<CaseSample> v) { samples = v; return this; }
        public Builder uncertainty(Uncertainty v) { uncertainty = v; return this; }
        public Builder interference(Interference v) { interference = v; return this; }
        public Builder notes(List<CaseNote> v) { notes = v; return this; }
        public Builder protocol(String v) { protocol = v; return this; }
        /** The open model's rate in requests per second, and the share of capacity it was (null: absolute). */
        public Builder rate(Double perSecond, Double percentOfCapacity) {
            rate = perSecond; rateOfCapacityPercent = percentOfCapacity; return this;
        }

        /** *1.6*: where a multi-host case ran; null for a local case. */
        public Builder hosts(CaseHosts v) { hosts = v; return this; }

        /** The open model's pacing; null in the closed model. */
        public Builder pacing(Pacing v) { pacing = v; return this; }

        /** *1.8*: what a search case found, one record per latency target; empty in every other case. */
        public Builder sustainable(List<SustainableThroughput> v) { sustainable = v; return this; }

        /** *2*: the connections set up in the window; null when not known. */
        public Builder connectionSetup(ConnectionSetup v) { connectionSetup = v; return this; }

        public CaseResult build() {
            if (target == null || scenario == null || request == null) {
                throw new IllegalStateException("a case needs a target, a scenario and a request label");
            }
            double rps = requestsPerSecond != null ? requestsPerSecond
                    : durationSeconds > 0 ? requests / durationSeconds : 0;
            String finished = finishedAt != null ? finishedAt : Instant.now().toString();
            return new CaseResult(target, scenario, request, method, path, connections, threads, pipeline, repetition,
                    durationSeconds, requests, rps, bytesRead, latency, spectrum, errors, statusCounts, server,
                    generator, finished, samples, uncertainty, interference, notes, protocol, rate, rateOfCapacityPercent, hosts, pacing, sustainable, connectionSetup);
        }
    }
}
