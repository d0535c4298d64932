package showdown.harness.targets;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;

/**
 * A started target: the leader of its own process group, listening on 127.0.0.1. {@link #close()}
 * stops the whole tree (SIGTERM, a grace period, SIGKILL), and a JVM shutdown hook closes every
 * target still open, so no server outlives the JVM that started it (short of a SIGKILL to the JVM).
 */
public final class RunningTarget implements ServedTarget {

    /** How long a target may take to exit after SIGTERM before it gets SIGKILL. */
    public static final Duration DEFAULT_GRACE = Duration.ofSeconds(5);
    public static final String HOST = "127.0.0.1";

    private static final long READY_POLL_MILLIS = 50;
    /** setsid(1) makes the new group right after the fork; this bounds the wait to see it. */
    private static final long GROUP_WAIT_MILLIS = 1_000;
    private static final int ERR_LOG_TAIL_LINES = 8;
    /** One h3 readiness attempt waits this long for the handshake, then for the answer. */
    private static final Duration H3_ATTEMPT = Duration.ofSeconds(2);
    private static final Duration H3_ATTEMPT_MIN = Duration.ofMillis(200);

    private static final Set<RunningTarget> OPEN = ConcurrentHashMap.newKeySet();

    static {
        Runtime.getRuntime().addShutdownHook(new Thread(RunningTarget::closeAllOpen, "showdown-stop-targets"));
    }

    private final TargetManifest manifest;
    /** What its build could not provide here: not waited for, not served. */
    private final UnavailableProtocols unavailable;
    private final Process process;
    private final long processGroup;
    private final int port;
    /** 0 when the target serves no TLS. */
    private final int tlsPort;
    /** The certificate it was given; null when it serves no TLS. */
    private SelfSignedCertificate certificate;
    private final Path outLog;
    private final Path errLog;
    private volatile Duration timeToFirstResponse;
    private boolean closed;

    private RunningTarget(TargetManifest manifest, UnavailableProtocols unavailable, Process process, long processGroup,
                          int port, int tlsPort, Path outLog, Path errLog) {
        this.manifest = manifest;
        this.unavailable = unavailable;
        this.process = process;
        this.processGroup = processGroup;
        this.port = port;
        this.tlsPort = tlsPort;
        this.outLog = outLog;
        this.errLog = errLog;
    }

    /**
     * Starts the target and waits until {@code GET ready} answers 200 (and, for a target that declares
     * h1-tls or h2-tls, until its {@code TLS_PORT} accepts connections; for one that declares h3, until
     * one h3 request to the ready path answers on the UDP port {@code TLS_PORT}). A protocol its build
     * could not provide ({@link UnavailableProtocols}) is not waited for; {@code TLS_PORT} is given
     * whenever it declares a TLS protocol.
     *
     * @throws TargetException when it cannot start, exits early (with the end of its err log), or is
     *                         not ready in time; the process tree is stopped before it is thrown
     */
    public static RunningTarget start(TargetManifest m, StartOptions o) {
        return start(m, o, TargetLifetime.INDEPENDENT);
    }

    /**
     * Starts the target as {@link #start(TargetManifest, StartOptions)} does, bound to the thread
     * that calls this when {@code lifetime} says so.
     */
    public static RunningTarget start(TargetManifest m, StartOptions o, TargetLifetime lifetime) {
        UnavailableProtocols unavailable = UnavailableProtocols.read(m);
        int tlsPort = m.offersTls() ? o.tlsPort() : 0;
        int port = o.port();
        while (port == 0 || port == tlsPort) {
            port = FreePort.pick();
        }
        SelfSignedCertificate tls = null;
        while (m.offersTls() && (tlsPort == 0 || tlsPort == port)) {
            tlsPort = FreePort.pickTcpAndUdp(); // h3 is spoken on the same number over UDP
        }
        int cpuCount = o.cpus().isEmpty() ? Runtime.getRuntime().availableProcessors() : o.cpus().size();
        Placeholders placeholders = Placeholders.forStart(o.showdownHome(), port, cpuCount, tlsPort);

        List<String> command = new ArrayList<>(lifetime.commandPrefix());
        command.add("setsid"); // a new session and group, so the whole tree can be signalled at once
        if (!o.cpus().isEmpty()) {
            command.addAll(List.of("taskset", "-c", o.cpus().stream().map(String::valueOf).collect(Collectors.joining(","))));
        }
        command.addAll(placeholders.expand(m.start(), m.name() + " start"));

        Path outLog = o.logDir().resolve(m.name() + ".out.log");
        Path errLog = o.logDir().resolve(m.name() + ".err.log");
        ProcessBuilder pb = new ProcessBuilder(command)
                .directory(m.dir().toFile())
                .redirectOutput(outLog.toFile())
                .redirectError(errLog.toFile())
                .redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()));
        Map<String, String> env = pb.environment();
        for (Map.Entry<String, String> e : m.env().entrySet()) {
            env.put(e.getKey(), placeholders.expand(e.getValue(), m.name() + " env." + e.getKey()));
        }
        env.putAll(o.env()); // --target-env: the user's word wins over the manifest's
        env.put("PORT", Integer.toString(port));
        env.put("CPUS", Integer.toString(cpuCount));
        env.put("SHOWDOWN_HOME", placeholders.expand("${SHOWDOWN_HOME}", "env"));
        if (tlsPort != 0) {
            SelfSignedCertificate cert = o.tls() != null && o.tls().exists() ? o.tls()
                    : SelfSignedCertificate.reuseOrCreate(o.logDir());
            env.put("TLS_PORT", Integer.toString(tlsPort));
            env.put("TLS_CERT", cert.certFile().toAbsolutePath().toString());
            env.put("TLS_KEY", cert.keyFile().toAbsolutePath().toString());
            tls = cert;
        }

        long startNanos;
        Process process;
        try {
            Files.createDirectories(o.logDir());
            startNanos = System.nanoTime();
            process = pb.start();
        } catch (IOException e) {
            throw new TargetException("cannot start " + m.name() + ": " + e.getMessage());
        }
        RunningTarget target = new RunningTarget(m, unavailable, process, awaitOwnGroup(process), port, tlsPort, outLog, errLog);
        target.certificate = tls;
        OPEN.add(target);
        try {
            target.awaitReady(startNanos, o.readyTimeout());
        } catch (RuntimeException e) {
            target.close();
            throw e;
        }
        return target;
    }

    /** The group setsid made (= the pid), or -1 when it never appeared (then only the tree is signalled). */
    private static long awaitOwnGroup(Process process) {
        long deadline = System.nanoTime() + GROUP_WAIT_MILLIS * 1_000_000;
        long own = ProcessTree.ownProcessGroup();
        while (System.nanoTime() < deadline) {
            long group = ProcessTree.processGroup(process.pid());
            if (group == process.pid()) {
                return group;
            }
            if (group == -1 && !process.isAlive()) {
                return -1;
            }
            if (group != own && group != -1) {
                return group;
            }
            try {
                Thread.sleep(1);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return -1;
            }
        }
        return -1;
    }

    private void awaitReady(long startNanos, Duration timeout) {
        long deadline = startNanos + timeout.toNanos();
        // TCP on TLS_PORT only for h1-tls and h2-tls: a target that declares h3 alone listens there over UDP
        boolean tcpTls = serves(Protocol.H1_TLS) || serves(Protocol.H2_TLS);
        while (true) {
            if (!process.isAlive()) {
                throw new TargetException(manifest.name() + " exited with code " + process.exitValue()
                        + " before it was ready (logs: " + errLog + ", " + outLog + ")" + tail());
            }
            if (ReadyProbe.status(HOST, port, manifest.ready()) == 200 && (!tcpTls || ReadyProbe.accepts(HOST, tlsPort))) {
                timeToFirstResponse = Duration.ofNanos(System.nanoTime() - startNanos);
                break;
            }
            if (System.nanoTime() >= deadline) {
                throw new TargetException(manifest.name() + " did not answer GET " + manifest.ready() + " with 200 on port "
                        + port + (!tcpTls ? "" : " (and accept connections on TLS port " + tlsPort + ")") + " within " + timeout.toSeconds() + " s (logs: " + errLog + ", " + outLog + ")" + tail());
            }
            pause();
        }
        if (serves(Protocol.H3)) {
            awaitReadyOverH3(deadline, timeout);
        }
    }

    /** After the TCP ready path answered: one h3 request to it must answer (any status) before the deadline. */
    private void awaitReadyOverH3(long deadline, Duration timeout) {
        try (Http3Dialer dialer = Http3Dialer.trusting(certificate.certFile())) {
            while (true) {
                if (!process.isAlive()) {
                    throw new TargetException(manifest.name() + " exited with code " + process.exitValue()
                            + " before it answered over h3 (logs: " + errLog + ", " + outLog + ")" + tail());
                }
                long left = deadline - System.nanoTime();
                Duration attempt = Duration.ofNanos(Math.max(H3_ATTEMPT_MIN.toNanos(), Math.min(left, H3_ATTEMPT.toNanos())));
                if (ReadyProbe.h3Status(dialer, HOST, tlsPort, manifest.ready(), attempt) > 0) {
                    return;
                }
                if (System.nanoTime() >= deadline) {
                    throw new TargetException(manifest.name() + " answered GET " + manifest.ready() + " on port " + port
                            + " but not over h3 (QUIC on UDP port " + tlsPort + ") within " + timeout.toSeconds()
                            + " s (logs: " + errLog + ", " + outLog + ")");
                }
                pause();
            }
        }
    }

    private void pause() {
        try {
            Thread.sleep(READY_POLL_MILLIS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new TargetException("interrupted while waiting for " + manifest.name() + " to be ready");
        }
    }

    /** The last lines of the err log (or of the out log when err is empty), indented, or "". */
    private String tail() {
        for (Path log : List.of(errLog, outLog)) {
            try {
                List<String> lines = Files.readAllLines(log, java.nio.charset.StandardCharsets.ISO_8859_1).stream()
                        .filter(l -> !l.isBlank()).toList();
                if (!lines.isEmpty()) {
                    List<String> last = lines.subList(Math.max(0, lines.size() - ERR_LOG_TAIL_LINES), lines.size());
                    return "\n  | " + String.join("\n  | ", last);
                }
            } catch (IOException e) {
                // no log to show
            }
        }
        return "";
    }

    public TargetManifest manifest() {
        return manifest;
    }

    @Override
    public UnavailableProtocols unavailableProtocols() {
        return unavailable;
    }

    private boolean serves(Protocol p) {
        return manifest.offers(p) && !unavailable.contains(p);
    }

    public int port() {
        return port;
    }

    /** The certificate in its {@code TLS_CERT} and {@code TLS_KEY}; null when it declares no TLS protocol. */
    public SelfSignedCertificate certificate() {
        return certificate;
    }

    /** The TLS port ({@code TLS_PORT}), or 0 when the target declares no TLS protocol. */
    public int tlsPort() {
        return tlsPort;
    }

    /** The pid of the group leader (the start command itself, after setsid exec'd it). */
    public long pid() {
        return process.pid();
    }

    @Override
    public String host() {
        return HOST;
    }

    @Override
    public OptionalLong localPid() {
        return OptionalLong.of(pid());
    }

    @Override
    public long idleRssBytes() {
        return ProcessTreeStats.sample(pid()).rssBytes();
    }

    /** From the start of the process to the first 200 on the ready path. */
    public Duration timeToFirstResponse() {
        return timeToFirstResponse;
    }

    public boolean isAlive() {
        return process.isAlive();
    }

    public Path outLog() {
        return outLog;
    }

    public Path errLog() {
        return errLog;
    }

    /** Stops the whole tree with the default grace period. Idempotent. */
    @Override
    public void close() {
        close(DEFAULT_GRACE);
    }

    /** Stops the whole tree: SIGTERM, up to {@code grace} to exit, then SIGKILL. Idempotent. */
    public void close(Duration grace) {
        synchronized (this) {
            if (closed) {
                return;
            }
            closed = true;
        }
        try {
            Map<Long, ProcessHandle> signalled = ProcessTree.terminate(process.toHandle(), processGroup);
            ProcessTree.awaitOrKill(process.toHandle(), processGroup, signalled, System.nanoTime() + grace.toNanos());
        } finally {
            OPEN.remove(this);
        }
    }

    /** The shutdown hook: signal every open target first, then wait for them all on one deadline. */
    private static void closeAllOpen() {
        List<RunningTarget> open = new ArrayList<>(OPEN);
        List<Map<Long, ProcessHandle>> signalled = new ArrayList<>();
        for (RunningTarget t : open) {
            synchronized (t) {
                t.closed = true;
            }
            signalled.add(ProcessTree.terminate(t.process.toHandle(), t.processGroup));
        }
        long deadline = System.nanoTime() + DEFAULT_GRACE.toNanos();
        for (int i = 0; i < open.size(); i++) {
            RunningTarget t = open.get(i);
            ProcessTree.awaitOrKill(t.process.toHandle(), t.processGroup, signalled.get(i), deadline);
        }
    }

    @Override
    public String toString() {
        return manifest.name() + " (pid " + pid() + ", " + baseUri() + (tlsPort == 0 ? "" : ", https://" + HOST + ":" + tlsPort) + ")";
    }
}
