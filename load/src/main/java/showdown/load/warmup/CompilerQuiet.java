package showdown.load.warmup;

import java.time.Duration;

/**
 * Judges a warm-up that ends when the generator itself is warm: the load runs, unrecorded, window
 * by window, until a whole window in which this JVM's JIT compilers used less than a small share of
 * a CPU ({@link Rule#quietShare}); then the request path the load takes is compiled and the
 * compiler no longer takes the event loops' CPU. It lasts at least {@link Rule#least} and at most
 * {@link Rule#most}: a generator still compiling then is {@link State#NOT_STEADY} and the warm-up
 * ends anyway, so a run stays bounded.
 *
 * <p>The caller checks at the end of every window ({@link #nextCheckNanos()}). Not thread-safe:
 * one caller (the engine's collecting thread).
 */
public final class CompilerQuiet {

    /** Where the warm-up stands. */
    public enum State {
        /** Not decided: the compilers were busy in the last window, or {@link Rule#least} has not gone by. */
        WARMING,
        /** A whole window with the compilers quiet, after at least {@link Rule#least}: the warm-up is over. */
        STEADY,
        /** {@link Rule#most} went by and the compilers were still busy: the warm-up is over all the same. */
        NOT_STEADY
    }

    /**
     * The rule's constants.
     *
     * @param window     the compilers' time is judged over windows this long
     * @param quietShare a window is quiet when the compilers used less than this share of one CPU in it
     * @param least      the shortest warm-up
     * @param most       the longest warm-up
     */
    public record Rule(Duration window, double quietShare, Duration least, Duration most) {

        /**
         * A warm HotSpot's compilers use well under 1 % of a CPU (a late recompilation now and then);
         * while they compile the code under load they use 10-100 %. The harness judges a target's
         * compilers by the same share.
         */
        public static final double QUIET_SHARE = 0.03;

        /** A second's window, at least one and at most ten (wrk2's calibration period) of them. */
        public static final Rule DEFAULT = new Rule(Duration.ofSeconds(1), QUIET_SHARE, Duration.ofSeconds(1),
                Duration.ofSeconds(10));

        public Rule {
            if (window.isNegative() || window.isZero() || least.isNegative() || most.compareTo(least) < 0) {
                throw new IllegalArgumentException("need 0 < window and 0 <= least <= most, not " + window + ", "
                        + least + ", " + most);
            }
            if (!(quietShare > 0 && quietShare < 1)) {
                throw new IllegalArgumentException("quietShare is a share of one CPU, not " + quietShare);
            }
        }
    }

    private final Rule rule;
    private final CompileTime compileTime;
    private final long startNanos;
    private long windowStartNanos;
    private long compiledAtWindowStart;
    private State state = State.WARMING;
    private long endNanos = -1;

    /** Starts judging a warm-up that began at {@code startNanos} ({@link System#nanoTime()}). */
    public CompilerQuiet(Rule rule, CompileTime compileTime, long startNanos) {
        this.rule = rule;
        this.compileTime = compileTime;
        this.startNanos = startNanos;
        this.windowStartNanos = startNanos;
        this.compiledAtWindowStart = compileTime.totalNanos();
    }

    public Rule rule() {
        return rule;
    }

    /** When the window under way ends: the next {@link #check}. */
    public long nextCheckNanos() {
        return windowStartNanos + rule.window().toNanos();
    }

    /**
     * Ends the window under way at {@code nowNanos} (at or after {@link #nextCheckNanos()}) and
     * returns the state it leaves; once the warm-up is over, its state stays.
     */
    public State check(long nowNanos) {
        if (state != State.WARMING) {
            return state;
        }
        long compiled = compileTime.totalNanos();
        long windowNanos = nowNanos - windowStartNanos;
        boolean known = compiled != CompileTime.UNKNOWN && compiledAtWindowStart != CompileTime.UNKNOWN;
        boolean quiet = known && compiled - compiledAtWindowStart < rule.quietShare() * windowNanos;
        long elapsed = nowNanos - startNanos;
        if (quiet && elapsed >= rule.least().toNanos()) {
            state = State.STEADY;
        } else if (elapsed >= rule.most().toNanos()) {
            state = State.NOT_STEADY;
        }
        if (state != State.WARMING) {
            endNanos = nowNanos;
        }
        windowStartNanos = nowNanos;
        compiledAtWindowStart = compiled;
        return state;
    }

    public State state() {
        return state;
    }

    /** How long the warm-up lasted; only once it is over. */
    public long durationNanos() {
        if (state == State.WARMING) {
            throw new IllegalStateException("the warm-up is not over");
        }
        return endNanos - startNanos;
    }
}
