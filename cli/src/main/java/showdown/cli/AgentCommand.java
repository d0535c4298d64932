package showdown.cli;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import showdown.contract.AgentFlags;
import showdown.contract.AgentRole;
import showdown.harness.targets.ShowdownHome;
import showdown.hosts.Clock;
import showdown.hosts.agent.Agent;
import showdown.hosts.agent.AgentConfig;
import showdown.hosts.tls.CertificateRole;
import showdown.hosts.tls.ChannelTls;
import showdown.hosts.tls.TlsSetupException;
import showdown.load.LoadException;
import showdown.load.Units;

/**
 * {@code showdown agent}: the process a multi-host run drives on each host (docs/hosts.md). It
 * prints one line when it listens, obeys only its run's controller, and serves one run after
 * another until SIGTERM; with {@code --one-run} it ends on "end" or the controller's silence
 * past the heartbeat timeout.
 */
final class AgentCommand extends Command {

    private static final int MAX_PORT = 65_535;

    private String role;
    private String listen;
    private Path ca;
    private Path cert;
    private Path key;
    private final List<String> allow = new ArrayList<>();
    private Duration heartbeatTimeout = AgentConfig.DEFAULT_HEARTBEAT_TIMEOUT;
    private Path home;
    private AgentConfig.Runs runs = AgentConfig.Runs.ONE_AFTER_ANOTHER;

    AgentCommand() {
        super("agent", "Runs an agent of a multi-host run: the server's host (targets) or a load host.",
                "Listens on --listen for the run's controller (mutual TLS, the run's CA only) and prints",
                "'showdown agent: listening on HOST:PORT (role ROLE)' when ready. See docs/hosts.md.");
    }

    @Override
    List<String> exitCodes() {
        return List.of("0:SIGTERM, or with --one-run the controller ended the run",
                "2:bad input (flag, certificate file)",
                "3:with --one-run, the controller was silent past --heartbeat-timeout");
    }

    @Override
    void declare(Options o) {
        o.value(AgentFlags.ROLE, "server|load", "What this host does: start the targets, or generate load.",
                        v -> role = v)
                .value(AgentFlags.LISTEN, "HOST:PORT", "The address to listen on for the controller.", v -> listen = v)
                .value(AgentFlags.CA, "FILE", "The run's CA certificate (ca.pem from 'showdown certs').",
                        v -> ca = Options.toPath(AgentFlags.CA, v))
                .value(AgentFlags.CERT, "FILE", "This agent's certificate (agent.pem).",
                        v -> cert = Options.toPath(AgentFlags.CERT, v))
                .value(AgentFlags.KEY, "FILE", "Its PKCS#8 key (agent-key.pem).",
                        v -> key = Options.toPath(AgentFlags.KEY, v))
                .values(AgentFlags.ALLOW, "HOST[:PORT]", 64, "Load role: a server address it may load, every port of"
                        + " HOST without :PORT (repeatable; nothing else is ever loaded).", allow::add)
                .value(AgentFlags.HEARTBEAT_TIMEOUT, "D", "End when the controller is silent this long (default: "
                        + heartbeatTimeout.toSeconds() + "s).",
                        v -> heartbeatTimeout = duration(AgentFlags.HEARTBEAT_TIMEOUT, v))
                .flag(AgentFlags.SERVE_RUNS, "After a run, listen for the next, keeping nothing of it (the default).",
                        () -> runs = AgentConfig.Runs.ONE_AFTER_ANOTHER)
                .flag(AgentFlags.ONE_RUN, "End when the first run ends (what 'run' passes to the agents it starts).",
                        () -> runs = AgentConfig.Runs.ONE)
                .value(AgentFlags.HOME, "DIR", "Server role: the checkout whose targets it may start (default:"
                        + " SHOWDOWN_HOME).", v -> home = Options.toPath(AgentFlags.HOME, v));
    }

    @Override
    int call(List<String> args) throws IOException {
        AgentRole r = AgentRole.parse(role);
        if (r == null) {
            throw new UsageException("--role is server or load" + (role == null ? "" : ", not '" + role + "'"));
        }
        if (listen == null || ca == null || cert == null || key == null) {
            throw new UsageException("--listen, --ca, --cert and --key are required");
        }
        int colon = listen.lastIndexOf(':');
        if (colon <= 0) {
            throw new UsageException("--listen takes HOST:PORT, not '" + listen + "'");
        }
        String host = listen.substring(0, colon).replace("[", "").replace("]", "");
        int port = Options.toInt("--listen", listen.substring(colon + 1));
        if (port < 0 || port > MAX_PORT) {
            throw new UsageException("--listen: port " + port + " is not a TCP port (0-" + MAX_PORT
                    + "; 0 picks a free one)");
        }
        if (r == AgentRole.SERVER && !allow.isEmpty()) {
            throw new UsageException("--allow is for load agents; a server agent loads nothing");
        }
        ChannelTls tls;
        try {
            tls = ChannelTls.load(ca, cert, key, CertificateRole.AGENT);
        } catch (TlsSetupException e) {
            throw new UserException(e.getMessage());
        }
        AgentConfig config = new AgentConfig(r, host, port, tls, allow, heartbeatTimeout,
                home != null ? home.toAbsolutePath().normalize() : ShowdownHome.resolve(), Clock.system(), System.out,
                runs);
        Agent agent;
        try {
            agent = new Agent(config);
        } catch (IOException e) {
            throw new UserException("cannot listen on " + listen + ": " + e.getMessage());
        }
        onTerminate(agent);
        return agent.serve().code;
    }

    /** SIGTERM and Ctrl-C end the agent as "end" does: it stops its target and exits 0. */
    private static void onTerminate(Agent agent) {
        try {
            for (String name : List.of("TERM", "INT")) {
                sun.misc.Signal.handle(new sun.misc.Signal(name), s -> agent.stop());
            }
        } catch (IllegalArgumentException | UnsupportedOperationException e) {
            Runtime.getRuntime().addShutdownHook(new Thread(agent::close, "showdown-agent-stop"));
        }
    }

    private static Duration duration(String option, String value) {
        try {
            return Units.parseDuration(value);
        } catch (LoadException e) {
            throw new UsageException(option + ": " + e.getMessage());
        }
    }
}
