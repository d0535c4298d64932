package showdown.load.capacity;

import java.io.PrintStream;
import java.util.Locale;
import java.util.Optional;

/**
 * The search's text: a line per step as it is measured, then the answer in one sentence and what
 * limited it. A rate the generator or its connections limited is said to be theirs, never given
 * as the server's sustainable throughput.
 */
public final class CapacityReport implements SearchListener {

    private static final String STEP_FORMAT = "%4s  %-8s %9s %5s %9s %10s %10s  %-19s  %s%n";

    private final PrintStream out;
    private final LatencyTarget target;
    private boolean headerPrinted;

    public CapacityReport(PrintStream out, LatencyTarget target) {
        this.out = out;
        this.target = target;
    }

    @Override
    public void onProbe(double rate, int connections) {
        out.printf(Locale.ROOT, "probe (closed model, -c %d): %s req/s; the search starts at half of it%n",
                connections, CapacityFormat.rate(rate));
        out.flush();
    }

    @Override
    public void onStep(Step step) {
        if (!headerPrinted) {
            out.printf(Locale.ROOT, STEP_FORMAT, "step", "phase", "rate", "-c", "achieved", "p50", target.label(),
                    target.label() + " interval", "verdict");
            headerPrinted = true;
        }
        StepMeasurement m = step.measurement();
        QuantileInterval i = m.quantileInterval();
        out.printf(Locale.ROOT, STEP_FORMAT, step.number(), step.phase().label(), CapacityFormat.rate(m.askedRate()),
                m.connections(), CapacityFormat.rate(m.achievedRate()), CapacityFormat.millis(m.p50Nanos()),
                CapacityFormat.millis(m.quantileNanos()), i == null ? "-" : interval(i), verdict(step));
        out.flush();
    }

    private static String interval(QuantileInterval i) {
        return CapacityFormat.millis(i.lowNanos()).replace(" ms", "") + "-" + CapacityFormat.millis(i.highNanos());
    }

    private static String verdict(Step step) {
        StepMeasurement m = step.measurement();
        String detail = switch (step.verdict()) {
            case ERRORS -> " (" + m.failed() + " failed)";
            case RATE -> String.format(Locale.ROOT, " (%.1f %%)", m.achievedShare() * 100);
            case GENERATOR -> m.generatorSaturated() ? " (a load loop saturated)"
                    : " (pacing error p99 " + CapacityFormat.millis(m.latenessP99Nanos()) + ")";
            default -> "";
        };
        String next = switch (step.next()) {
            case DECIDED -> "";
            case AGAIN -> "; measuring again";
            case MORE_CONNECTIONS -> "; more connections";
        };
        return step.verdict().label() + detail + disturbed(m) + next;
    }

    /** "; disturbed: other processes used 34 % of the measured CPUs" for a disturbed window; empty otherwise. */
    public static String disturbed(StepMeasurement m) {
        return m.disturbed() ? "; disturbed: " + m.disturbance() : "";
    }

    /** The answer, and what limited it. */
    public void printAnswer(CapacityResult r) {
        if (r.stopped()) {
            out.printf(Locale.ROOT, "search stopped after %d %s; what it had found:%n", r.steps().size(),
                    r.steps().size() == 1 ? "step" : "steps");
        }
        out.println(answer(r));
        out.flush();
    }

    /** One sentence: the sustainable throughput with its bracket, or who else set the limit. */
    public static String answer(CapacityResult r) {
        String head = "sustainable throughput at " + r.target().describe() + ": ";
        Optional<Step> failure = r.lowestFailure();
        String held = CapacityFormat.rate(r.heldRate());
        return switch (r.limit()) {
            case NO_ANSWER -> head + "none: the closed-model probe got no valid answer";
            case STOPPED -> head + (r.heldRate() > 0 ? "at least " + held + " req/s (stopped before any rate failed)"
                    : "unknown (stopped before any rate passed)");
            case MAX_RATE -> head + "at least " + held + " req/s (the highest rate allowed, --slo-max-rate)";
            case STEPS -> head + "at least " + held + " req/s (the search ran out of steps before any rate failed)";
            case GENERATOR -> head + "limited by the load generator at " + CapacityFormat.rate(failure.get().rate())
                    + " req/s" + heldSoFar(r) + "; give the load more CPUs (-t, and CPUs of its own) or more load hosts"
                    + " (showdown run --hosts)";
            case CONNECTIONS -> head + "limited by connections at " + CapacityFormat.rate(failure.get().rate())
                    + " req/s with -c " + r.connections() + heldSoFar(r)
                    + "; raise --slo-max-connections";
            default -> r.heldRate() == 0 && r.answerRate() == 0
                    ? head + "none: the lowest rate tried, " + CapacityFormat.rate(failure.get().rate()) + " req/s, failed ("
                    + r.limit().label() + ")"
                    : head + CapacityFormat.rate(r.answerRate()) + " req/s (" + held + "-"
                    + CapacityFormat.rate(upperBracket(r, failure.get())) + "), limited by " + r.limit().label();
        };
    }

    /** The lowest rate that failed outright, else the lowest that could not be told from the target. */
    private static double upperBracket(CapacityResult r, Step lowestFailure) {
        return Double.isNaN(r.lowestFailedRate()) ? lowestFailure.rate() : r.lowestFailedRate();
    }

    private static String heldSoFar(CapacityResult r) {
        return r.heldRate() > 0 ? " (the server held " + CapacityFormat.rate(r.heldRate()) + " req/s)" : "";
    }
}
