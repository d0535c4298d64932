package showdown.hosts.agent;

import java.io.EOFException;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import javax.net.ssl.SSLException;
import javax.net.ssl.SSLSocket;
import showdown.contract.AgentRole;
import showdown.contract.ListeningLine;
import showdown.hosts.wire.Channel;
import showdown.hosts.wire.Message;
import showdown.hosts.wire.WireException;

/**
 * {@code showdown agent}: one process per host, serving one controller at a time over mutual
 * TLS. It obeys only a peer whose certificate the run's CA signed with the controller's role (the
 * handshake refuses any other, an agent's own certificate included). Whatever a run started (a
 * target, a load) is stopped when its connection ends.
 *
 * <p>States: LISTENING (no controller yet; no timeout runs) → SERVING (a controller connected;
 * every frame resets the heartbeat) → the run ends: the controller said "end", or it was silent
 * past the timeout. A controller that drops may connect again while the timeout has not run out.
 * With {@link AgentConfig.Runs#ONE_AFTER_ANOTHER} the agent then goes back to LISTENING with
 * nothing of the run kept (each connection gets a role's work of its own); with
 * {@link AgentConfig.Runs#ONE} it ends, ENDED or HEARTBEAT_TIMEOUT. {@link #stop()} ends it in
 * any state.
 */
public final class Agent implements AutoCloseable {

    /** How the agent ended, with its process exit code. */
    public enum Exit {
        ENDED(0), HEARTBEAT_TIMEOUT(3);

        public final int code;

        Exit(int code) {
            this.code = code;
        }
    }

    /** How often the agent tells the controller it is there, and checks the controller's silence. */
    static final Duration HEARTBEAT_INTERVAL = Duration.ofSeconds(1);
    private static final int ACCEPT_POLL_MILLIS = 100;
    private static final int HANDSHAKE_TIMEOUT_MILLIS = 10_000;

    private final AgentConfig config;
    /** A plain socket: a peer's first byte is read before TLS starts ({@link PeerHandshake}). */
    private final ServerSocket server;
    private final RefusalLog refusals;
    private final AtomicLong lastHeardNanos = new AtomicLong();
    private final AtomicBoolean controllerSeen = new AtomicBoolean();
    private final AtomicReference<Channel> current = new AtomicReference<>();
    private final AtomicReference<Exit> exit = new AtomicReference<>();
    /** The connected controller's work: made for each connection, closed when it ends. */
    private final AtomicReference<RoleWork> work = new AtomicReference<>();

    /** Binds the listening socket; {@link #serve()} then runs the agent. */
    public Agent(AgentConfig config) throws IOException {
        this.config = config;
        this.server = new ServerSocket();
        this.refusals = new RefusalLog(this::line, RefusalLog.INTERVAL, System::nanoTime);
        server.setReuseAddress(true);
        server.bind(new InetSocketAddress(InetAddress.getByName(config.listenHost()), config.listenPort()));
        server.setSoTimeout(ACCEPT_POLL_MILLIS);
    }

    /** The address the agent listens on, HOST:PORT. */
    public String address() {
        return config.listenHost() + ":" + server.getLocalPort();
    }

    public int port() {
        return server.getLocalPort();
    }

    /** Runs until the controller ends the agent or falls silent; stops what the agent started. */
    public Exit serve() {
        config.out().println(new ListeningLine(config.listenHost(), port(), config.role().id()));
        config.out().flush();
        try {
            while (exit.get() == null) {
                if (timedOut()) {
                    String silence = "no word from the controller for " + config.heartbeatTimeout().toSeconds() + " s";
                    if (config.runs() == AgentConfig.Runs.ONE) {
                        line(silence + ": ending");
                        exit.compareAndSet(null, Exit.HEARTBEAT_TIMEOUT);
                        break;
                    }
                    line(silence + ": its run is over; listening for the next");
                    endRun();
                    continue;
                }
                refusals.tick();
                Socket socket;
                try {
                    socket = server.accept();
                } catch (SocketTimeoutException e) {
                    continue;
                } catch (SocketException e) {
                    break; // closed by stop()
                }
                Thread.ofVirtual().name("showdown-agent-controller").start(() -> serveController(socket));
            }
        } catch (IOException e) {
            line("cannot accept connections: " + e.getMessage());
            exit.compareAndSet(null, Exit.ENDED);
        } finally {
            shutdown();
        }
        return exit.get() == null ? Exit.ENDED : exit.get();
    }

    /** Ends the agent as "end" would (SIGTERM, tests). */
    public void stop() {
        exit.compareAndSet(null, Exit.ENDED);
    }

    @Override
    public void close() {
        stop();
        shutdown();
    }

    private void shutdown() {
        try {
            server.close();
        } catch (IOException e) {
            // closing
        }
        endRun();
    }

    /** Forgets the run: its connection is closed, what it started is stopped, no timeout runs. */
    private void endRun() {
        controllerSeen.set(false);
        Channel c = current.getAndSet(null);
        if (c != null) {
            c.close();
        }
        RoleWork w = work.getAndSet(null);
        if (w != null) {
            w.close();
        }
    }

    private boolean timedOut() {
        return controllerSeen.get() && System.nanoTime() - lastHeardNanos.get() > config.heartbeatTimeout().toNanos();
    }

    private void serveController(Socket raw) {
        String from = raw.getInetAddress().getHostAddress() + ":" + raw.getPort();
        Channel channel;
        switch (PeerHandshake.accept(raw, config.tls(), HANDSHAKE_TIMEOUT_MILLIS)) {
            case PeerHandshake.Refused r -> {
                refusals.refused(raw.getInetAddress(), "refused a peer at " + from + ": it " + r.describe());
                return;
            }
            case PeerHandshake.Accepted a -> {
                try {
                    channel = new Channel(a.socket());
                } catch (IOException e) {
                    line("dropped the controller at " + from + ": " + oneLine(e));
                    closeQuietly(a.socket());
                    return;
                }
            }
        }
        if (!current.compareAndSet(null, channel)) {
            channel.trySend(new Message.Refused("this agent already serves a controller"));
            line("refused a second controller at " + from + ": one is connected");
            channel.close();
            return;
        }
        heard();
        controllerSeen.set(true);
        Thread beat = Thread.ofVirtual().name("showdown-agent-heartbeat").start(() -> heartbeats(channel));
        RoleWork role = null;
        try {
            Message hello = channel.receive();
            heard();
            if (!(hello instanceof Message.Hello h)) {
                channel.trySend(new Message.Refused("the first message must be hello"));
                return;
            }
            if (!config.role().id().equals(h.role())) {
                String reason = "this agent's role is " + config.role().id() + ", not " + h.role();
                channel.trySend(new Message.Refused(reason));
                line("refused the controller at " + from + ": " + reason);
                return;
            }
            role = config.role() == AgentRole.LOAD ? new LoadWork(config, channel) : new ServerWork(config, channel);
            work.set(role);
            channel.send(new Message.Welcome(config.role().id(), config.listenHost() + ":" + port(),
                    Runtime.getRuntime().availableProcessors(), config.allow()));
            boolean runOver = false;
            while (exit.get() == null && !runOver) {
                Message m = channel.receive();
                heard();
                switch (m) {
                    case Message.Heartbeat hb -> { }
                    case Message.ClockProbe p -> channel.send(new Message.ClockReply(p.seq(), config.clock().epochNanos()));
                    case Message.End e -> {
                        role.close();
                        runOver = true;
                        if (config.runs() == AgentConfig.Runs.ONE) {
                            exit.compareAndSet(null, Exit.ENDED);
                        } else {
                            // free for the next controller before saying so: it may connect at once
                            work.compareAndSet(role, null);
                            current.compareAndSet(channel, null);
                            controllerSeen.set(false);
                            line("the controller at " + from + " ended its run; listening for the next");
                        }
                    }
                    default -> role.handle(m);
                }
            }
        } catch (EOFException | SocketException e) {
            // the controller went away; the heartbeat timeout decides whether it comes back
        } catch (SSLException e) {
            line("the controller at " + from + " broke the TLS channel: " + oneLine(e));
        } catch (IOException | WireException e) {
            line("dropped the controller at " + from + ": " + oneLine(e));
        } finally {
            beat.interrupt();
            // nothing runs without its controller: a target is stopped, a load ends
            if (role != null) {
                role.close();
                work.compareAndSet(role, null);
            }
            current.compareAndSet(channel, null);
            channel.close();
        }
    }

    private void heartbeats(Channel channel) {
        long seq = 0;
        while (!channel.isClosed() && !Thread.currentThread().isInterrupted()) {
            if (!channel.trySend(new Message.Heartbeat(seq++))) {
                return;
            }
            try {
                Thread.sleep(HEARTBEAT_INTERVAL);
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    private void heard() {
        lastHeardNanos.set(System.nanoTime());
    }

    private void line(String s) {
        config.out().println("showdown agent: " + s);
        config.out().flush();
    }

    static String oneLine(Throwable e) {
        String m = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        int nl = m.indexOf('\n');
        return nl < 0 ? m : m.substring(0, nl);
    }

    private static void closeQuietly(SSLSocket s) {
        try {
            s.close();
        } catch (IOException e) {
            // closing
        }
    }

    /** What a role does with the messages that are not the channel's own. */
    interface RoleWork extends AutoCloseable {
        /** Takes a request; one that takes long runs on a thread of the role, not the one reading the controller. */
        void handle(Message m) throws IOException;

        /** Stops whatever the role started; safe to call more than once. */
        @Override
        void close();
    }

    /** The lines a refusal prints: "showdown agent: refused ...". */
    static void refusal(AgentConfig config, String what) {
        config.out().println("showdown agent: refused " + what);
        config.out().flush();
    }
}
