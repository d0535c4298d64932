package showdown.deploy.ssh;

import java.io.IOException;
import java.io.InputStream;
import java.net.ConnectException;
import java.net.NoRouteToHostException;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.apache.sshd.client.SshClient;
import org.apache.sshd.client.channel.ChannelExec;
import org.apache.sshd.client.session.ClientSession;
import org.apache.sshd.common.NamedResource;
import org.apache.sshd.common.util.security.SecurityUtils;
import showdown.contract.ListeningLine;
import showdown.deploy.AgentCertificates;
import showdown.deploy.AgentOptions;
import showdown.deploy.DeployException;

/**
 * Starts agents on hosts over SSH (Apache MINA SSHD, key login, known_hosts checked): makes a fresh
 * directory on the host, copies the agent program and its certificates there, starts the agent tied
 * to the SSH session, and waits for its "listening" line. One deployer holds one SSH client for any
 * number of hosts; close every {@link SshAgent} before the deployer.
 */
public final class SshDeployer implements AutoCloseable {

    /** What the remote wrapper prints before the agent's own output. */
    static final String PID_PREFIX = "showdown-deploy: pid ";
    static final String EXIT_PREFIX = "showdown-deploy: exit ";
    /** The wrapper's status when it cannot enter the agent's directory. */
    private static final int NO_DIRECTORY_STATUS = 97;
    private static final int COMMAND_NOT_FOUND_STATUS = 127;
    /** While waiting for the agent, how often to look whether its channel closed. */
    private static final long CHANNEL_CHECK_NANOS = TimeUnit.MILLISECONDS.toNanos(200);
    private static final Pattern JAVA_VERSION = Pattern.compile("version \"(\\d+)(?:\\.(\\d+))?");

    private final SshSettings settings;
    private final List<KeyPair> keys;
    private final SshClient client;

    public SshDeployer(SshSettings settings) {
        this.settings = settings;
        this.keys = loadKeys(settings.identities());
        this.client = SshClient.setUpDefaultClient();
        client.setServerKeyVerifier(new HostKeyCheck(settings.knownHosts(), settings.acceptNewHostKeys()));
        client.start();
    }

    /**
     * Starts one agent on {@code address} and waits until it listens.
     *
     * @throws DeployException in one line: the host cannot be reached, its key or ours is refused, it has
     *     no Java 21, a file cannot be copied, or the agent ends or stays silent past the ready timeout;
     *     whatever was copied is removed first
     */
    public SshAgent start(SshAddress address, AgentProgram program, AgentCertificates certificates,
            AgentOptions options) {
        ClientSession session = login(address);
        RemoteShell shell = new RemoteShell(session, address, settings.connectTimeout());
        String dir = null;
        try {
            if (program.java() != null) {
                checkJava(shell, address, program.java());
            }
            dir = shell.check("mktemp -d " + RemoteShell.quote(settings.remoteParent() + "/showdown-agent.XXXXXX"),
                    null, "making a directory under " + settings.remoteParent()).strip();
            copy(shell, dir, program.files(), "644");
            copy(shell, dir, certificates.files(), "600");
            return launch(session, address, dir, program.commandLine(options.arguments(dir)));
        } catch (RuntimeException e) {
            if (dir != null) {
                try {
                    shell.run("rm -rf " + RemoteShell.quote(dir), null);
                } catch (RuntimeException cleanUp) {
                    e.addSuppressed(cleanUp);
                }
            }
            session.close(true);
            throw e;
        }
    }

    private ClientSession login(SshAddress address) {
        Duration timeout = settings.connectTimeout();
        ClientSession session;
        try {
            session = client.connect(address.user(), address.host(), address.port()).verify(timeout).getSession();
        } catch (IOException e) {
            throw new DeployException(address + ": cannot reach the host: " + unreachable(e, timeout), e);
        }
        try {
            for (KeyPair key : keys) {
                session.addPublicKeyIdentity(key);
            }
            session.auth().verify(timeout);
            return session;
        } catch (IOException e) {
            String refusal = session.getAttribute(HostKeyCheck.REFUSAL);
            session.close(true);
            if (refusal != null) {
                throw new DeployException(address + ": refused: " + refusal, e);
            }
            throw new DeployException(address + ": the login was refused for the key(s) "
                    + settings.identities().stream().map(p -> p.getFileName().toString()).collect(Collectors.joining(", "))
                    + " (is the public key in the user's authorized_keys?)", e);
        }
    }

    private static String unreachable(Throwable e, Duration timeout) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof ConnectException) {
                return "connection refused";
            }
            if (t instanceof NoRouteToHostException) {
                return "no route to host";
            }
            if (t instanceof UnknownHostException) {
                return "unknown host name";
            }
            if (t instanceof SocketTimeoutException) {
                return "no answer within " + timeout.toSeconds() + " s";
            }
        }
        String message = e.getMessage() == null ? e.toString() : e.getMessage();
        return message.toLowerCase().contains("timeout") ? "no answer within " + timeout.toSeconds() + " s" : message;
    }

    private static void checkJava(RemoteShell shell, SshAddress address, String java) {
        RemoteShell.Result result = shell.run("j=$(command -v " + RemoteShell.quote(java) + ") || exit "
                + COMMAND_NOT_FOUND_STATUS + "; \"$j\" -version 2>&1", null);
        if (result.status() == COMMAND_NOT_FOUND_STATUS) {
            throw new DeployException(address + ": no java on the host ('" + java + "' is not on its PATH; the agent needs"
                    + " Java " + AgentProgram.MIN_JAVA + " or newer)");
        }
        Matcher m = JAVA_VERSION.matcher(result.stdout());
        if (result.status() != 0 || !m.find()) {
            throw new DeployException(address + ": '" + java + " -version' failed on the host: "
                    + result.stdout().strip().replaceAll("\\s*\\R\\s*", " "));
        }
        int major = Integer.parseInt(m.group(1));
        if (major == 1 && m.group(2) != null) {
            major = Integer.parseInt(m.group(2));
        }
        if (major < AgentProgram.MIN_JAVA) {
            throw new DeployException(address + ": the host's java is version " + major + "; the agent needs "
                    + AgentProgram.MIN_JAVA + " or newer");
        }
    }

    private static void copy(RemoteShell shell, String dir, List<Path> files, String mode) {
        for (Path file : files) {
            String target = RemoteShell.quote(dir + "/" + file.getFileName());
            try (InputStream in = Files.newInputStream(file)) {
                shell.check("umask 077 && cat > " + target + " && chmod " + mode + " " + target, in,
                        "copying " + file.getFileName());
            } catch (IOException e) {
                throw new DeployException("cannot read " + file + ": " + e.getMessage(), e);
            }
        }
    }

    /**
     * Starts the agent under a small POSIX sh wrapper that ties it to the session: the wrapper prints
     * the agent's pid, and a watcher stops the agent when the session's stdin ends (the controller
     * closed it, or the connection died). When the agent ends, the wrapper removes its directory. The
     * wrapper and the agent ignore SIGHUP: the watcher's TERM, not the hang-up, is what stops the agent.
     */
    private SshAgent launch(ClientSession session, SshAddress address, String dir, List<String> commandLine) {
        String command = commandLine.stream().map(RemoteShell::quote).collect(Collectors.joining(" "));
        String quotedDir = RemoteShell.quote(dir);
        String script = String.join("\n",
                "cd " + quotedDir + " || exit " + NO_DIRECTORY_STATUS,
                // sshd may hang up on us when the connection dies: the wrapper must live on to clean up
                "trap '' HUP PIPE",
                "exec 3<&0",
                command + " </dev/null 3<&- &",
                "pid=$!",
                "echo \"" + PID_PREFIX + "$pid\"",
                "( cat <&3 >/dev/null; kill -TERM $pid 2>/dev/null ) >/dev/null 2>&1 &",
                "watcher=$!",
                "exec 3<&-",
                "wait $pid",
                "status=$?",
                "kill $watcher 2>/dev/null",
                "cd / && rm -rf " + quotedDir,
                "echo \"" + EXIT_PREFIX + "$status\"",
                "exit $status");
        LineQueue out = new LineQueue();
        LineQueue err = new LineQueue();
        ChannelExec channel;
        try {
            channel = session.createExecChannel(RemoteShell.shellCommand(script));
            channel.setOut(out);
            channel.setErr(err);
            channel.open().verify(settings.connectTimeout());
        } catch (IOException e) {
            throw new DeployException(address + ": cannot start the agent: " + e.getMessage(), e);
        }
        try {
            long[] pid = {-1};
            ListeningLine listening = awaitListening(address, channel, out, err, pid);
            return new SshAgent(address, listening.dialAddress(address.host()), pid[0], dir, session, channel,
                    settings.stopTimeout(), settings.connectTimeout());
        } catch (RuntimeException e) {
            channel.close(true);
            throw e;
        }
    }

    private ListeningLine awaitListening(SshAddress address, ChannelExec channel, LineQueue out, LineQueue err,
            long[] pid) {
        long deadline = System.nanoTime() + settings.readyTimeout().toNanos();
        ListeningLine listening = null;
        while (listening == null || pid[0] < 0) {
            long left = deadline - System.nanoTime();
            String line;
            try {
                line = left <= 0 ? null : out.lines().poll(Math.min(left, CHANNEL_CHECK_NANOS), TimeUnit.NANOSECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new DeployException(address + ": interrupted while waiting for the agent");
            }
            if (line == null && left > 0) {
                if (channel.isClosed()) {
                    line = LineQueue.END;
                } else {
                    continue;
                }
            }
            if (line == null) {
                throw new DeployException(address + ": the agent did not say it was listening within "
                        + settings.readyTimeout().toSeconds() + " s" + lastWords(err));
            }
            if (line == LineQueue.END || line.startsWith(EXIT_PREFIX)) {
                String status = line.startsWith(EXIT_PREFIX) ? " with status " + line.substring(EXIT_PREFIX.length()) : "";
                throw new DeployException(address + ": the agent ended" + status + " before it listened" + lastWords(err));
            }
            if (line.startsWith(PID_PREFIX)) {
                pid[0] = Long.parseLong(line.substring(PID_PREFIX.length()).strip());
                continue;
            }
            Optional<ListeningLine> parsed = ListeningLine.parse(line);
            if (parsed.isPresent()) {
                listening = parsed.get();
            }
        }
        return listening;
    }

    private static String lastWords(LineQueue err) {
        String last = err.lastLine();
        return last.isEmpty() ? "" : ": " + last;
    }

    private static List<KeyPair> loadKeys(List<Path> identities) {
        if (identities.isEmpty()) {
            throw new DeployException("no SSH key to log in with (none of ~/.ssh/id_ed25519, id_ecdsa, id_rsa; name one)");
        }
        List<KeyPair> keys = new ArrayList<>();
        for (Path file : identities) {
            try (InputStream in = Files.newInputStream(file)) {
                Iterable<KeyPair> pairs = SecurityUtils.loadKeyPairIdentities(null, NamedResource.ofName(file.toString()),
                        in, null);
                if (pairs != null) {
                    pairs.forEach(keys::add);
                }
            } catch (IOException | GeneralSecurityException | RuntimeException e) {
                throw new DeployException("cannot read the SSH key " + file + " (a key with a passphrase is not"
                        + " supported; use an unencrypted key for the run): " + e.getMessage(), e);
            }
        }
        return keys;
    }

    @Override
    public void close() {
        client.stop();
    }
}
