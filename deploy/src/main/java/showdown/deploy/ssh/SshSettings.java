package showdown.deploy.ssh;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * How the controller logs in and how long it waits.
 *
 * @param identities private key files tried in order (unencrypted OpenSSH or PEM keys)
 * @param knownHosts the known_hosts file a host's key must be in
 * @param acceptNewHostKeys a host not yet in {@code knownHosts} is trusted on first use and added to it
 *     (a host whose key changed is refused all the same)
 * @param remoteParent the directory on the host under which each agent gets a fresh directory of its own
 * @param connectTimeout for the TCP connection and the key exchange, and again for the login
 * @param readyTimeout from starting the agent to its "listening" line
 * @param stopTimeout from asking the agent to stop to its end; then it is killed
 */
public record SshSettings(List<Path> identities, Path knownHosts, boolean acceptNewHostKeys, String remoteParent,
        Duration connectTimeout, Duration readyTimeout, Duration stopTimeout) {

    public static final String DEFAULT_REMOTE_PARENT = "/tmp";
    public static final Duration DEFAULT_CONNECT_TIMEOUT = Duration.ofSeconds(15);
    public static final Duration DEFAULT_READY_TIMEOUT = Duration.ofSeconds(60);
    public static final Duration DEFAULT_STOP_TIMEOUT = Duration.ofSeconds(10);

    /** The key names OpenSSH tries, in its order. */
    private static final List<String> DEFAULT_KEYS = List.of("id_ed25519", "id_ecdsa", "id_rsa");

    public SshSettings {
        identities = List.copyOf(identities);
    }

    /** ~/.ssh's usual keys that exist, ~/.ssh/known_hosts, strict host keys, /tmp, the default timeouts. */
    public static SshSettings defaults() {
        Path ssh = Path.of(System.getProperty("user.home"), ".ssh");
        List<Path> keys = new ArrayList<>();
        for (String name : DEFAULT_KEYS) {
            if (Files.isRegularFile(ssh.resolve(name))) {
                keys.add(ssh.resolve(name));
            }
        }
        return new SshSettings(keys, ssh.resolve("known_hosts"), false, DEFAULT_REMOTE_PARENT,
                DEFAULT_CONNECT_TIMEOUT, DEFAULT_READY_TIMEOUT, DEFAULT_STOP_TIMEOUT);
    }

    public SshSettings withIdentities(List<Path> keys) {
        return new SshSettings(keys, knownHosts, acceptNewHostKeys, remoteParent, connectTimeout, readyTimeout,
                stopTimeout);
    }

    public SshSettings withKnownHosts(Path file, boolean acceptNew) {
        return new SshSettings(identities, file, acceptNew, remoteParent, connectTimeout, readyTimeout, stopTimeout);
    }

    public SshSettings withRemoteParent(String dir) {
        return new SshSettings(identities, knownHosts, acceptNewHostKeys, dir, connectTimeout, readyTimeout,
                stopTimeout);
    }

    public SshSettings withReadyTimeout(Duration timeout) {
        return new SshSettings(identities, knownHosts, acceptNewHostKeys, remoteParent, connectTimeout, timeout,
                stopTimeout);
    }
}
