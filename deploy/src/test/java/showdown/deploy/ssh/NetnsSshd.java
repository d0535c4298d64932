package showdown.deploy.ssh;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Two test hosts on one machine: network namespace "host" with Debian's OpenSSH server on 192.0.2.1:22,
 * and namespace "controller" (192.0.2.2) where the controller runs, joined by a veth pair. The key
 * files are made for the test. Closing it stops sshd and deletes both namespaces.
 */
final class NetnsSshd implements AutoCloseable {

    static final String HOST_ADDRESS = "192.0.2.1";
    static final String CONTROLLER_ADDRESS = "192.0.2.2";
    static final Path SSHD = Path.of("/usr/sbin/sshd");
    private static final long START_TIMEOUT_SECONDS = 20;

    final String hostNs;
    final String controllerNs;
    final Path dir;
    final Path userKey;
    final Path hostPublicKey;
    private Process sshd;
    private static final java.util.concurrent.atomic.AtomicInteger PROBES = new java.util.concurrent.atomic.AtomicInteger();

    /** What the last controller process wrote to stderr. */
    String lastControllerErrors() throws IOException {
        Path file = dir.resolve("probe-" + PROBES.get() + ".err");
        return Files.exists(file) ? Files.readString(file) : "";
    }

    /** Why these hosts cannot be made here, or null when they can. */
    static String unavailableReason() {
        try {
            String status = Files.readString(Path.of("/proc/self/status"));
            if (!status.lines().anyMatch(l -> l.matches("Uid:\\s+0\\s.*"))) {
                return "network namespaces need root";
            }
        } catch (IOException e) {
            return "no /proc/self/status";
        }
        if (!Files.isExecutable(SSHD)) {
            return "no " + SSHD + " (Debian's openssh-server)";
        }
        for (String tool : List.of("/usr/sbin/ip", "/usr/bin/ssh-keygen")) {
            if (!Files.isExecutable(Path.of(tool)) && !Files.isExecutable(Path.of(tool.replace("/usr", "")))) {
                return "no " + tool;
            }
        }
        return null;
    }

    NetnsSshd(Path dir) throws Exception {
        this.dir = dir;
        long id = ProcessHandle.current().pid();
        this.hostNs = "sd-ssh-host-" + id;
        this.controllerNs = "sd-ssh-ctl-" + id;
        this.userKey = dir.resolve("id_ed25519");
        this.hostPublicKey = dir.resolve("host_key.pub");
        try {
            run("ip", "netns", "add", hostNs);
            run("ip", "netns", "add", controllerNs);
            String suffix = Long.toString(id % 100000);
            run("ip", "link", "add", "sdh" + suffix, "netns", hostNs, "type", "veth", "peer", "name", "sdc" + suffix,
                    "netns", controllerNs);
            configure(hostNs, "sdh" + suffix, HOST_ADDRESS);
            configure(controllerNs, "sdc" + suffix, CONTROLLER_ADDRESS);
            run("ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-C", "showdown-test-host", "-f", dir.resolve("host_key").toString());
            run("ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-C", "showdown-test-user", "-f", userKey.toString());
            Files.copy(dir.resolve("id_ed25519.pub"), dir.resolve("authorized_keys"));
            Files.createDirectories(Path.of("/run/sshd"));
            Path config = dir.resolve("sshd_config");
            Files.writeString(config, String.join("\n",
                    "ListenAddress " + HOST_ADDRESS,
                    "Port 22",
                    "HostKey " + dir.resolve("host_key"),
                    "PidFile " + dir.resolve("sshd.pid"),
                    "AuthorizedKeysFile " + dir.resolve("authorized_keys"),
                    "StrictModes no",
                    "PasswordAuthentication no",
                    "KbdInteractiveAuthentication no",
                    "UsePAM no",
                    "PermitRootLogin prohibit-password",
                    "") + "\n");
            sshd = new ProcessBuilder("ip", "netns", "exec", hostNs, SSHD.toString(), "-D", "-e", "-f", config.toString())
                    .redirectErrorStream(true).start();
            awaitListening();
        } catch (Exception | AssertionError e) {
            close();
            throw e;
        }
    }

    /** A known_hosts file that trusts this sshd. */
    Path knownHosts() throws IOException {
        Path file = dir.resolve("known_hosts");
        String key = Files.readString(hostPublicKey).strip();
        Files.writeString(file, HOST_ADDRESS + " " + key + "\n");
        return file;
    }

    /** A Java process in the controller's namespace, running {@code mainClass} with this JVM's class path. */
    Process controller(Class<?> mainClass, String... args) throws IOException {
        List<String> command = new ArrayList<>(List.of("ip", "netns", "exec", controllerNs,
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), mainClass.getName()));
        command.addAll(List.of(args));
        return new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.appendTo(
                dir.resolve("probe-" + PROBES.incrementAndGet() + ".err").toFile())).start();
    }

    private void awaitListening() throws Exception {
        BufferedReader log = new BufferedReader(new InputStreamReader(sshd.getInputStream(), StandardCharsets.UTF_8));
        Thread reader = new Thread(() -> {
            // keep draining sshd's log so it never blocks on a full pipe
            try {
                String line;
                while ((line = log.readLine()) != null) {
                    Files.writeString(dir.resolve("sshd.log"), line + "\n", StandardCharsets.UTF_8,
                            java.nio.file.StandardOpenOption.CREATE, java.nio.file.StandardOpenOption.APPEND);
                }
            } catch (IOException ignored) {
                // sshd ended
            }
        }, "sshd-log");
        reader.setDaemon(true);
        reader.start();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(START_TIMEOUT_SECONDS);
        while (System.nanoTime() < deadline) {
            Path logFile = dir.resolve("sshd.log");
            if (Files.exists(logFile) && Files.readString(logFile).contains("Server listening on " + HOST_ADDRESS)) {
                return;
            }
            if (!sshd.isAlive()) {
                throw new AssertionError("sshd ended: " + (Files.exists(logFile) ? Files.readString(logFile) : ""));
            }
            Thread.sleep(50);
        }
        throw new AssertionError("sshd did not listen within " + START_TIMEOUT_SECONDS + " s");
    }

    private static void configure(String ns, String link, String address) throws Exception {
        run("ip", "-n", ns, "link", "set", "lo", "up");
        run("ip", "-n", ns, "addr", "add", address + "/24", "dev", link);
        run("ip", "-n", ns, "link", "set", link, "up");
    }

    static String run(String... command) throws Exception {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(30, TimeUnit.SECONDS) || p.exitValue() != 0) {
            p.destroyForcibly();
            throw new AssertionError(String.join(" ", command) + " failed: " + out);
        }
        return out;
    }

    @Override
    public void close() throws Exception {
        if (sshd != null) {
            sshd.destroy();
            if (!sshd.waitFor(10, TimeUnit.SECONDS)) {
                sshd.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
        }
        for (String ns : List.of(hostNs, controllerNs)) {
            // what is left in our namespaces (sshd's session processes, a stray stand-in agent) we started
            try {
                for (String pid : run("ip", "netns", "pids", ns).split("\\s+")) {
                    if (!pid.isBlank()) {
                        ProcessHandle.of(Long.parseLong(pid)).ifPresent(ProcessHandle::destroyForcibly);
                    }
                }
            } catch (Exception | AssertionError e) {
                // the namespace was never made
            }
            new ProcessBuilder("ip", "netns", "delete", ns).redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD).start().waitFor(30, TimeUnit.SECONDS);
        }
    }
}
