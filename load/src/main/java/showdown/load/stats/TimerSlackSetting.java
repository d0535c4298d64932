package showdown.load.stats;

/**
 * The timer slack an open-model event loop runs with: how late the kernel may end its timed waits
 * to group wake-ups (prctl(2), {@code PR_SET_TIMERSLACK}; 50 µs by default). Either lowered, with the
 * value the kernel reported back, or the kernel's default, with why it was not lowered.
 *
 * @param nanos             the slack read back after lowering it; -1 when it was not lowered
 * @param notLoweredBecause why the loop kept the kernel's default; null when it was lowered
 */
public record TimerSlackSetting(long nanos, String notLoweredBecause) {

    public static TimerSlackSetting lowered(long nanos) {
        return new TimerSlackSetting(nanos, null);
    }

    public static TimerSlackSetting notLowered(String because) {
        return new TimerSlackSetting(-1, because);
    }

    public boolean wasLowered() {
        return notLoweredBecause == null;
    }

    /**
     * Of two loops' settings, the one that defers wake-ups more: a loop left at the default, else the
     * larger slack. A run's pacing is as good as its worst loop's.
     */
    public TimerSlackSetting worse(TimerSlackSetting other) {
        if (other == null || !wasLowered()) {
            return this;
        }
        return !other.wasLowered() || other.nanos > nanos ? other : this;
    }

    /** As the {@code load} output says it: {@code timer slack 1 us}, or the default and why. */
    public String describe() {
        return wasLowered() ? "timer slack " + formatMicros(nanos)
                : "timer slack: the kernel's default; " + notLoweredBecause;
    }

    private static String formatMicros(long nanos) {
        return nanos % 1_000 == 0 ? nanos / 1_000 + " us" : String.format(java.util.Locale.ROOT, "%.3f us", nanos / 1e3);
    }
}
