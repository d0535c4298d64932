package showdown.load;

import java.util.Locale;

/**
 * The open model's spin before each due time ({@code --spin-lead}): an event loop sleeps until this
 * long before its next due time, then polls for I/O without blocking until the due time, so that a
 * late wake-up (the kernel's timer slack and its scheduling, tens of microseconds) falls into the
 * spin instead of onto the request. The spin is CPU the generator spends and the server may share,
 * so the lead is kept small: {@link #AUTO} is the rule, a fixed lead or none ({@link #OFF}) are there
 * to measure it against.
 *
 * @param autoRule true: the lead follows {@link #nanosFor} from the loop's gap; false: {@code fixedNanos}
 * @param fixedNanos the lead when not {@code autoRule}; 0: no spin
 */
public record SpinLead(boolean autoRule, long fixedNanos) {

    /**
     * The automatic lead's ceiling: a late wake-up past the timer slack (which the pacing loops
     * lower to 1 µs) is the scheduler's and the interrupt's, a few to some tens of microseconds on a
     * quiet host; 20 µs covers most of them and costs at most 2 % of a loop at 1,000 due times a second.
     */
    public static final long AUTO_MAX_NANOS = 20_000;
    /** The automatic lead's share of the loop's mean gap between due times: the spin's CPU stays about 2 % of the loop. */
    public static final double AUTO_SHARE_OF_GAP = 0.02;
    /** The longest fixed lead: past a millisecond a loop would spin more than it sleeps at the rates that need it. */
    public static final long MAX_FIXED_MICROS = 1_000;

    public static final SpinLead AUTO = new SpinLead(true, 0);
    public static final SpinLead OFF = new SpinLead(false, 0);

    public static SpinLead micros(long micros) {
        return new SpinLead(false, micros * 1_000);
    }

    /**
     * The lead for a loop whose due times are {@code gapNanos} apart on average: the automatic rule
     * {@code min(AUTO_MAX_NANOS, AUTO_SHARE_OF_GAP * gap)} (20 µs at 1,000 due times a second on the
     * loop, 2 µs at 10,000), or the fixed lead.
     */
    public long nanosFor(double gapNanos) {
        if (!autoRule) {
            return fixedNanos;
        }
        return Math.max(0, Math.min(AUTO_MAX_NANOS, Math.round(AUTO_SHARE_OF_GAP * gapNanos)));
    }

    /** As {@code --spin-lead} takes it: {@code auto}, or whole microseconds ({@code 0}: no spin), an optional {@code us}. */
    public static SpinLead parse(String text) {
        String t = text == null ? "" : text.strip().toLowerCase(Locale.ROOT);
        if (t.equals("auto")) {
            return AUTO;
        }
        String digits = t.endsWith("us") ? t.substring(0, t.length() - 2) : t;
        long micros;
        try {
            micros = Long.parseLong(digits);
        } catch (NumberFormatException e) {
            micros = -1;
        }
        if (micros < 0 || micros > MAX_FIXED_MICROS) {
            throw new LoadException("--spin-lead is auto or 0 to " + MAX_FIXED_MICROS + " microseconds, not '" + text + "'");
        }
        return micros(micros);
    }

    /** As {@link #parse} reads it back: {@code auto} or whole microseconds. */
    public String id() {
        return autoRule ? "auto" : Long.toString(fixedNanos / 1_000);
    }
}
