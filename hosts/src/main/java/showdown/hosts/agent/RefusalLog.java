package showdown.hosts.agent;

import java.net.InetAddress;
import java.time.Duration;
import java.util.HashSet;
import java.util.Locale;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.LongSupplier;

/**
 * The agent's refusal lines, rate-limited: a peer address's first refusal is printed at once; the
 * refusals after it, from that address or any other already seen, are counted and said in at
 * most one summary line per interval. A peer that reconnects in a loop thus costs one line a
 * minute, not one per connection. The addresses remembered are bounded: past
 * {@link #REMEMBERED_ADDRESSES} new addresses are counted too, not printed.
 */
final class RefusalLog {

    static final Duration INTERVAL = Duration.ofSeconds(60);
    static final int REMEMBERED_ADDRESSES = 1024;

    private final Consumer<String> out;
    private final LongSupplier nanoTime;
    private final long intervalNanos;
    private final Set<InetAddress> seen = new HashSet<>();
    private final Set<InetAddress> heldFrom = new HashSet<>();
    private long held;
    private String latest;
    private long lastSummaryNanos;

    /**
     * @param out      where a line goes, without the "showdown agent: " prefix
     * @param nanoTime a monotonic clock ({@link System#nanoTime} but in tests)
     */
    RefusalLog(Consumer<String> out, Duration interval, LongSupplier nanoTime) {
        this.out = out;
        this.nanoTime = nanoTime;
        this.intervalNanos = interval.toNanos();
        this.lastSummaryNanos = nanoTime.getAsLong();
    }

    /** A refused connection from {@code address}; {@code line} is what its refusal says, in full. */
    synchronized void refused(InetAddress address, String line) {
        if (!seen.contains(address) && seen.size() < REMEMBERED_ADDRESSES) {
            seen.add(address);
            out.accept(line);
        } else {
            held++;
            latest = line;
            if (heldFrom.size() < REMEMBERED_ADDRESSES) {
                heldFrom.add(address);
            }
        }
        tick();
    }

    /** Prints the summary when refusals were held back and an interval has passed since the last; called often. */
    synchronized void tick() {
        long now = nanoTime.getAsLong();
        if (held == 0 || now - lastSummaryNanos < intervalNanos) {
            return;
        }
        out.accept(String.format(Locale.ROOT, "%d more refused connection%s from %s%d address%s in the last %d s; the latest: %s",
                held, held == 1 ? "" : "s", heldFrom.size() >= REMEMBERED_ADDRESSES ? "at least " : "", heldFrom.size(),
                heldFrom.size() == 1 ? "" : "es", Math.round((now - lastSummaryNanos) / 1e9), latest));
        held = 0;
        heldFrom.clear();
        latest = null;
        lastSummaryNanos = now;
    }
}
