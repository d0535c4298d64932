package showdown.load.capacity;

/**
 * Turns one step's window into a {@link Verdict} against a latency target. The server's checks
 * come first (errors, the achieved rate, the quantile's interval); a step they do not pass is
 * then blamed on the connections or the generator when those were what held it back, so that a
 * knee of the generator's is never published as the server's.
 */
public final class StepJudge {

    /** A step passes only when at least this share of its asked rate was answered. */
    public static final double MIN_ACHIEVED_SHARE = 0.99;

    /** The generator's pacing error (its p99) may be at most this share of the latency target. */
    public static final double MAX_LATENESS_SHARE_OF_TARGET = 0.1;

    /** Answers a window may miss at its edge, whatever the rate. */
    static final int ANSWERS_CUT_BY_THE_EDGE = 1;

    private final LatencyTarget target;

    public StepJudge(LatencyTarget target) {
        this.target = target;
    }

    public Verdict judge(StepMeasurement m) {
        Verdict server = serverVerdict(m);
        if (server == Verdict.PASS) {
            return server;
        }
        boolean serverItselfUnder = m.sentQuantileNanos() < target.limitNanos();
        if (server != Verdict.ERRORS && m.waitedForConnection() && serverItselfUnder) {
            return Verdict.CONNECTIONS;
        }
        return generatorFailed(m, serverItselfUnder) ? Verdict.GENERATOR : server;
    }

    /**
     * Whether a window that failed looks disturbed rather than decided: its rate fell short while
     * its latency stayed under the target or could not be told from it. A server past its
     * capacity queues what it cannot answer, and its latency grows with the queue; a shortfall
     * without that growth is a stall somewhere (the machine, the generator), worth a second window.
     */
    public boolean disturbed(StepMeasurement m, Verdict v) {
        return v == Verdict.RATE && m.quantileInterval() != null
                && m.quantileInterval().against(target.limitNanos()) != QuantileInterval.Side.OVER;
    }

    /** Whether the point figures (not the interval) met the target: the search's best guess for an undecided step. */
    public boolean pointPassed(StepMeasurement m) {
        return m.failed() == 0 && rateAchieved(m) && m.quantileNanos() < target.limitNanos();
    }

    /**
     * At least {@link #MIN_ACHIEVED_SHARE} of the asked rate answered, give or take the one answer
     * a window's edge may cut off: a window counts whole answers, which at a few requests a second
     * is a share of its own.
     */
    static boolean rateAchieved(StepMeasurement m) {
        double asked = m.askedRate() * m.windowSeconds();
        return m.requests() > 0 && m.requests() >= MIN_ACHIEVED_SHARE * asked - ANSWERS_CUT_BY_THE_EDGE;
    }

    private Verdict serverVerdict(StepMeasurement m) {
        if (m.failed() > 0) {
            return Verdict.ERRORS;
        }
        if (!rateAchieved(m)) {
            return Verdict.RATE;
        }
        return switch (m.quantileInterval().against(target.limitNanos())) {
            case UNDER -> Verdict.PASS;
            case OVER -> Verdict.LATENCY;
            case ACROSS -> Verdict.UNDECIDED;
        };
    }

    /**
     * Whether the generator, not the server, failed the step: a load loop saturated (then every
     * figure may be the generator's), or a pacing error over a tenth of the target while the
     * server's own latency, timed from each send, stayed under it (then the gap is the
     * generator's; a stalled loop also sends its late requests in a burst, which can fail some).
     * A server over the target from the send is the server's failure, however late the sends.
     */
    private boolean generatorFailed(StepMeasurement m, boolean serverItselfUnder) {
        boolean late = m.latenessP99Nanos() > MAX_LATENESS_SHARE_OF_TARGET * target.limitNanos();
        return m.generatorSaturated() || (late && serverItselfUnder);
    }
}
