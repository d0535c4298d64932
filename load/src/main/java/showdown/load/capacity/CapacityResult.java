package showdown.load.capacity;

import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * What a search found. The knee lies between the highest rate that passed ({@link #heldRate()},
 * the quantile's interval under the target) and the lowest rate that failed outright
 * ({@link #lowestFailedRate()}); {@link #answerRate()} is the highest rate whose own figures met
 * the target, which a window that could not tell may put above the held one.
 *
 * @param target      the latency objective
 * @param probeRate   the closed-model probe's valid answers per second
 * @param steps       every measured step, in order
 * @param stopped     true when the search was stopped before it finished
 * @param connections the connections of the last step
 * @param capped      true when the search had a highest rate to try ({@code --slo-max-rate})
 */
public record CapacityResult(LatencyTarget target, double probeRate, List<Step> steps, boolean stopped,
                             int connections, boolean capped) {

    public CapacityResult {
        steps = List.copyOf(steps);
    }

    /** The highest rate that passed; 0 when none did. */
    public double heldRate() {
        return steps.stream().filter(s -> s.verdict().passed()).mapToDouble(Step::rate).max().orElse(0);
    }

    /** The decided step that failed at the lowest rate, if any. */
    public Optional<Step> lowestFailure() {
        return steps.stream().filter(s -> s.decided() && !s.verdict().passed()).min(Comparator.comparingDouble(Step::rate));
    }

    /** The lowest rate that failed outright (not merely undecided); NaN when none did. */
    public double lowestFailedRate() {
        return steps.stream().filter(s -> s.decided() && !s.verdict().passed() && s.verdict() != Verdict.UNDECIDED)
                .mapToDouble(Step::rate).min().orElse(Double.NaN);
    }

    /**
     * The search's answer: the highest rate that passed, or higher, the highest rate whose window
     * could not tell but whose own figures met the target, when a rate above it failed outright.
     */
    public double answerRate() {
        double failed = lowestFailedRate();
        double undecidedButUnder = Double.isNaN(failed) ? 0 : steps.stream()
                .filter(s -> s.decided() && s.verdict() == Verdict.UNDECIDED && s.pointPassed() && s.rate() < failed)
                .mapToDouble(Step::rate).max().orElse(0);
        return Math.max(heldRate(), undecidedButUnder);
    }

    /** What kept the rate from going higher. */
    public Limit limit() {
        if (probeRate <= 0 && steps.isEmpty()) {
            return stopped ? Limit.STOPPED : Limit.NO_ANSWER;
        }
        Optional<Step> failure = lowestFailure();
        if (failure.isPresent()) {
            return Limit.of(failure.get().verdict());
        }
        if (stopped) {
            return Limit.STOPPED;
        }
        return capped && heldRate() > 0 ? Limit.MAX_RATE : Limit.STEPS;
    }

    /** True when the generator or the connections, not the server, ended the climb: the rate is not the server's. */
    public boolean generatorBound() {
        Limit l = limit();
        return l == Limit.GENERATOR || l == Limit.CONNECTIONS;
    }
}
