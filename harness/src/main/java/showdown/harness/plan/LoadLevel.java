package showdown.harness.plan;

/**
 * A concrete load level: what the load engine is asked for. Invariant: 1 <= threads <= connections.
 *
 * @param rate the open model's rate, or {@link Rate#CLOSED}
 */
public record LoadLevel(int connections, int threads, Rate rate) {
    public LoadLevel {
        if (threads < 1 || connections < threads) {
            throw new IllegalArgumentException("need 1 <= threads <= connections, got -t" + threads + " -c" + connections);
        }
        rate = rate == null ? Rate.CLOSED : rate;
    }

    /** The closed model. */
    public LoadLevel(int connections, int threads) {
        this(connections, threads, Rate.CLOSED);
    }

    @Override
    public String toString() {
        return "-t" + threads + " -c" + connections + (rate.closed() ? "" : " " + rate.describe());
    }
}
