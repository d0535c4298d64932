package showdown.harness.results;

import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * Something about a case a reader must know before trusting its figures.
 *
 * @param kind    what kind of thing it is
 * @param message one line, for the reports
 */
public record CaseNote(Kind kind, String message) {

    /** The kinds of note, each with its own rule (docs/reports.md). */
    public enum Kind {
        /** The target's warm-up ended at its time limit before it was steady. */
        @JsonProperty("not-steady") NOT_STEADY,
        /** *1.3*: the server's JIT compilers were busy while the case ran. */
        @JsonProperty("jit-compiling") JIT_COMPILING,
        /** Connections × pipeline against throughput × mean latency (closed model only). */
        @JsonProperty("littles-law") LITTLES_LAW,
        /** Fewer connections were open than asked for. */
        @JsonProperty("connections") CONNECTIONS,
        /** Many requests took about 40 ms: Nagle's algorithm meeting a delayed ACK. */
        @JsonProperty("delayed-ack") DELAYED_ACK,
        /** Requests failed (connect, read, write, timeout, status or protocol). */
        @JsonProperty("errors") ERRORS,
        /** The generator, not the server, probably set the pace. */
        @JsonProperty("generator-saturated") GENERATOR_SATURATED,
        /** Other processes or the hypervisor used the measured CPUs. */
        @JsonProperty("disturbed") DISTURBED,
        /** *1.6*: a load agent was lost mid-case; its share of the load is missing from the figures. */
        @JsonProperty("incomplete") INCOMPLETE,
        /** *1.7*: the generator's pacing error is a notable part of the open model's latency. */
        @JsonProperty("generator-late") GENERATOR_LATE,
        /** *1.7*: open-model requests waited for a free connection. */
        @JsonProperty("connection-bound") CONNECTION_BOUND
    }
}
