package showdown.hosts.control;

import java.time.Duration;
import showdown.hosts.Clock;
import showdown.hosts.wire.Message;

/**
 * An agent's clock offset, measured NTP-style over the control channel: round trips, and the one
 * with the shortest round trip wins (its midpoint is the least uncertain). The offset is the
 * agent's clock minus the controller's; its error is at most half that round trip. A busy host
 * stretches round trips, so the probes go on (up to {@value #MAX_PROBES}) until one is short
 * enough, and an agent is refused only when its offset is above the bound beyond that error.
 *
 * @param offsetNanos agent clock minus controller clock
 * @param roundTripNanos the round trip of the sample the offset comes from
 */
public record ClockOffset(long offsetNanos, long roundTripNanos) {

    public static final int PROBES = 8;
    static final int MAX_PROBES = 32;
    public static final Duration DEFAULT_MAX = Duration.ofMillis(1);
    private static final Duration PROBE_TIMEOUT = Duration.ofSeconds(5);

    public static ClockOffset measure(AgentLink link, Clock clock) {
        return measure(link, clock, DEFAULT_MAX);
    }

    /** Probes until a round trip's half is within a quarter of {@code bound}, at least {@value #PROBES} times. */
    public static ClockOffset measure(AgentLink link, Clock clock, Duration bound) {
        ClockOffset best = null;
        for (int seq = 0; seq < MAX_PROBES; seq++) {
            if (seq >= PROBES && best.errorNanos() * 4 <= bound.toNanos()) {
                break;
            }
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

    /** The most this estimate can be off: half the round trip it comes from. */
    public long errorNanos() {
        return roundTripNanos / 2;
    }

    /** Refuses, in one line, an offset above {@code max} by more than its error. */
    public ClockOffset check(AgentLink link, Duration max) {
        if (Math.abs(offsetNanos) - errorNanos() > max.toNanos()) {
            throw new HostsException(String.format(java.util.Locale.ROOT,
                    "agent %s at %s: its clock is %.3f ms off the controller's (± %.3f ms), above --max-clock-offset"
                            + " %.3f ms; synchronise the hosts' clocks (chrony or NTP)", link.name(), link.address(),
                    offsetNanos / 1e6, errorNanos() / 1e6, max.toNanos() / 1e6));
        }
        return this;
    }

    public double offsetMillis() {
        return offsetNanos / 1e6;
    }

    public double errorMillis() {
        return errorNanos() / 1e6;
    }
}
