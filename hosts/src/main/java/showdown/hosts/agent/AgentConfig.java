package showdown.hosts.agent;

import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import showdown.contract.AgentRole;
import showdown.hosts.Clock;
import showdown.hosts.tls.ChannelTls;

/**
 * How an agent was started ({@code showdown agent ...}).
 *
 * @param role             what the agent does for the controller
 * @param listenHost       the address it listens on
 * @param listenPort       its port; 0 picks a free one (tests)
 * @param tls              its certificate and the run's CA
 * @param allow            load role: the server addresses it may load, {@code HOST} (any port) or
 *                         {@code HOST:PORT}; nothing else, whatever a plan says
 * @param heartbeatTimeout once a controller has connected, the agent ends itself after this long without a word from it
 * @param home             server role: the checkout whose targets it may start
 * @param clock            its wall clock (tests give it an offset)
 * @param out              where the agent's lines go (stdout)
 * @param runs             whether the agent ends with its first run or serves one run after another
 */
public record AgentConfig(AgentRole role, String listenHost, int listenPort, ChannelTls tls, List<String> allow,
                          Duration heartbeatTimeout, Path home, Clock clock, PrintStream out, Runs runs) {

    public static final Duration DEFAULT_HEARTBEAT_TIMEOUT = Duration.ofSeconds(15);

    /** How many runs an agent serves. */
    public enum Runs {
        /** It ends when its run does ("end", or the controller's silence): agents a deployer starts. */
        ONE,
        /** After a run it listens for the next, keeping nothing of the last: agents started by hand. */
        ONE_AFTER_ANOTHER
    }

    public AgentConfig {
        allow = List.copyOf(allow);
    }

    public AgentConfig withClock(Clock c) {
        return new AgentConfig(role, listenHost, listenPort, tls, allow, heartbeatTimeout, home, c, out, runs);
    }

    public AgentConfig withHeartbeatTimeout(Duration d) {
        return new AgentConfig(role, listenHost, listenPort, tls, allow, d, home, clock, out, runs);
    }
}
