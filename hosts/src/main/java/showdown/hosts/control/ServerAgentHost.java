package showdown.hosts.control;

import java.nio.file.Path;
import java.time.Duration;
import java.util.OptionalLong;
import showdown.harness.run.TargetHost;
import showdown.harness.targets.Availability;
import showdown.harness.targets.CompilerTime;
import showdown.harness.targets.SelfSignedCertificate;
import showdown.harness.targets.ServedTarget;
import showdown.harness.targets.StartOptions;
import showdown.harness.targets.TargetBuilder;
import showdown.harness.targets.TargetException;
import showdown.harness.targets.TargetUnavailableException;
import showdown.harness.targets.UnavailableProtocols;
import showdown.harness.targets.TargetManifest;
import showdown.hosts.wire.Message;

/**
 * Targets on the server agent's host: the agent builds and starts a target by its name from its
 * own checkout, and the load reaches it at the inventory's server address. Whether a target can
 * run there is the agent's to say when it starts it.
 */
public final class ServerAgentHost implements TargetHost {

    /** A build on the server's host, then a cold start: as long as a local run allows both. */
    private static final Duration START_TIMEOUT = TargetBuilder.BUILD_TIMEOUT.plus(StartOptions.DEFAULT_READY_TIMEOUT)
            .plusMinutes(1);
    private static final Duration STOP_TIMEOUT = Duration.ofSeconds(30);

    private final AgentLink link;
    private final String targetAddress;

    public ServerAgentHost(AgentLink link, String targetAddress) {
        this.link = link;
        this.targetAddress = targetAddress;
    }

    public AgentLink link() {
        return link;
    }

    /** How the results name the server's host: {@code server (HOST:PORT)}. */
    public String describe() {
        return link.name() + " (" + link.address() + ")";
    }

    @Override
    public Availability availability(TargetManifest m, Path showdownHome) {
        return Availability.READY;
    }

    @Override
    public void ensureBuilt(TargetManifest m, Path showdownHome, Path log) {
        // built by the agent, from its own checkout, when it starts the target
    }

    @Override
    public ServedTarget start(TargetManifest m, StartOptions options) {
        link.send(new Message.StartTarget(m.name(), options.env(), null));
        Message reply;
        do {
            reply = link.next(System.nanoTime() + START_TIMEOUT.toNanos());
            if (reply == null) {
                throw new TargetException("the server agent did not start " + m.name() + " within "
                        + START_TIMEOUT.toMinutes() + " min");
            }
        } while (!(reply instanceof Message.TargetStarted) && !(reply instanceof Message.TargetFailed)
                && !(reply instanceof Message.TargetUnavailable) && !(reply instanceof Message.Refused));
        return switch (reply) {
            case Message.TargetStarted s -> new RemoteTarget(m, s);
            case Message.TargetFailed f -> throw new TargetException("on " + link.name() + ": " + f.reason());
            case Message.TargetUnavailable u -> throw new TargetUnavailableException(u.reason());
            case Message.Refused r -> throw new TargetException("on " + link.name() + ": refused: " + r.reason());
            default -> throw new IllegalStateException("unexpected " + reply);
        };
    }

    /** A target on the server's host, as the controller knows it. */
    final class RemoteTarget implements ServedTarget {
        private final TargetManifest manifest;
        private final Message.TargetStarted started;
        private volatile boolean alive = true;
        private boolean closed;

        RemoteTarget(TargetManifest manifest, Message.TargetStarted started) {
            this.manifest = manifest;
            this.started = started;
        }

        @Override
        public TargetManifest manifest() {
            return manifest;
        }

        @Override
        public UnavailableProtocols unavailableProtocols() {
            return UnavailableProtocols.of(started.unavailableProtocols());
        }

        @Override
        public String host() {
            return targetAddress;
        }

        @Override
        public int port() {
            return started.port();
        }

        @Override
        public int tlsPort() {
            return started.tlsPort();
        }

        @Override
        public SelfSignedCertificate certificate() {
            return null;
        }

        @Override
        public Duration timeToFirstResponse() {
            return Duration.ofMillis(started.timeToFirstResponseMillis());
        }

        @Override
        public long idleRssBytes() {
            return started.idleRssBytes();
        }

        /** What the last window said, and whether the agent is still there. */
        @Override
        public boolean isAlive() {
            return alive && !link.lost();
        }

        void markExited() {
            alive = false;
        }

        @Override
        public Path errLog() {
            return null;
        }

        @Override
        public OptionalLong localPid() {
            return OptionalLong.empty();
        }

        /** Its compilers, read by the server agent on its host ({@link AgentCompilers}). */
        @Override
        public CompilerTime watchCompilers() {
            return new AgentCompilers(link);
        }

        @Override
        public synchronized void close() {
            if (closed || link.lost()) {
                closed = true;
                return;
            }
            closed = true;
            try {
                link.send(new Message.StopTarget());
                link.await(Message.TargetStopped.class, STOP_TIMEOUT);
            } catch (HostsException e) {
                // the agent stops its target itself when it loses the controller or ends
            }
        }
    }
}
