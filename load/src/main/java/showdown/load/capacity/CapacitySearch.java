package showdown.load.capacity;

import java.util.ArrayList;
import java.util.List;

/**
 * The search for the highest open-model rate whose latency quantile stays under a target (Gil
 * Tene's sustainable throughput). A closed-model probe seeds the first rate, half of what it
 * measured; the search then climbs by {@link SearchSettings#growth()} until a rate fails (or
 * descends by it until one passes), and bisects between the highest pass and the lowest failure,
 * geometrically, until they are within {@link SearchSettings#resolution()} of each other.
 *
 * <p>A rate whose window cannot tell (the quantile's interval straddles the target), whose
 * failure the generator caused, whose rate fell short while its latency did not grow
 * ({@link StepJudge#disturbed}), or during whose window other processes took the CPUs around the
 * load ({@link StepMeasurement#disturbed()}, as a run's {@code --remeasure} measures a disturbed
 * case again) is measured again, up to {@link SearchSettings#maxAttempts()}; then its last verdict
 * stands. When requests waited for a connection, the same rate is measured
 * again with twice the connections, up to {@link SearchSettings#maxConnections()}. Every
 * measurement counts against {@link SearchSettings#maxSteps()}. {@link #stop()} ends the search
 * from any thread; {@link #run()} then returns the steps judged so far.
 */
public final class CapacitySearch {

    /** The first rate is this share of the probe's: the probe saturates the server, the knee lies below. */
    public static final double START_SHARE_OF_PROBE = 0.5;

    /** No step asks for less than one request a second. */
    public static final double MIN_RATE = 1;

    private final SearchSettings settings;
    private final StepRunner runner;
    private final SearchListener listener;
    private final StepJudge judge;
    private final List<Step> steps = new ArrayList<>();
    private volatile boolean stopRequested;
    private SearchPhase phase = SearchPhase.PROBE;
    private int connections;

    public CapacitySearch(SearchSettings settings, StepRunner runner, SearchListener listener, int connections) {
        this.settings = settings;
        this.runner = runner;
        this.listener = listener == null ? SearchListener.NONE : listener;
        this.judge = new StepJudge(settings.target());
        this.connections = connections;
    }

    /** Ends the search soon, from any thread (Ctrl-C): the step under way is not judged. */
    public void stop() {
        stopRequested = true;
        runner.stop();
    }

    public CapacityResult run() {
        double probe = runner.probe(connections);
        if (stopRequested || probe <= 0) {
            return result(stopRequested ? 0 : probe);
        }
        listener.onProbe(probe, connections);
        double held = 0; // the highest rate that passed
        double failed = Double.POSITIVE_INFINITY; // the lowest rate that did not
        double rate = firstRate(probe);
        phase = SearchPhase.CLIMB;
        while (!stopRequested && steps.size() < settings.maxSteps()) {
            Verdict v = decide(rate);
            if (v == null) {
                break; // stopped, or out of steps, before the rate was decided
            }
            if (v.passed()) {
                held = rate;
            } else {
                failed = rate;
            }
            double next = nextRate(held, failed, rate);
            if (Double.isNaN(next)) {
                break;
            }
            rate = next;
        }
        phase = SearchPhase.DONE;
        return result(probe);
    }

    private double firstRate(double probe) {
        double start = Math.max(MIN_RATE, Math.round(probe * START_SHARE_OF_PROBE));
        return settings.capped() ? Math.min(start, settings.maxRate()) : start;
    }

    /** The next rate to measure and the phase it belongs to; NaN when the search is over. */
    private double nextRate(double held, double failed, double rate) {
        if (failed == Double.POSITIVE_INFINITY) {
            if (settings.capped() && rate >= settings.maxRate()) {
                return Double.NaN; // the ceiling passed
            }
            phase = SearchPhase.CLIMB;
            double up = Math.round(rate * settings.growth());
            return settings.capped() ? Math.min(up, settings.maxRate()) : up;
        }
        if (held == 0) {
            if (rate <= MIN_RATE) {
                return Double.NaN; // not even the lowest rate passed
            }
            phase = SearchPhase.DESCEND;
            return Math.max(MIN_RATE, Math.round(rate / settings.growth()));
        }
        if (failed / held - 1 <= settings.resolution()) {
            return Double.NaN;
        }
        double middle = Math.round(Math.sqrt(held * failed));
        if (middle <= held || middle >= failed) {
            return Double.NaN; // whole requests per second cannot split it further
        }
        phase = SearchPhase.BISECT;
        return middle;
    }

    /**
     * Measures {@code rate} until its verdict stands: again while the window cannot tell or the
     * generator was disturbed (bounded), with more connections while requests waited for one
     * (bounded). Null when the search was stopped or ran out of steps first.
     */
    private Verdict decide(double rate) {
        int attempt = 0;
        while (!stopRequested && steps.size() < settings.maxSteps()) {
            attempt++;
            StepMeasurement m = runner.measure(rate, connections);
            if (stopRequested) {
                return null; // a window cut short is not judged
            }
            Verdict v = judge.judge(m);
            Step.Next next = nextFor(m, v, attempt);
            Step step = new Step(steps.size() + 1, phase, attempt, m, v, judge.pointPassed(m), next);
            steps.add(step);
            listener.onStep(step);
            switch (next) {
                case DECIDED -> {
                    return v;
                }
                case MORE_CONNECTIONS -> {
                    connections = Math.min(settings.maxConnections(), connections * 2);
                    attempt = 0; // a new setting: its own attempts
                }
                case AGAIN -> {
                }
            }
        }
        return null;
    }

    private Step.Next nextFor(StepMeasurement m, Verdict v, int attempt) {
        if (v == Verdict.CONNECTIONS) {
            return connections < settings.maxConnections() ? Step.Next.MORE_CONNECTIONS : Step.Next.DECIDED;
        }
        boolean worthAnotherWindow = v == Verdict.UNDECIDED || v == Verdict.GENERATOR || judge.disturbed(m, v)
                || m.disturbed();
        return worthAnotherWindow && attempt < settings.maxAttempts() ? Step.Next.AGAIN : Step.Next.DECIDED;
    }

    private CapacityResult result(double probe) {
        return new CapacityResult(settings.target(), probe, steps, stopRequested, connections, settings.capped());
    }
}
