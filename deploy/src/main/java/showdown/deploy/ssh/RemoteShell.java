package showdown.deploy.ssh;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.EnumSet;
import java.util.Set;
import org.apache.sshd.client.channel.ChannelExec;
import org.apache.sshd.client.channel.ClientChannelEvent;
import org.apache.sshd.client.session.ClientSession;
import showdown.deploy.DeployException;

/**
 * Short commands on a host, each run by {@code sh -c} (whatever the user's login shell is), with their
 * exit status and output.
 */
final class RemoteShell {

    record Result(int status, String stdout, String stderr) {
    }

    private final ClientSession session;
    private final SshAddress address;
    private final Duration timeout;

    RemoteShell(ClientSession session, SshAddress address, Duration timeout) {
        this.session = session;
        this.address = address;
        this.timeout = timeout;
    }

    /** Runs {@code script} with {@code stdin} (null: none) and returns how it ended. */
    Result run(String script, InputStream stdin) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        try (ChannelExec channel = session.createExecChannel(shellCommand(script))) {
            channel.setOut(out);
            channel.setErr(err);
            if (stdin != null) {
                channel.setIn(stdin);
            }
            channel.open().verify(timeout);
            if (stdin == null) {
                channel.getInvertedIn().close();
            }
            Set<ClientChannelEvent> events = channel.waitFor(EnumSet.of(ClientChannelEvent.CLOSED), timeout);
            if (!events.contains(ClientChannelEvent.CLOSED)) {
                throw new DeployException(address + ": a command did not end within " + timeout.toSeconds() + " s");
            }
            Integer status = channel.getExitStatus();
            return new Result(status == null ? -1 : status, out.toString(StandardCharsets.UTF_8),
                    err.toString(StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new DeployException(address + ": the SSH connection failed: " + e.getMessage(), e);
        }
    }

    /** Runs {@code script}; a non-zero status is a DeployException saying {@code what} failed. */
    String check(String script, InputStream stdin, String what) {
        Result result = run(script, stdin);
        if (result.status() != 0) {
            String detail = result.stderr().strip().replaceAll("\\s*\\R\\s*", " ");
            throw new DeployException(address + ": " + what + " failed (exit status " + result.status() + ")"
                    + (detail.isEmpty() ? "" : ": " + detail));
        }
        return result.stdout();
    }

    /** {@code sh -c 'SCRIPT'}: the script runs in a POSIX shell whatever the user's login shell is. */
    static String shellCommand(String script) {
        return "sh -c " + quote(script);
    }

    /** {@code text} as one word for a POSIX shell. */
    static String quote(String text) {
        return "'" + text.replace("'", "'\\''") + "'";
    }
}
