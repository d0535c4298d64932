package showdown.harness.results;

import com.fasterxml.jackson.annotation.JsonIgnore;
import java.util.List;
import java.util.Locale;
import showdown.load.capacity.CapacityResult;
import showdown.load.capacity.LatencyTarget;
import showdown.load.capacity.Step;
import showdown.load.capacity.StepMeasurement;

/**
 * *1.8*: what a case's search for sustainable throughput found (docs/capacity.md): the highest
 * open-model rate at which the latency quantile stayed under its target, the rates the knee lies
 * between, what kept the rate from going higher, and every step. Rates in requests per second,
 * latencies in microseconds.
 *
 * @param quantile          the quantile judged, "p99"
 * @param limitMicros       the value it had to stay under
 * @param requestsPerSecond the search's answer; 0 when no rate met the target
 * @param interval          the highest rate that held and the lowest that failed outright (the
 *                          answer when none failed): the knee lies between
 * @param limit             what ended the climb: a {@code showdown.load.capacity.Limit} in lower case
 * @param generatorBound    true when the load generator or the connections, not the server, ended it
 * @param steps             every measured step, in order
 */
public record SustainableThroughput(String quantile, double limitMicros, double requestsPerSecond, Interval interval,
                                    String limit, boolean generatorBound, List<SearchStep> steps) {

    private static final double NANOS_PER_MICRO = 1_000.0;

    public SustainableThroughput {
        steps = steps == null ? List.of() : List.copyOf(steps);
    }

    /**
     * One step of the search.
     *
     * @param rate                      the asked rate
     * @param achievedRequestsPerSecond what was answered
     * @param p50Micros                 the median latency, timed from due times
     * @param quantileMicros            the judged quantile
     * @param verdict                   the step's verdict, a {@code showdown.load.capacity.Verdict} in lower case
     * @param disturbance               *2*: why other processes on the server's or the load's CPUs
     *                                  marked the window disturbed (the search then measured the rate
     *                                  again); null (absent) when they did not
     */
    public record SearchStep(double rate, double achievedRequestsPerSecond, double p50Micros, double quantileMicros,
                             String verdict,
                             @com.fasterxml.jackson.annotation.JsonInclude(
                                     com.fasterxml.jackson.annotation.JsonInclude.Include.NON_NULL) String disturbance) {

        /** An undisturbed step (every step before schema 2). */
        public SearchStep(double rate, double achievedRequestsPerSecond, double p50Micros, double quantileMicros,
                          String verdict) {
            this(rate, achievedRequestsPerSecond, p50Micros, quantileMicros, verdict, null);
        }
    }

    /** The latency target searched, as {@code load --slo} describes it: "p99 <= 10 ms". */
    @JsonIgnore
    public String slo() {
        return limitMicros > 0 ? new LatencyTarget(quantile, 0, Math.round(limitMicros * NANOS_PER_MICRO)).describe()
                : quantile;
    }

    /** The record of a finished search. */
    public static SustainableThroughput of(CapacityResult r) {
        double held = r.heldRate();
        double failed = r.lowestFailedRate();
        double answer = r.answerRate();
        Interval interval = new Interval(Math.min(held, answer), Double.isNaN(failed) ? answer : Math.max(failed, answer));
        return new SustainableThroughput(r.target().label(), r.target().limitNanos() / NANOS_PER_MICRO, answer, interval,
                lower(r.limit().name()), r.generatorBound(), r.steps().stream().map(SustainableThroughput::step).toList());
    }

    private static SearchStep step(Step s) {
        StepMeasurement m = s.measurement();
        return new SearchStep(m.askedRate(), m.achievedRate(), m.p50Nanos() / NANOS_PER_MICRO,
                m.quantileNanos() / NANOS_PER_MICRO, lower(s.verdict().name()), m.disturbance());
    }

    private static String lower(String name) {
        return name.toLowerCase(Locale.ROOT); // as showdown load --slo --json names them
    }
}
