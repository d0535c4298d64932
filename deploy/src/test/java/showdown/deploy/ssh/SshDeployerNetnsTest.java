package showdown.deploy.ssh;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The SSH deployer against a real OpenSSH server on a test host (a network namespace), with a stand-in
 * agent: a shell script that prints the agent's "listening" line and sleeps. The controller runs in a
 * namespace of its own ({@link SshProbe}); this JVM checks the host's processes and files directly.
 */
class SshDeployerNetnsTest {

    private static final String ADDRESS = "ssh://root@" + NetnsSshd.HOST_ADDRESS;
    /** How long the remote side may take to notice a dead controller and clean up. */
    private static final long ORPHAN_CLEANUP_SECONDS = 20;

    @TempDir
    static Path dir;

    private static NetnsSshd hosts;
    private static Path certDir;
    private static Path standIn;

    @BeforeAll
    static void hosts() throws Exception {
        String reason = NetnsSshd.unavailableReason();
        Assumptions.assumeTrue(reason == null, () -> "no test hosts: " + reason);
        hosts = new NetnsSshd(dir);
        certDir = Files.createDirectories(dir.resolve("certs"));
        Files.writeString(certDir.resolve("ca.pem"), "CA\n");
        Files.writeString(certDir.resolve("agent.pem"), "CERT\n");
        Files.writeString(certDir.resolve("agent-key.pem"), "KEY\n");
        standIn = dir.resolve("stand-in-agent.sh");
        Files.writeString(standIn, String.join("\n",
                "#!/bin/sh",
                "# stands in for 'showdown agent': says where it listens, then waits to be stopped",
                "role=unknown; listen=unknown",
                "while [ $# -gt 0 ]; do",
                "  case $1 in --role) role=$2; shift ;; --listen) listen=$2; shift ;; esac",
                "  shift",
                "done",
                "[ -r agent-key.pem ] || { echo 'no key' >&2; exit 2; }",
                "echo \"showdown agent: listening on $listen (role $role)\"",
                "exec sleep 300",
                ""));
    }

    @AfterAll
    static void removeHosts() throws Exception {
        if (hosts != null) {
            hosts.close();
        }
    }

    @Test
    void startsTheAgentOverSshAndStopsItAndRemovesItsDirectory() throws Exception {
        Process controller = standInController();
        try {
            String[] started = expectStarted(controller);
            long pid = Long.parseLong(started[1]);
            Path remoteDir = Path.of(started[2]);
            assertThat(started[3]).isEqualTo("192.0.2.1:7700");
            assertThat(ProcessHandle.of(pid)).as("the agent runs").isPresent();
            assertThat(commandLineOnceExeced(pid)).contains("sleep 300");
            assertThat(remoteDir.getFileName().toString()).startsWith("showdown-agent.");
            assertThat(Files.readString(remoteDir.resolve("agent-key.pem"))).isEqualTo("KEY\n");
            assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(remoteDir.resolve("agent-key.pem"))))
                    .isEqualTo("rw-------");
            assertThat(remoteDir.resolve("stand-in-agent.sh")).exists();

            send(controller, "close");
            assertThat(readLine(controller)).isEqualTo("closed");
            assertThat(controller.waitFor(30, TimeUnit.SECONDS)).isTrue();
            assertThat(controller.exitValue()).isZero();
            assertThat(ProcessHandle.of(pid)).as("the agent is gone").isEmpty();
            assertThat(remoteDir).doesNotExist();
        } finally {
            controller.destroyForcibly();
        }
    }

    @Test
    void ctrlCOnTheControllerStopsTheAgentAndRemovesItsDirectory() throws Exception {
        Process controller = standInController();
        String[] started;
        try {
            started = expectStarted(controller);
            controller.destroy(); // SIGTERM: the shutdown hook stops the agent before the JVM ends
            assertThat(controller.waitFor(60, TimeUnit.SECONDS)).isTrue();
        } finally {
            controller.destroyForcibly();
        }
        String stderr = hosts.lastControllerErrors();
        assertThat(ProcessHandle.of(Long.parseLong(started[1]))).as("the agent is gone; the controller's stderr: " + stderr).isEmpty();
        assertThat(Path.of(started[2])).doesNotExist();
    }

    @Test
    void aControllerThatDiesTakesItsAgentAndDirectoryWithIt() throws Exception {
        Process controller = standInController();
        String[] started;
        try {
            started = expectStarted(controller);
        } finally {
            controller.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
        }
        long pid = Long.parseLong(started[1]);
        Path remoteDir = Path.of(started[2]);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(ORPHAN_CLEANUP_SECONDS);
        while ((ProcessHandle.of(pid).isPresent() || Files.exists(remoteDir)) && System.nanoTime() < deadline) {
            Thread.sleep(50);
        }
        assertThat(ProcessHandle.of(pid)).as("the agent ended with its session").isEmpty();
        assertThat(remoteDir).as("its directory went with it").doesNotExist();
    }

    @Test
    void aHostWhoseKeyIsNotKnownIsRefusedInOneLine() throws Exception {
        Path empty = Files.writeString(dir.resolve("empty_known_hosts"), "");
        assertThat(failure("strict", empty, hosts.userKey, "script:" + standIn))
                .startsWith("error: " + ADDRESS + ": refused: its host key (SHA256:")
                .endsWith(") is not in " + empty + " (add it with ssh-keyscan, or accept new hosts' keys)");
    }

    @Test
    void acceptNewTrustsAnUnknownHostAndWritesItsKey() throws Exception {
        Path file = dir.resolve("new_known_hosts");
        Files.deleteIfExists(file);
        Process controller = hosts.controller(SshProbe.class, ADDRESS, hosts.userKey.toString(), file.toString(),
                "accept-new", certDir.toString(), "script:" + standIn);
        try {
            expectStarted(controller);
            send(controller, "close");
            assertThat(readLine(controller)).isEqualTo("closed");
        } finally {
            controller.destroyForcibly();
        }
        String hostKey = Files.readString(hosts.hostPublicKey).split(" ")[1];
        assertThat(Files.readString(file)).contains(hostKey);
    }

    @Test
    void aKeyTheHostDoesNotKnowIsRefusedInOneLine() throws Exception {
        Path stranger = dir.resolve("stranger");
        if (!Files.exists(stranger)) {
            NetnsSshd.run("ssh-keygen", "-q", "-t", "ecdsa", "-N", "", "-f", stranger.toString());
        }
        assertThat(failure("strict", hosts.knownHosts(), stranger, "script:" + standIn)).isEqualTo("error: " + ADDRESS
                + ": the login was refused for the key(s) stranger (is the public key in the user's authorized_keys?)");
    }

    @Test
    void aPortNobodyListensOnIsUnreachableInOneLine() throws Exception {
        Process controller = hosts.controller(SshProbe.class, ADDRESS + ":2222", hosts.userKey.toString(),
                hosts.knownHosts().toString(), "strict", certDir.toString(), "script:" + standIn);
        assertThat(outcome(controller)).isEqualTo("error: " + ADDRESS + ":2222: cannot reach the host: connection refused");
    }

    @Test
    void aHostWithoutJavaIsOneLine() throws Exception {
        assertThat(failure("strict", hosts.knownHosts(), hosts.userKey, "java:/opt/no-such-jdk/bin/java"))
                .isEqualTo("error: " + ADDRESS + ": no java on the host ('/opt/no-such-jdk/bin/java' is not on its PATH;"
                        + " the agent needs Java 21 or newer)");
    }

    /** A controller that starts the stand-in agent with the test's key, trusting the host's key. */
    private static Process standInController() throws IOException {
        return hosts.controller(SshProbe.class, ADDRESS, hosts.userKey.toString(), hosts.knownHosts().toString(),
                "strict", certDir.toString(), "script:" + standIn);
    }

    private String failure(String mode, Path knownHosts, Path key, String program) throws Exception {
        Process controller = hosts.controller(SshProbe.class, ADDRESS, key.toString(), knownHosts.toString(), mode,
                certDir.toString(), program);
        return outcome(controller);
    }

    private static String outcome(Process controller) throws Exception {
        try {
            String line = readLine(controller);
            assertThat(controller.waitFor(60, TimeUnit.SECONDS)).isTrue();
            assertThat(controller.exitValue()).as("exit status; stderr: " + hosts.lastControllerErrors()).isEqualTo(2);
            return line;
        } finally {
            controller.destroyForcibly();
        }
    }

    private static String[] expectStarted(Process controller) throws IOException {
        String line = readLine(controller);
        assertThat(line).as("the controller's first line; stderr: " + hosts.lastControllerErrors()).startsWith("started ");
        return line.split(" ");
    }

    private static String readLine(Process process) throws IOException {
        BufferedReader reader = readers.computeIfAbsent(process, p -> new BufferedReader(
                new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8)));
        return reader.readLine();
    }

    private static final java.util.Map<Process, BufferedReader> readers = new java.util.concurrent.ConcurrentHashMap<>();

    private static void send(Process process, String line) throws IOException {
        OutputStream in = process.getOutputStream();
        in.write((line + "\n").getBytes(StandardCharsets.UTF_8));
        in.flush();
    }

    /**
     * The stand-in prints its listening line and then execs into {@code sleep}: on a busy machine
     * the line can be read before the exec, so the command line is read again until it changed
     * (bounded: 10 s).
     */
    private static String commandLineOnceExeced(long pid) throws InterruptedException {
        String line = "";
        for (int i = 0; i < 100; i++) {
            line = ProcessHandle.of(pid).flatMap(p -> p.info().commandLine()).orElse("");
            if (!line.contains("stand-in-agent.sh")) {
                return line;
            }
            Thread.sleep(100);
        }
        return line;
    }
}
