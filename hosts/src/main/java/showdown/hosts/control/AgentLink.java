package showdown.hosts.control;

import java.io.EOFException;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.SSLPeerUnverifiedException;
import javax.net.ssl.SSLSocket;
import showdown.contract.AgentRole;
import showdown.hosts.tls.ChannelTls;
import showdown.hosts.wire.Channel;
import showdown.hosts.wire.Message;
import showdown.hosts.wire.WireException;

/**
 * The controller's connection to one agent: the handshake and hello, a heartbeat each way, and
 * the agent's messages in order. The link is LOST as soon as the connection closes or the agent
 * has been silent past the heartbeat timeout; every wait then ends with {@link AgentLostException}.
 */
public final class AgentLink implements AutoCloseable {

    static final Duration HEARTBEAT_INTERVAL = Duration.ofSeconds(1);
    private static final int CONNECT_TIMEOUT_MILLIS = 10_000;

    private final String name;
    private final String address;
    private final Channel channel;
    private final Message.Welcome welcome;
    private final Duration heartbeatTimeout;
    private final LinkedBlockingQueue<Message> inbox = new LinkedBlockingQueue<>();
    private volatile long lastHeardNanos = System.nanoTime();
    private volatile String lostReason;
    private volatile boolean closing;

    private AgentLink(String name, String address, Channel channel, Message.Welcome welcome, Duration heartbeatTimeout) {
        this.name = name;
        this.address = address;
        this.channel = channel;
        this.welcome = welcome;
        this.heartbeatTimeout = heartbeatTimeout;
    }

    /**
     * Connects to the agent at {@code host:port}, checks its certificate against the run's CA and
     * its role, and starts the heartbeats. One line on any failure ({@link HostsException}).
     */
    public static AgentLink connect(String name, String host, int port, AgentRole role, ChannelTls tls,
                                    Duration heartbeatTimeout) {
        return connect(name, host, port, role, tls, heartbeatTimeout, null);
    }

    /**
     * As {@link #connect(String, String, int, AgentRole, ChannelTls, Duration)}, and the agent must
     * present exactly {@code pinned}'s certificate: another agent of the same run, whose
     * certificate the CA signed too, is refused in one line.
     *
     * @param pinned the agent's own certificate; null: any agent certificate of the run's CA
     */
    public static AgentLink connect(String name, String host, int port, AgentRole role, ChannelTls tls,
                                    Duration heartbeatTimeout, AgentPin pinned) {
        String address = host + ":" + port;
        SSLSocket socket;
        try {
            socket = (SSLSocket) tls.context().getSocketFactory().createSocket();
            socket.connect(new InetSocketAddress(host, port), CONNECT_TIMEOUT_MILLIS);
        } catch (IOException e) {
            throw new HostsException("agent " + name + " at " + address + ": cannot connect: " + e.getMessage());
        }
        Channel channel;
        Message first;
        try {
            tls.configure(socket, false);
            socket.setSoTimeout(CONNECT_TIMEOUT_MILLIS);
            socket.startHandshake();
            if (pinned != null && !pinned.matches((X509Certificate) socket.getSession().getPeerCertificates()[0])) {
                close(socket);
                throw new HostsException("agent " + name + " at " + address + ": refused: it presents another"
                        + " certificate than " + pinned.givenAs() + " (" + subject(socket) + ")");
            }
            channel = new Channel(socket);
            channel.send(new Message.Hello("showdown run", role.id()));
            first = channel.receive();
            while (first instanceof Message.Heartbeat) {
                first = channel.receive();
            }
            socket.setSoTimeout(0);
        } catch (javax.net.ssl.SSLException e) {
            close(socket);
            throw new HostsException("agent " + name + " at " + address + ": refused: TLS handshake failed, its certificate"
                    + " is not an agent's of this run's CA or it does not take ours for the controller's ("
                    + firstLine(e.getMessage()) + ")");
        } catch (IOException | WireException e) {
            close(socket);
            throw new HostsException("agent " + name + " at " + address + ": no hello: " + firstLine(e.getMessage()));
        }
        if (first instanceof Message.Refused r) {
            channel.close();
            throw new HostsException("agent " + name + " at " + address + " refused: " + r.reason());
        }
        if (!(first instanceof Message.Welcome w)) {
            channel.close();
            throw new HostsException("agent " + name + " at " + address + ": answered hello with "
                    + first.getClass().getSimpleName());
        }
        AgentLink link = new AgentLink(name, address, channel, w, heartbeatTimeout);
        Thread.ofVirtual().name("showdown-link-reader-" + name).start(link::read);
        Thread.ofVirtual().name("showdown-link-heartbeat-" + name).start(link::beat);
        return link;
    }

    private static String subject(SSLSocket socket) {
        try {
            return socket.getSession().getPeerPrincipal().getName();
        } catch (SSLPeerUnverifiedException e) {
            return "unverified";
        }
    }

    public String name() {
        return name;
    }

    public String address() {
        return address;
    }

    /** What the agent said of itself. */
    public Message.Welcome welcome() {
        return welcome;
    }

    public boolean lost() {
        return lostReason != null;
    }

    public void send(Message m) {
        if (lostReason != null) {
            throw lostError();
        }
        try {
            channel.send(m);
        } catch (IOException e) {
            lose("the connection broke: " + e.getMessage());
            throw lostError();
        }
    }

    /** Sends, and says whether it went: for messages a lost agent may simply miss. */
    public boolean trySend(Message m) {
        try {
            send(m);
            return true;
        } catch (AgentLostException e) {
            return false;
        }
    }

    /**
     * The agent's next message of kind {@code type}, waiting at most {@code timeout}. A refusal or a
     * failed target that arrives first is thrown at once with the agent's reason, so the user reads
     * why rather than a timeout; other messages that arrive first are dropped.
     */
    public <T extends Message> T await(Class<T> type, Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            Message m = next(deadline);
            if (m == null) {
                throw new HostsException("agent " + name + " at " + address + ": no " + type.getSimpleName() + " within "
                        + timeout.toSeconds() + " s");
            }
            if (type.isInstance(m)) {
                return type.cast(m);
            }
            if (m instanceof Message.Refused r) {
                throw new HostsException("agent " + name + " at " + address + " refused: " + r.reason());
            }
            if (m instanceof Message.TargetFailed f) {
                throw new HostsException("agent " + name + " at " + address + ": "
                        + (f.name().isEmpty() ? "" : "target " + f.name() + ": ") + f.reason());
            }
        }
    }

    /**
     * The next message, or null at the deadline; throws {@link AgentLostException} once the link is
     * lost and every message that came before has been taken.
     */
    public Message next(long deadlineNanos) {
        while (true) {
            Message m = inbox.poll();
            if (m != null) {
                return m;
            }
            if (lostReason != null) {
                throw lostError();
            }
            long left = deadlineNanos - System.nanoTime();
            if (left <= 0) {
                return null;
            }
            try {
                m = inbox.poll(Math.min(left, TimeUnit.MILLISECONDS.toNanos(100)), TimeUnit.NANOSECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new HostsException("interrupted while waiting for agent " + name);
            }
            if (m != null) {
                return m;
            }
            if (System.nanoTime() - lastHeardNanos > heartbeatTimeout.toNanos()) {
                lose("silent for " + heartbeatTimeout.toSeconds() + " s");
            }
        }
    }

    private void read() {
        try {
            while (true) {
                Message m = channel.receive();
                lastHeardNanos = System.nanoTime();
                if (!(m instanceof Message.Heartbeat)) {
                    inbox.add(m);
                }
            }
        } catch (EOFException e) {
            lose("it closed the connection");
        } catch (IOException | WireException e) {
            lose("the connection broke: " + e.getMessage());
        }
    }

    private void beat() {
        long seq = 0;
        while (lostReason == null) {
            if (!channel.trySend(new Message.Heartbeat(seq++))) {
                lose("the connection broke");
                return;
            }
            try {
                Thread.sleep(HEARTBEAT_INTERVAL);
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    private void lose(String reason) {
        if (lostReason == null) {
            lostReason = closing ? "closed" : reason;
        }
        channel.close();
    }

    private AgentLostException lostError() {
        return new AgentLostException("agent " + name + " at " + address + " lost: " + lostReason);
    }

    /** Tells the agent the run is over (it exits) and closes the link. */
    public void end() {
        closing = true;
        if (lostReason == null) {
            channel.trySend(new Message.End());
        }
        close();
    }

    @Override
    public void close() {
        closing = true;
        lose("closed");
    }

    private static void close(SSLSocket s) {
        try {
            s.close();
        } catch (IOException e) {
            // closing
        }
    }

    static String firstLine(String s) {
        if (s == null) {
            return "";
        }
        int nl = s.indexOf('\n');
        return nl < 0 ? s : s.substring(0, nl);
    }
}
