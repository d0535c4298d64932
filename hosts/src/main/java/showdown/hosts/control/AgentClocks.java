package showdown.hosts.control;

import java.time.Duration;
import showdown.hosts.Clock;

/**
 * The one place the controller measures an agent's clock offset: on the controller's clock,
 * NTP-style ({@link ClockOffset#measure}), refused in one line when it is above the run's bound
 * beyond its error. A run measures each agent when it connects and again before every case.
 *
 * @param clock the controller's clock
 * @param max   {@code --max-clock-offset}
 */
public record AgentClocks(Clock clock, Duration max) {

    /** The agent's offset with its error bound, measured now. */
    public ClockOffset offset(AgentLink link) {
        return ClockOffset.measure(link, clock, max).check(link, max);
    }
}
