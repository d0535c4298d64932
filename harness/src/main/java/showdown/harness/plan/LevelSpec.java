package showdown.harness.plan;

import showdown.harness.targets.Protocol;

/**
 * One load level as a profile writes it: connections, a rule for the load threads, and optionally
 * a protocol and an open-model rate.
 *
 * @param connections  open connections (the concurrency, with one request in flight per connection
 *                     unless the request is pipelined)
 * @param threads      a fixed thread count (wrk's {@code -t}), or 0 with {@code rule}
 * @param rule         how threads follow from the machine when {@code threads} is 0
 * @param protocol     the protocol of this level; null: the scenario's (h1 unless it says)
 * @param rate         the open model's rate, or {@link Rate#CLOSED}
 */
public record LevelSpec(int connections, int threads, ThreadRule rule, Protocol protocol, Rate rate) {

    /** How load threads are chosen when the profile does not fix them. */
    public enum ThreadRule {
        /** As many as the load CPUs, never more than the connections: one event loop per core. */
        AUTO,
        /** One per connection, as h2load {@code -t C -c C}. */
        CONNECTIONS,
        /** The fixed {@code threads} value. */
        FIXED
    }

    public LevelSpec {
        rate = rate == null ? Rate.CLOSED : rate;
    }

    /** A closed-model level in the scenario's protocol. */
    public LevelSpec(int connections, int threads, ThreadRule rule) {
        this(connections, threads, rule, null, Rate.CLOSED);
    }

    /** This level in {@code protocol} at {@code rate}. */
    LevelSpec with(Protocol newProtocol, Rate newRate) {
        return new LevelSpec(connections, threads, rule, newProtocol, newRate);
    }

    public static LevelSpec auto(int connections) {
        return new LevelSpec(connections, 0, ThreadRule.AUTO);
    }

    /** Parses a profile's {@code threads:} value: {@code auto}, {@code connections} or a number. */
    static LevelSpec parse(int connections, String threads, String where) {
        switch (threads) {
            case "auto":
                return new LevelSpec(connections, 0, ThreadRule.AUTO);
            case "connections":
                return new LevelSpec(connections, 0, ThreadRule.CONNECTIONS);
            default:
                int n;
                try {
                    n = Integer.parseInt(threads);
                } catch (NumberFormatException e) {
                    throw new PlanException(where + ": threads must be auto, connections or a number, not '" + threads + "'");
                }
                if (n < 1 || n > connections) {
                    throw new PlanException(where + ": threads (" + n + ") must be between 1 and the connections (" + connections + ")");
                }
                return new LevelSpec(connections, n, ThreadRule.FIXED);
        }
    }

    /** The concrete level on a machine whose load engine has {@code loadCpus} CPUs. */
    public LoadLevel resolve(int loadCpus) {
        int t = switch (rule) {
            case AUTO -> Math.min(connections, Math.max(1, loadCpus));
            case CONNECTIONS -> connections;
            case FIXED -> threads;
        };
        return new LoadLevel(connections, t, rate);
    }

    /** How a profile writes it back. */
    public String threadsText() {
        return switch (rule) {
            case AUTO -> "auto";
            case CONNECTIONS -> "connections";
            case FIXED -> Integer.toString(threads);
        };
    }
}
