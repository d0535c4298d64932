package showdown.cli;

import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import showdown.contract.AgentFlags;
import showdown.contract.AgentRole;
import showdown.deploy.AgentCertificates;
import showdown.deploy.AgentOptions;
import showdown.deploy.ssh.AgentProgram;
import showdown.deploy.ssh.SshAddress;
import showdown.deploy.ssh.SshAgent;
import showdown.deploy.ssh.SshDeployer;
import showdown.deploy.ssh.SshSettings;
import showdown.harness.targets.ShowdownHome;
import showdown.hosts.control.AgentLauncher;
import showdown.hosts.control.HostsException;
import showdown.hosts.tls.RunCertificates;

/**
 * Starts the {@code ssh://user@host[:port]} hosts of a {@code --hosts} inventory: the showdown jar
 * and the run's agent certificates copied to the host and the agent started there through
 * {@link SshDeployer}, as the inventory's {@code ssh:} block says (docs/hosts-deploy.md). Closing
 * it ends the SSH client; each started agent is stopped, and its directory removed, when its
 * handle is closed.
 */
final class SshLauncher implements AgentLauncher, AutoCloseable {

    static final String IDENTITY = "identity";
    static final String KNOWN_HOSTS = "known-hosts";
    static final String ACCEPT_NEW = "accept-new";
    static final String REMOTE_DIR = "remote-dir";
    static final String JAVA = "java";
    static final String HOME = "home";
    static final String JAR = "jar";
    private static final Set<String> KEYS = Set.of(IDENTITY, KNOWN_HOSTS, ACCEPT_NEW, REMOTE_DIR, JAVA, HOME, JAR);
    private static final String SCHEME = "ssh://";

    private final Map<String, String> ssh;
    private SshDeployer deployer;

    /** @param ssh the inventory's {@code ssh:} block; an unknown key is refused in one line */
    SshLauncher(Map<String, String> ssh) {
        for (String key : ssh.keySet()) {
            if (!KEYS.contains(key)) {
                throw new HostsException("--hosts: the ssh: block has no setting '" + key + "' (it takes "
                        + String.join(", ", KEYS.stream().sorted().toList()) + ")");
            }
        }
        String acceptNew = ssh.getOrDefault(ACCEPT_NEW, "false");
        if (!acceptNew.equals("true") && !acceptNew.equals("false")) {
            throw new HostsException("--hosts: the ssh: block's accept-new is true or false, not '" + acceptNew + "'");
        }
        this.ssh = Map.copyOf(ssh);
    }

    @Override
    public boolean handles(String agent) {
        return agent.startsWith(SCHEME);
    }

    @Override
    public Launched launch(String name, String agent, AgentRole role, List<String> allow, Path certs,
                           Duration heartbeatTimeout) {
        SshAddress address = SshAddress.parse(agent);
        AgentOptions options;
        if (role == AgentRole.SERVER) {
            String home = ssh.get(HOME);
            if (home == null || home.isBlank()) {
                throw new HostsException("host " + name + " (" + agent + "): a server agent over SSH needs 'home' in the"
                        + " inventory's ssh: block, the checkout of showdown on that host whose targets it starts");
            }
            options = AgentOptions.server(AgentFlags.DEFAULT_PORT, home);
        } else {
            options = AgentOptions.load(AgentFlags.DEFAULT_PORT, allow);
        }
        AgentProgram program = AgentProgram.showdownJar(jar(), ssh.getOrDefault(JAVA, "java"));
        Path folder = RunCertificates.agentFolder(certs, address.host());
        SshAgent started = deployer().start(address, program, AgentCertificates.in(folder),
                options.withHeartbeatTimeout(heartbeatTimeout));
        AgentEndpoint endpoint = AgentEndpoint.parse(started.dialAddress());
        return new Launched(endpoint.host(), endpoint.port(), folder, started::close);
    }

    /** The jar copied to the hosts: the ssh: block's {@code jar}, else the one this controller runs from. */
    private Path jar() {
        Path jar = ssh.containsKey(JAR) ? expand(ssh.get(JAR)) : runningJar();
        if (!Files.isRegularFile(jar)) {
            throw new HostsException("ssh:// hosts get the showdown jar copied, and there is no " + jar + " (the"
                    + " ./showdown launcher builds it; or name one as 'jar' in the inventory's ssh: block)");
        }
        return jar;
    }

    private static Path runningJar() {
        try {
            Path source = Path.of(SshLauncher.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            if (Files.isRegularFile(source) && source.getFileName().toString().endsWith(".jar")) {
                return source;
            }
        } catch (URISyntaxException | SecurityException | NullPointerException e) {
            // not run from a jar: the checkout's
        }
        return ShowdownHome.resolve().resolve("cli/target/showdown.jar");
    }

    private synchronized SshDeployer deployer() {
        if (deployer == null) {
            SshSettings settings = SshSettings.defaults();
            if (ssh.containsKey(IDENTITY)) {
                settings = settings.withIdentities(List.of(expand(ssh.get(IDENTITY))));
            }
            boolean acceptNew = Boolean.parseBoolean(ssh.get(ACCEPT_NEW));
            Path knownHosts = ssh.containsKey(KNOWN_HOSTS) ? expand(ssh.get(KNOWN_HOSTS)) : settings.knownHosts();
            settings = settings.withKnownHosts(knownHosts, acceptNew);
            if (ssh.containsKey(REMOTE_DIR)) {
                settings = settings.withRemoteParent(ssh.get(REMOTE_DIR));
            }
            deployer = new SshDeployer(settings);
        }
        return deployer;
    }

    /** A path of the inventory, {@code ~/} meaning the user's home. */
    private static Path expand(String path) {
        if (path.equals("~") || path.startsWith("~/")) {
            return Path.of(System.getProperty("user.home") + path.substring(1));
        }
        return Path.of(path);
    }

    @Override
    public synchronized void close() {
        if (deployer != null) {
            deployer.close();
            deployer = null;
        }
    }
}
