package showdown.harness.plan;

/** A concrete load level: what the load engine is asked for. Invariant: 1 <= threads <= connections. */
public record LoadLevel(int connections, int threads) {
    public LoadLevel {
        if (threads < 1 || connections < threads) {
            throw new IllegalArgumentException("need 1 <= threads <= connections, got -t" + threads + " -c" + connections);
        }
    }

    @Override
    public String toString() {
        return "-t" + threads + " -c" + connections;
    }
}
