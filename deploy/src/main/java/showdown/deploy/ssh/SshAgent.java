package showdown.deploy.ssh;

import java.time.Duration;
import java.util.EnumSet;
import org.apache.sshd.client.channel.ChannelExec;
import org.apache.sshd.client.channel.ClientChannelEvent;
import org.apache.sshd.client.session.ClientSession;
import showdown.deploy.DeployException;
import showdown.deploy.ShutdownGuard;

/**
 * An agent running on a host over SSH. It lives as long as the SSH session that started it: closing
 * this stops it (TERM, then KILL after the stop timeout) and removes its directory; if the controller
 * dies instead, the session ends and the remote side stops the agent and removes the directory by
 * itself.
 */
public final class SshAgent implements AutoCloseable {

    private final SshAddress address;
    private final String dialAddress;
    private final long pid;
    private final String remoteDir;
    private final ClientSession session;
    private final ChannelExec channel;
    private final Duration stopTimeout;
    private final Duration commandTimeout;
    private final ShutdownGuard guard;

    SshAgent(SshAddress address, String dialAddress, long pid, String remoteDir, ClientSession session,
            ChannelExec channel, Duration stopTimeout, Duration commandTimeout) {
        this.address = address;
        this.dialAddress = dialAddress;
        this.pid = pid;
        this.remoteDir = remoteDir;
        this.session = session;
        this.channel = channel;
        this.stopTimeout = stopTimeout;
        this.commandTimeout = commandTimeout;
        this.guard = ShutdownGuard.register("showdown-ssh-stop-" + address.host(), this::stop);
    }

    /** {@code HOST:PORT} where the controller dials the agent. */
    public String dialAddress() {
        return dialAddress;
    }

    /** The agent's process id on its host. */
    public long pid() {
        return pid;
    }

    /** The directory the agent and its certificates were copied to. */
    public String remoteDir() {
        return remoteDir;
    }

    public SshAddress address() {
        return address;
    }

    /** Stops the agent and removes its directory (once; also from the shutdown hook on Ctrl-C). */
    @Override
    public void close() {
        guard.close();
    }

    private void stop() {
        boolean interrupted = Thread.interrupted();
        try {
            RemoteShell shell = new RemoteShell(session, address, commandTimeout);
            shell.run("kill -TERM " + pid + " 2>/dev/null; true", null);
            if (!channel.waitFor(EnumSet.of(ClientChannelEvent.CLOSED), stopTimeout).contains(ClientChannelEvent.CLOSED)) {
                shell.run("kill -KILL " + pid + " 2>/dev/null; true", null);
            }
            shell.check("rm -rf " + RemoteShell.quote(remoteDir), null, "removing " + remoteDir);
        } catch (DeployException e) {
            throw new DeployException(e.getMessage() + " (stopping the agent, pid " + pid + " in " + remoteDir + ")", e);
        } finally {
            channel.close(true);
            session.close(true);
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
