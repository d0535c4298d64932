package showdown.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.jar.Attributes;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import showdown.harness.results.CaseHosts;
import showdown.harness.results.CaseResult;
import showdown.harness.results.CaseSample;
import showdown.harness.results.ResultsJson;
import showdown.harness.results.RunResults;
import showdown.hosts.tls.RunCertificates;

/**
 * {@code showdown run --hosts} across network namespaces, each party a process of its own as on
 * separate hosts: the controller, the server agent (which starts the target) and two load agents,
 * on a bridge in a namespace of their own, at 192.0.2.0/24 addresses. Traffic from this
 * machine's own namespace to a namespace address does not pass here, so every party lives in
 * one. Runs only where namespaces can be made (as root); every namespace and process it made is
 * removed at the end, also when it fails.
 */
class HostsNamespaceTest {

    private static final String NET = "192.0.2.";
    private static final int AGENT_PORT = 7700;
    /** The parties, by their address's last byte. */
    private static final int CONTROLLER = 10;
    private static final int SERVER = 11;
    private static final int LOAD_1 = 12;
    private static final int LOAD_2 = 13;
    private static final Path SSHD = Path.of("/usr/sbin/sshd");

    @TempDir
    Path home;
    private final String id = "sd" + ProcessHandle.current().pid();
    private final List<String> namespaces = new ArrayList<>();
    private final List<Process> processes = new ArrayList<>();
    private String marker;

    @AfterEach
    void removeEverything() throws Exception {
        for (Process p : processes) {
            p.destroy(); // SIGTERM: a server agent stops its target first
        }
        for (Process p : processes) {
            if (!p.waitFor(15, TimeUnit.SECONDS)) {
                p.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
            }
        }
        for (String ns : namespaces) {
            // what is left in our namespaces (an sshd session, an agent it started) we started
            Process pids = new ProcessBuilder("ip", "netns", "pids", ns).redirectErrorStream(true).start();
            for (String pid : new String(pids.getInputStream().readAllBytes(), StandardCharsets.UTF_8).split("\\s+")) {
                if (pid.matches("\\d+")) {
                    ProcessHandle.of(Long.parseLong(pid)).ifPresent(ProcessHandle::destroyForcibly);
                }
            }
            pids.waitFor(10, TimeUnit.SECONDS);
            run(List.of("ip", "netns", "del", ns));
        }
        if (marker != null) {
            assertThat(ProcessHandle.allProcesses()
                    .filter(p -> p.info().commandLine().map(c -> c.contains(marker)).orElse(false))
                    .filter(ProcessHandle::isAlive).toList()).as("targets left running").isEmpty();
        }
    }

    @Test
    void aRunAcrossNamespacesCountsEachRequestOnceWithServerCpuFromItsHost() throws Exception {
        assumeTrue(namespacesCanBeMade(), "network namespaces cannot be made here (needs root and 'ip netns')");
        marker = UUID.randomUUID().toString();
        RunOnHostsTest.writeHome(home, marker, "1s");
        Path certs = home.resolve("certs");
        RunCertificates.create(certs, List.of());
        network(List.of(CONTROLLER, SERVER, LOAD_1, LOAD_2));
        CompletableFuture<String> server = agent(SERVER, "server", List.of("--home", home.toString()));
        CompletableFuture<String> load1 = agent(LOAD_1, "load", List.of("--allow", NET + SERVER));
        CompletableFuture<String> load2 = agent(LOAD_2, "load", List.of("--allow", NET + SERVER));
        assertThat(server.get(60, TimeUnit.SECONDS)).isEqualTo("showdown agent: listening on " + NET + SERVER + ":"
                + AGENT_PORT + " (role server)");
        assertThat(load1.get(60, TimeUnit.SECONDS)).endsWith("(role load)");
        assertThat(load2.get(60, TimeUnit.SECONDS)).endsWith("(role load)");
        Path inventory = home.resolve("hosts.yaml");
        Files.writeString(inventory, """
                server:
                  name: server
                  agent: agent://%1$s%2$d:%5$d
                  address: %1$s%2$d
                load:
                  - name: load-1
                    agent: agent://%1$s%3$d:%5$d
                  - name: load-2
                    agent: agent://%1$s%4$d:%5$d
                """.formatted(NET, SERVER, LOAD_1, LOAD_2, AGENT_PORT));
        Path out = home.resolve("results/ns");
        RunResults results = runController(inventory, certs, out);
        for (CaseResult c : results.cases()) {
            assertThat(c.hosts().server()).isEqualTo("server (" + NET + SERVER + ":" + AGENT_PORT + ")");
            assertThat(c.hosts().agents()).extracting(CaseHosts.AgentShare::address)
                    .containsExactly(NET + LOAD_1 + ":" + AGENT_PORT, NET + LOAD_2 + ":" + AGENT_PORT);
            assertThat(c.hosts().complete()).isTrue();
            assertThat(c.requests()).isPositive();
            assertThat(c.hosts().agents().stream().mapToLong(CaseHosts.AgentShare::requests).sum()).isEqualTo(c.requests());
            assertThat(c.samples().stream().mapToLong(CaseSample::requests).sum()).isEqualTo(c.requests());
            assertThat(c.statusCounts()).containsOnlyKeys(200);
            assertThat(c.statusCounts().get(200)).isEqualTo(c.requests());
            assertThat(c.server().cpuMicrosPerRequest()).as("measured in the server's namespace").isPositive();
            assertThat(c.hosts().agents()).allSatisfy(a -> {
                assertThat(Math.abs(a.clockOffsetMillis())).isLessThan(1.0);
                // ready first, then one start for all: a cold agent JVM no longer starts seconds late
                assertThat(a.startedLateMillis()).as("started at the common instant").isBetween(0.0, 1000.0);
            });
        }
        String md = Files.readString(out.resolve("report.md"));
        assertThat(md.lines().filter(l -> l.startsWith("## ")).toList()).contains("## Environment", "## Targets",
                "## How far to trust these figures", "## Where the cases ran",
                "## Beyond the seeds: tails, CPU, memory and errors");
        // the run ended every agent
        for (Process p : processes) {
            assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
            assertThat(p.exitValue()).isZero();
        }
    }

    /**
     * One {@code showdown run --hosts} whose load agent is started over SSH: Debian's OpenSSH server
     * runs in the load host's namespace, and the controller copies the agent there as a jar and starts
     * it with {@code java -jar showdown.jar agent --role load ...}, the real agent. The jar is a thin one
     * whose manifest names this JVM's class path (the shaded jar is made after the tests); the hosts
     * share this machine's file system, so it runs the code under test. After the run, the agent has
     * ended and its directory is removed.
     */
    @Test
    void aLoadAgentStartedOverSshLoadsTheServerAndIsRemovedAfterTheRun() throws Exception {
        assumeTrue(namespacesCanBeMade(), "network namespaces cannot be made here (needs root and 'ip netns')");
        assumeTrue(Files.isExecutable(SSHD), "no " + SSHD + " (Debian's openssh-server)");
        assumeTrue(Files.isExecutable(Path.of("/usr/bin/ssh-keygen")), "no /usr/bin/ssh-keygen");
        marker = UUID.randomUUID().toString();
        RunOnHostsTest.writeHome(home, marker, "1s");
        Path certs = home.resolve("certs");
        RunCertificates.create(certs, List.of());
        network(List.of(CONTROLLER, SERVER, LOAD_1));
        Path sshDir = Files.createDirectories(home.resolve("ssh"));
        Path knownHosts = sshd(party(LOAD_1), NET + LOAD_1, sshDir);
        Path remote = Files.createDirectories(home.resolve("remote"));
        CompletableFuture<String> server = agent(SERVER, "server", List.of("--home", home.toString()));
        assertThat(server.get(60, TimeUnit.SECONDS)).endsWith("(role server)");
        Path inventory = home.resolve("hosts.yaml");
        Files.writeString(inventory, """
                server:
                  name: server
                  agent: agent://%1$s%2$d:%4$d
                  address: %1$s%2$d
                load:
                  - name: load-ssh
                    agent: ssh://root@%1$s%3$d
                ssh:
                  identity: %5$s
                  known-hosts: %6$s
                  accept-new: false
                  remote-dir: %7$s
                  java: %8$s
                  jar: %9$s
                """.formatted(NET, SERVER, LOAD_1, AGENT_PORT, sshDir.resolve("id_ed25519"), knownHosts, remote,
                ProcessHandle.current().info().command().orElseThrow(), thinJar(home.resolve("jar/showdown.jar"))));
        Set<String> seen = ConcurrentHashMap.newKeySet();
        Thread watcher = Thread.ofVirtual().start(() -> {
            while (!Thread.currentThread().isInterrupted()) {
                try (var dirs = Files.list(remote)) {
                    dirs.forEach(d -> seen.add(d.getFileName().toString()));
                    Thread.sleep(100);
                } catch (IOException | InterruptedException e) {
                    return;
                }
            }
        });
        RunResults results;
        try {
            results = runController(inventory, certs, home.resolve("results/ssh"), "--no-verify");
        } finally {
            watcher.interrupt();
            watcher.join(5_000);
        }
        assertThat(seen).as("the agent's directory while it ran").singleElement().asString()
                .startsWith("showdown-agent.");
        for (CaseResult c : results.cases()) {
            assertThat(c.hosts().agents()).extracting(CaseHosts.AgentShare::address)
                    .containsExactly(NET + LOAD_1 + ":" + AGENT_PORT);
            assertThat(c.requests()).isPositive();
            assertThat(c.hosts().agents().getFirst().requests()).isEqualTo(c.requests());
            assertThat(c.statusCounts()).containsOnlyKeys(200);
        }
        try (var left = Files.list(remote)) {
            assertThat(left.toList()).as("the agent's directory is removed").isEmpty();
        }
        assertThat(ProcessHandle.allProcesses()
                .filter(p -> p.info().commandLine().map(cl -> cl.contains(remote.toString())).orElse(false))
                .filter(ProcessHandle::isAlive).toList()).as("the agent over SSH ended").isEmpty();
    }

    /**
     * {@code showdown run --hosts} over the mist scenario, as a process in the controller's namespace;
     * it must end with 0 and record the scenario's three cases.
     */
    private RunResults runController(Path inventory, Path certs, Path out, String... more) throws Exception {
        List<String> controller = new ArrayList<>(javaIn(party(CONTROLLER)));
        controller.addAll(List.of("-Dshowdown.home=" + home, "showdown.cli.Main", "run", "--hosts", inventory.toString(),
                "--certs", certs.toString(), "--profile", home.resolve("tiny.yaml").toString(), "--scenario", "mist",
                "--out", out.toString(), "--seed", "5", "--warmup", "0s"));
        controller.addAll(List.of(more));
        Process run = start(controller, home.resolve("controller.log"));
        assertThat(run.waitFor(120, TimeUnit.SECONDS)).as("the controller ends").isTrue();
        assertThat(run.exitValue()).as(Files.readString(home.resolve("controller.log"))).isZero();
        RunResults results = ResultsJson.read(out.resolve("results.json"));
        assertThat(results.cases()).hasSize(3);
        return results;
    }

    /** A bridge in a namespace of its own, and on it one namespace per party at its address. */
    private void network(List<Integer> hosts) throws Exception {
        String hub = id + "h";
        netns(hub);
        ip(hub, "link", "add", "br0", "type", "bridge");
        ip(hub, "link", "set", "br0", "up");
        for (int host : hosts) {
            String ns = party(host);
            netns(ns);
            String inside = "sv" + ns.substring(2);
            String onBridge = "sb" + ns.substring(2);
            // made inside the hub with its peer inside the party: nothing lands in this machine's namespace
            ip(hub, "link", "add", onBridge, "type", "veth", "peer", "name", inside, "netns", ns);
            ip(hub, "link", "set", onBridge, "master", "br0");
            ip(hub, "link", "set", onBridge, "up");
            ip(ns, "addr", "add", NET + host + "/24", "dev", inside);
            ip(ns, "link", "set", inside, "up");
            ip(ns, "link", "set", "lo", "up");
        }
    }

    /**
     * Debian's sshd in {@code ns} on {@code address}:22, with a host key and a user key made for the test;
     * returns a known_hosts file that trusts it. The key pair for logging in is {@code dir/id_ed25519}.
     */
    private Path sshd(String ns, String address, Path dir) throws Exception {
        runOrFail(List.of("ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", dir.resolve("host_key").toString()));
        runOrFail(List.of("ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", dir.resolve("id_ed25519").toString()));
        Files.copy(dir.resolve("id_ed25519.pub"), dir.resolve("authorized_keys"));
        Files.createDirectories(Path.of("/run/sshd"));
        Path config = Files.writeString(dir.resolve("sshd_config"), String.join("\n",
                "ListenAddress " + address, "Port 22", "HostKey " + dir.resolve("host_key"),
                "PidFile " + dir.resolve("sshd.pid"), "AuthorizedKeysFile " + dir.resolve("authorized_keys"),
                "StrictModes no", "PasswordAuthentication no", "KbdInteractiveAuthentication no", "UsePAM no",
                "PermitRootLogin prohibit-password", ""));
        Path log = dir.resolve("sshd.log");
        Process sshd = start(List.of("ip", "netns", "exec", ns, SSHD.toString(), "-D", "-e", "-f", config.toString()), log);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (!Files.readString(log).contains("Server listening on " + address)) {
            assertThat(sshd.isAlive()).as("sshd runs: " + Files.readString(log)).isTrue();
            assertThat(System.nanoTime() - deadline).as("sshd listens within 20 s").isNegative();
            Thread.sleep(50);
        }
        return Files.writeString(dir.resolve("known_hosts"), address + " "
                + Files.readString(dir.resolve("host_key.pub")).strip() + "\n");
    }

    /** A jar whose manifest runs showdown.cli.Main on this JVM's class path. */
    private static Path thinJar(Path jar) throws IOException {
        Manifest manifest = new Manifest();
        manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        manifest.getMainAttributes().put(Attributes.Name.MAIN_CLASS, "showdown.cli.Main");
        StringBuilder classPath = new StringBuilder();
        for (String entry : System.getProperty("java.class.path").split(java.io.File.pathSeparator)) {
            classPath.append(Path.of(entry).toAbsolutePath().toUri()).append(' ');
        }
        manifest.getMainAttributes().put(Attributes.Name.CLASS_PATH, classPath.toString().strip());
        Files.createDirectories(jar.getParent());
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar), manifest)) {
            out.flush();
        }
        return jar;
    }

    private String party(int host) {
        return id + "p" + host;
    }

    private CompletableFuture<String> agent(int host, String role, List<String> more) throws IOException {
        List<String> command = new ArrayList<>(javaIn(party(host)));
        Path agentCerts = RunCertificates.agentFolder(home.resolve("certs"), NET + host);
        command.addAll(List.of("showdown.cli.Main", "agent", "--role", role, "--listen", NET + host + ":" + AGENT_PORT,
                "--ca", agentCerts.resolve("ca.pem").toString(), "--cert", agentCerts.resolve("agent.pem").toString(),
                "--key", agentCerts.resolve("agent-key.pem").toString(), "--heartbeat-timeout", "10s", "--one-run"));
        command.addAll(more);
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        processes.add(p);
        CompletableFuture<String> listening = new CompletableFuture<>();
        Thread.ofVirtual().start(() -> {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
                String line;
                while ((line = r.readLine()) != null) {
                    if (line.startsWith("showdown agent: listening")) {
                        listening.complete(line);
                    }
                }
                listening.complete("exited before listening");
            } catch (IOException e) {
                listening.complete("unreadable: " + e.getMessage());
            }
        });
        return listening;
    }

    private static List<String> javaIn(String ns) {
        return List.of("ip", "netns", "exec", ns, ProcessHandle.current().info().command().orElse("java"),
                "-cp", System.getProperty("java.class.path"));
    }

    private Process start(List<String> command, Path log) throws IOException {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        processes.add(p);
        return p;
    }

    private void netns(String name) throws Exception {
        namespaces.add(name);
        runOrFail(List.of("ip", "netns", "add", name));
    }

    private static void ip(String ns, String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of("ip", "-n", ns));
        command.addAll(List.of(args));
        runOrFail(command);
    }

    private boolean namespacesCanBeMade() {
        String probe = id + "x";
        try {
            if (run(List.of("ip", "netns", "add", probe)) != 0) {
                return false;
            }
            run(List.of("ip", "netns", "del", probe));
            return true;
        } catch (Exception e) {
            return false;
        }
    }

    private static void runOrFail(List<String> command) throws Exception {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(10, TimeUnit.SECONDS) && p.exitValue() == 0).as(String.join(" ", command) + ": " + output)
                .isTrue();
    }

    private static int run(List<String> command) throws Exception {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .start();
        return p.waitFor(10, TimeUnit.SECONDS) ? p.exitValue() : -1;
    }
}
