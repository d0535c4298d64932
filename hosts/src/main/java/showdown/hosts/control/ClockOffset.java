package showdown.hosts.control;

import java.time.Duration;
import showdown.hosts.Clock;
import showdown.hosts.wire.Message;

/**
 * An agent's clock offset, measured NTP-style over the control channel: a few round trips, and
 * the one with the shortest round trip wins (its midpoint is the least uncertain). The offset is
 * the agent's clock minus the controller's; the error is at most half that round trip.
 *
 * @param offsetNanos agent clock minus controller clock
 * @param roundTripNanos the round trip of the sample the offset comes from
 */
public record ClockOffset(long offsetNanos, long roundTripNanos) {

    public static final int PROBES = 8;
    public static final Duration DEFAULT_MAX = Duration.ofMillis(1);
    private static final Duration PROBE_TIMEOUT = Duration.ofSeconds(5);

    public static ClockOffset measure(AgentLink link, Clock clock) {
        ClockOffset best = null;
        for (int seq = 0; seq < PROBES; seq++) {
            long sent = clock.epochNanos();
            link.send(new Message.ClockProbe(seq));
            Message.ClockReply reply;
            do {
                reply = link.await(Message.ClockReply.class, PROBE_TIMEOUT);
            } while (reply.seq() != seq);
            long received = clock.epochNanos();
            long roundTrip = received - sent;
            long offset = reply.agentEpochNanos() - (sent + roundTrip / 2);
            if (best == null || roundTrip < best.roundTripNanos) {
                best = new ClockOffset(offset, roundTrip);
            }
        }
        return best;
    }

    /** Refuses, in one line, an offset whose size is above {@code max}. */
    public ClockOffset check(AgentLink link, Duration max) {
        if (Math.abs(offsetNanos) > max.toNanos()) {
            throw new HostsException(String.format(java.util.Locale.ROOT,
                    "agent %s at %s: its clock is %.3f ms off the controller's, above --max-clock-offset %.3f ms;"
                            + " synchronise the hosts' clocks (chrony or NTP)", link.name(), link.address(),
                    offsetNanos / 1e6, max.toNanos() / 1e6));
        }
        return this;
    }

    public double offsetMillis() {
        return offsetNanos / 1e6;
    }
}
