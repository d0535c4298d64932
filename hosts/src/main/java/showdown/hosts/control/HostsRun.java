package showdown.hosts.control;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import showdown.contract.AgentRole;
import showdown.harness.measure.CaseMeasurer;
import showdown.harness.run.LoadSource;
import showdown.harness.run.TargetHost;
import showdown.hosts.Clock;
import showdown.hosts.agent.AgentConfig;
import showdown.hosts.tls.ChannelTls;
import showdown.hosts.tls.RunCertificates;

/**
 * The controller's side of a multi-host run: every agent of the inventory started through an
 * {@link AgentLauncher} (and then held to the certificate it was given) or dialled as it is (and
 * held to its host's certificate in the controller's folder when that holds one), its role and
 * clock checked, and the run's two seams, {@link #targets()} and
 * {@link #load()}, built on them. Closing it ends every agent (the server agent stops its target)
 * and stops what the launchers started.
 */
public final class HostsRun implements AutoCloseable {

    private final List<AgentLink> links = new ArrayList<>();
    private final List<AgentLauncher.Launched> launched = new ArrayList<>();
    private final List<AutoCloseable> closedLast = new ArrayList<>();
    private final List<String> heldToTheCaOnly = new ArrayList<>();
    private ServerAgentHost server;
    private AgentMeasurer measurer;
    private boolean finished;

    private HostsRun() {
    }

    /**
     * @param certs          the run's certificates ({@code showdown certs}): the controller's are used here,
     *                       the agents' go to the launchers
     * @param launchers      for hosts that are not {@code agent://}; none: such hosts are refused in one line
     */
    public static HostsRun open(Inventory inventory, Path certs, Duration maxClockOffset, Duration heartbeatTimeout,
                                List<AgentLauncher> launchers, Clock clock) {
        ChannelTls tls = ChannelTls.controller(certs);
        HostsRun run = new HostsRun();
        AgentClocks clocks = new AgentClocks(clock, maxClockOffset);
        try {
            Inventory.Host s = inventory.server();
            AgentLink serverLink = run.connect(s, AgentRole.SERVER, List.of(), tls, certs, heartbeatTimeout, launchers);
            clocks.offset(serverLink); // refused now, before any target is built, when it is off
            run.server = new ServerAgentHost(serverLink, s.targetAddress());
            List<AgentLink> loadLinks = new ArrayList<>();
            for (Inventory.Host h : inventory.load()) {
                AgentLink l = run.connect(h, AgentRole.LOAD, List.of(s.targetAddress()), tls, certs,
                        heartbeatTimeout, launchers);
                clocks.offset(l);
                loadLinks.add(l);
            }
            run.measurer = new AgentMeasurer(new AgentLoad(loadLinks, clocks), run.server, CaseMeasurer.DEFAULT_SLICE);
            return run;
        } catch (RuntimeException e) {
            run.close();
            throw e;
        }
    }

    /**
     * The line to say at the start of the run when an {@code agent://} host has no certificate of
     * its own in the controller's folder ({@code agents/HOST/agent.pem}, what {@code showdown certs
     * --hosts} makes), so that its agent is held only to the run's CA and its role; empty when
     * every agent is pinned to its own certificate.
     */
    public Optional<String> unpinnedNotice() {
        if (heldToTheCaOnly.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of("showdown run: agent " + String.join(", ", heldToTheCaOnly) + " held to the run's CA and role"
                + " only: the certificate folder has no agents/HOST/agent.pem for "
                + (heldToTheCaOnly.size() == 1 ? "it" : "them") + ", so any agent of the run could answer in its place"
                + " ('showdown certs --hosts' makes one per host)");
    }

    /** The default heartbeat timeout the launched agents get. */
    public static Duration defaultHeartbeatTimeout() {
        return AgentConfig.DEFAULT_HEARTBEAT_TIMEOUT;
    }

    private AgentLink connect(Inventory.Host h, AgentRole role, List<String> allow, ChannelTls tls, Path certs,
                              Duration heartbeatTimeout, List<AgentLauncher> launchers) {
        String host;
        int port;
        AgentPin pinned;
        if (h.running()) {
            host = h.agentHost();
            port = h.agentPort();
            Optional<Path> own = RunCertificates.heldAgentFolder(certs, host);
            pinned = own.map(f -> AgentPin.fromFolder(RunCertificates.agentCertificate(f), host)).orElse(null);
            if (own.isEmpty()) {
                heldToTheCaOnly.add(h.name());
            }
        } else {
            AgentLauncher launcher = launchers.stream().filter(l -> l.handles(h.agent())).findFirst()
                    .orElseThrow(() -> AgentLauncher.missing(h.name(), h.agent()));
            AgentLauncher.Launched started = launcher.launch(h.name(), h.agent(), role, allow, certs, heartbeatTimeout);
            launched.add(started);
            host = started.host();
            port = started.port();
            pinned = AgentPin.launched(RunCertificates.agentCertificate(started.certificateFolder()));
        }
        AgentLink link = AgentLink.connect(h.name(), host, port, role, tls, heartbeatTimeout, pinned);
        links.add(link);
        return link;
    }

    /**
     * Has {@link #close()} close {@code resource} too, after every launched agent is stopped: the
     * client a launcher started them through.
     */
    public HostsRun alsoClosing(AutoCloseable resource) {
        closedLast.add(resource);
        return this;
    }

    public TargetHost targets() {
        return server;
    }

    public LoadSource load() {
        return measurer;
    }

    /** The run is over: {@link #close()} ends the agents. Without it, they are left waiting for a {@code --resume}. */
    public void finished() {
        finished = true;
    }

    /**
     * After {@link #finished()}, ends every agent (the server agent stops its target). Otherwise, as
     * after a failure or Ctrl-C, only drops the connections: each agent stops what it started at
     * once and waits its heartbeat timeout for {@code run --resume} before it ends itself. Then
     * stops what the launchers started. Idempotent.
     */
    @Override
    public void close() {
        for (AgentLink l : links) {
            if (finished) {
                l.end();
            } else {
                l.close();
            }
        }
        links.clear();
        for (AgentLauncher.Launched l : launched) {
            try {
                l.close();
            } catch (RuntimeException e) {
                // the others still get stopped
            }
        }
        launched.clear();
        for (AutoCloseable c : closedLast) {
            try {
                c.close();
            } catch (Exception e) {
                // the others still get closed
            }
        }
        closedLast.clear();
    }
}
