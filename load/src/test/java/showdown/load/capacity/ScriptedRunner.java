package showdown.load.capacity;

import java.util.ArrayList;
import java.util.List;

/**
 * A {@link StepRunner} without a network: the probe returns a set rate and each step what a script
 * makes of its rate, connections and attempt. It records the rates asked for, in order.
 */
final class ScriptedRunner implements StepRunner {

    /** What a step at a rate measures; {@code call} counts every measurement, from 1. */
    @FunctionalInterface
    interface Script {
        StepMeasurement measure(double rate, int connections, int call);
    }

    final List<Double> rates = new ArrayList<>();
    final List<Integer> connections = new ArrayList<>();
    private final double probeRate;
    private final Script script;
    int stops;

    ScriptedRunner(double probeRate, Script script) {
        this.probeRate = probeRate;
        this.script = script;
    }

    @Override
    public double probe(int connections) {
        return probeRate;
    }

    @Override
    public StepMeasurement measure(double rate, int c) {
        rates.add(rate);
        connections.add(c);
        return script.measure(rate, c, rates.size());
    }

    @Override
    public void stop() {
        stops++;
    }

    /** A server whose p99 is 1 ms up to {@code knee} and 50 ms above it; the window tells them apart. */
    static Script knee(double knee) {
        return (rate, c, call) -> rate <= knee ? window(rate, c, 1, 0.8, 1.2) : window(rate, c, 50, 40, 60);
    }

    /** A clean window at {@code rate}: every request answered on time, p99 {@code p99Ms} within [low, high]. */
    static StepMeasurement window(double rate, int c, double p99Ms, double lowMs, double highMs) {
        return new StepMeasurement(rate, c, rate, Math.round(rate), 0, ms(p99Ms / 2), ms(p99Ms),
                new QuantileInterval(ms(lowMs), ms(highMs)), ms(p99Ms), ms(0.05), false, false, 1);
    }

    static StepMeasurement withFailures(StepMeasurement m, long failed) {
        return new StepMeasurement(m.askedRate(), m.connections(), m.achievedRate(), m.requests(), failed, m.p50Nanos(),
                m.quantileNanos(), m.quantileInterval(), m.sentQuantileNanos(), m.latenessP99Nanos(),
                m.generatorSaturated(), m.waitedForConnection(), m.windowSeconds());
    }

    static StepMeasurement waitingForConnections(StepMeasurement m, double achievedShare, double sentP99Ms) {
        return new StepMeasurement(m.askedRate(), m.connections(), m.askedRate() * achievedShare,
                Math.round(m.askedRate() * achievedShare * m.windowSeconds()), 0,
                m.p50Nanos(), m.quantileNanos(), m.quantileInterval(), ms(sentP99Ms), m.latenessP99Nanos(),
                false, true, m.windowSeconds());
    }

    /** {@code m} with only {@code share} of its asked rate answered. */
    static StepMeasurement shortOfRate(StepMeasurement m, double share) {
        return new StepMeasurement(m.askedRate(), m.connections(), m.askedRate() * share,
                Math.round(m.askedRate() * share * m.windowSeconds()), 0, m.p50Nanos(), m.quantileNanos(),
                m.quantileInterval(), m.sentQuantileNanos(), m.latenessP99Nanos(), false, false, m.windowSeconds());
    }

    static StepMeasurement generatorSaturated(StepMeasurement m) {
        return new StepMeasurement(m.askedRate(), m.connections(), m.achievedRate(), m.requests(), 0, m.p50Nanos(),
                m.quantileNanos(), m.quantileInterval(), m.sentQuantileNanos(), m.latenessP99Nanos(), true, false,
                m.windowSeconds());
    }

    static long ms(double ms) {
        return Math.round(ms * 1e6);
    }
}
