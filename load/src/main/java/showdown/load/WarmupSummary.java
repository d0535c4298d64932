package showdown.load;

import showdown.load.warmup.CompilerQuiet;

/**
 * The unrecorded load a run began with.
 *
 * @param until   what ended it
 * @param seconds how long it ran
 * @param state   with {@link Until#COMPILER_QUIET}: whether the generator's compilers were quiet
 *                ({@link CompilerQuiet.State#STEADY}) or the longest warm-up ran out first
 *                ({@link CompilerQuiet.State#NOT_STEADY}); otherwise null (nothing was judged)
 */
public record WarmupSummary(Until until, double seconds, CompilerQuiet.State state) {

    /** What ends a warm-up. */
    public enum Until {
        /** There was none. */
        NONE,
        /** A fixed time ({@code --warmup T}). */
        FIXED,
        /** The generator's own JIT compilers were quiet for a window, or the longest warm-up ran out ({@link CompilerQuiet}). */
        COMPILER_QUIET
    }

    public static final WarmupSummary NONE = new WarmupSummary(Until.NONE, 0, null);

    public static WarmupSummary fixed(double seconds) {
        return seconds == 0 ? NONE : new WarmupSummary(Until.FIXED, seconds, null);
    }

    /** With {@link Until#COMPILER_QUIET}: true when the compilers were quiet; null when nothing was judged. */
    public Boolean steady() {
        return state == null ? null : state == CompilerQuiet.State.STEADY;
    }
}
