package showdown.harness.measure;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.HdrHistogram.Histogram;
import showdown.harness.results.CaseNote;
import showdown.harness.results.Interference;
import showdown.load.ErrorCounts;
import showdown.load.LoadResult;
import showdown.load.PacingSummary;
import showdown.load.Units;

/**
 * The checks that turn a case's raw figures into notes a reader must see before trusting them
 * (docs/reports.md, "Notes"). Each rule is a named constant here, so a reader can check it.
 */
public final class Anomalies {

    /** Little's law holds within this relative gap: in-flight requests = throughput × mean latency. */
    public static final double LITTLES_LAW_TOLERANCE = 0.20;

    /** A delayed ACK holds a segment for about 40 ms on Linux (TCP_DELACK_MIN), at most 200 ms elsewhere. */
    public static final long DELAYED_ACK_LOW_NANOS = 36_000_000L;
    public static final long DELAYED_ACK_HIGH_NANOS = 50_000_000L;

    /** This share of requests near 40 ms marks the delayed-ACK pattern. */
    public static final double DELAYED_ACK_SHARE = 0.20;

    /** Fewer answers than this say too little for the latency-shape rules. */
    public static final long MIN_REQUESTS_FOR_SHAPE = 20;

    /**
     * The JIT compilers busy for this share of one CPU while a case ran mark it: a warm HotSpot's
     * compilers use well under 1 %, one still compiling the case's paths 10-100 %.
     */
    public static final double JIT_COMPILING_SHARE = 0.05;

    private static final double NANOS_PER_SECOND = 1e9;

    private Anomalies() {
    }

    /** What one case's warm-up left it with. */
    public enum WarmState {
        /** Warmed until steady: the JIT quiet, or the throughput settled. */
        STEADY,
        /** The warm-up hit its time limit first. */
        UNSETTLED,
        /** The profile asked for no warm-up. */
        COLD
    }

    /** How much of the planned load a case's figures hold. */
    public enum Coverage {
        /** Every part of the planned load is in the figures. */
        WHOLE,
        /**
         * A load agent was lost mid-case: its share of the connections and requests is missing, so
         * the rules that compare the figures with the whole plan (Little's law, the open
         * connections) would blame the server for the lost agent and are not applied.
         */
        PARTIAL
    }

    /** Every note that applies to a measured case of a server without a JIT, in a fixed order. */
    public static List<CaseNote> notes(LoadResult load, WarmState warm, boolean generatorSaturated,
                                       Interference interference) {
        return notes(load, warm, null, generatorSaturated, interference);
    }

    /**
     * Every note that applies to a measured case, in a fixed order; {@code compileShare} is the
     * share of one CPU the server's JIT compilers used while it ran (null: no JIT).
     */
    public static List<CaseNote> notes(LoadResult load, WarmState warm, Double compileShare, boolean generatorSaturated,
                                       Interference interference) {
        return notes(load, warm, compileShare, generatorSaturated, interference, Coverage.WHOLE);
    }

    /**
     * Every note that applies to a measured case whose figures hold {@code coverage} of the
     * planned load: a {@link Coverage#PARTIAL} case is not judged by the rules that assume the
     * whole load.
     */
    public static List<CaseNote> notes(LoadResult load, WarmState warm, Double compileShare, boolean generatorSaturated,
                                       Interference interference, Coverage coverage) {
        List<CaseNote> notes = new ArrayList<>();
        switch (warm) {
            case UNSETTLED -> notes.add(new CaseNote(CaseNote.Kind.NOT_STEADY,
                    "measured before steady state: the target's warm-up ended at its time limit while its throughput still moved"));
            case COLD -> notes.add(new CaseNote(CaseNote.Kind.NOT_STEADY,
                    "measured cold: the profile asked for no warm-up"));
            case STEADY -> { }
        }
        if (compileShare != null && compileShare >= JIT_COMPILING_SHARE) {
            notes.add(new CaseNote(CaseNote.Kind.JIT_COMPILING, String.format(Locale.ROOT,
                    "the JIT was still compiling while this case ran (%.0f %% of a CPU): the figure may still be rising",
                    compileShare * 100)));
        }
        if (coverage == Coverage.WHOLE) {
            littlesLaw(load).ifPresent(notes::add);
            connections(load).ifPresent(notes::add);
        }
        delayedAck(load.latency()).ifPresent(notes::add);
        errors(load.errors()).ifPresent(notes::add);
        pacing(load).forEach(notes::add);
        if (generatorSaturated) {
            notes.add(new CaseNote(CaseNote.Kind.GENERATOR_SATURATED,
                    "the load generator was busy nearly all the time: the figure may be its limit, not the server's"));
        }
        if (interference != null && interference.disturbed()) {
            notes.add(new CaseNote(CaseNote.Kind.DISTURBED, "disturbed: " + InterferenceRule.why(interference)));
        }
        return notes;
    }

    /**
     * Closed model only: every connection keeps {@code pipeline} requests in flight all the time,
     * so throughput × mean latency must come back to connections × pipeline. Far less means
     * connections sat idle (failed, closed, or the generator could not keep up); far more means the
     * latency is not what the rate says.
     */
    static Optional<CaseNote> littlesLaw(LoadResult load) {
        if (load.spec().openModel() || load.requests() < MIN_REQUESTS_FOR_SHAPE || load.durationNanos() <= 0) {
            return Optional.empty();
        }
        double asked = (double) load.spec().connections() * load.spec().pipelineDepth();
        double inFlight = load.requestsPerSecond() * load.latency().getMean() / NANOS_PER_SECOND;
        double gap = inFlight / asked - 1;
        if (Math.abs(gap) <= LITTLES_LAW_TOLERANCE) {
            return Optional.empty();
        }
        return Optional.of(new CaseNote(CaseNote.Kind.LITTLES_LAW, String.format(Locale.ROOT,
                "Little's law: %.0f requests were kept in flight, but throughput × mean latency gives %.1f (%+.0f %%)",
                asked, inFlight, gap * 100)));
    }

    /**
     * Open model only: the generator's own lateness when it is a notable part of the latency (its
     * p99 over a tenth of the latency's), and requests that waited for a free connection.
     */
    static List<CaseNote> pacing(LoadResult load) {
        PacingSummary p = load.pacing();
        if (p == null) {
            return List.of();
        }
        List<CaseNote> notes = new ArrayList<>();
        if (p.notable(load.latency())) {
            notes.add(new CaseNote(CaseNote.Kind.GENERATOR_LATE, String.format(Locale.ROOT,
                    "the generator's lateness is part of this latency: it sent requests %s after they were due at p99,"
                            + " against a latency p99 of %s", Units.timeMicros(p.lateness().getValueAtPercentile(99) / 1e3),
                    Units.timeMicros(load.latency().getValueAtPercentile(99) / 1e3))));
        }
        if (p.connectionBound()) {
            notes.add(new CaseNote(CaseNote.Kind.CONNECTION_BOUND, String.format(Locale.ROOT,
                    "%d requests waited for a free connection (p99 %s)%s: more connections would have sent them on time",
                    p.blocked(), Units.timeMicros(p.waited().getValueAtPercentile(99) / 1e3),
                    p.unsent() > 0 ? ", " + p.unsent() + " never got one" : "")));
        }
        return notes;
    }

    static Optional<CaseNote> connections(LoadResult load) {
        int open = load.connectionsOpen();
        if (open < 0 || open >= load.spec().connections()) {
            return Optional.empty();
        }
        return Optional.of(new CaseNote(CaseNote.Kind.CONNECTIONS, String.format(Locale.ROOT,
                "only %d of the %d connections asked for were open when the window began", open,
                load.spec().connections())));
    }

    /**
     * Nagle's algorithm holds a response's second small write until the first is ACKed, and the
     * client delays that ACK by about 40 ms: many answers then take 40 ms however fast the server.
     */
    static Optional<CaseNote> delayedAck(Histogram latency) {
        long n = latency.getTotalCount();
        if (n < MIN_REQUESTS_FOR_SHAPE) {
            return Optional.empty();
        }
        long near40 = latency.getCountBetweenValues(DELAYED_ACK_LOW_NANOS, DELAYED_ACK_HIGH_NANOS);
        double share = near40 / (double) n;
        if (share < DELAYED_ACK_SHARE) {
            return Optional.empty();
        }
        return Optional.of(new CaseNote(CaseNote.Kind.DELAYED_ACK, String.format(Locale.ROOT,
                "%.0f %% of the requests took 36-50 ms: the delayed-ACK signature (Nagle's algorithm meeting the"
                        + " client's delayed ACK; see the target's TCP_NODELAY and how it writes a response)", share * 100)));
    }

    static Optional<CaseNote> errors(ErrorCounts e) {
        if (e.total() == 0) {
            return Optional.empty();
        }
        return Optional.of(new CaseNote(CaseNote.Kind.ERRORS, String.format(Locale.ROOT,
                "%d errors: connect %d, read %d, write %d, timeout %d, status %d, protocol %d", e.total(), e.connect(),
                e.read(), e.write(), e.timeout(), e.status(), e.protocol())));
    }
}
