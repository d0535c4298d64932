package showdown.cli;

import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import showdown.harness.targets.Availability;
import showdown.harness.targets.Protocol;
import showdown.harness.targets.RunningTarget;
import showdown.harness.targets.SelfSignedCertificate;
import showdown.harness.targets.ShowdownHome;
import showdown.harness.targets.StartOptions;
import showdown.harness.targets.TargetBuilder;
import showdown.harness.targets.TargetCatalog;
import showdown.harness.targets.TargetManifest;
import showdown.harness.targets.TargetUnavailableException;

/**
 * {@code showdown serve NAME}: builds the target if needed, starts it, prints its URL and keeps it
 * running until Ctrl-C or SIGTERM; then the shutdown hook stops its whole process tree.
 */
final class ServeCommand extends Command {

    private static final Duration EXIT_POLL = Duration.ofMillis(200);

    private String name;
    private int port;
    private int tlsPort;
    private final List<Integer> cpus = new ArrayList<>();
    private int readyTimeoutSeconds = 90;
    private Path logDir;
    private final TargetEnv targetEnv = new TargetEnv();

    ServeCommand() {
        super("serve", "Starts one target in the foreground and prints its URL when it is ready.",
                "Ctrl-C (or SIGTERM) stops it and everything it started.");
    }

    @Override
    void declare(Options o) {
        o.parameter("NAME", "The target (see 'showdown doctor').", v -> name = v)
                .value("--port", "P", "Port on 127.0.0.1 (default: a free one).", v -> port = Options.toInt("--port", v))
                .value("--tls-port", "P", "TLS port on 127.0.0.1, for a target that serves TLS (TCP, and UDP for h3; default: a free one).",
                        v -> tlsPort = Options.toInt("--tls-port", v))
                .value("--cpus", "LIST", "Pin the target to these CPU ids, e.g. 0,1.",
                        v -> Options.items(v).forEach(c -> cpus.add(Options.toInt("--cpus", c))))
                .value("--ready-timeout", "SECONDS", "How long it may take to answer its ready path (default: "
                        + readyTimeoutSeconds + ").", v -> readyTimeoutSeconds = Options.toInt("--ready-timeout", v))
                .value("--logs", "DIR", "Build and server logs (default: results/serve-logs under the Showdown home).",
                        v -> logDir = Options.toPath("--logs", v))
                .value(TargetEnv.OPTION, TargetEnv.VALUE_LABEL, "Extra environment for the target, e.g. SPIN_MICROS=200"
                        + " for the calibration target (repeatable).", targetEnv::add);
    }

    @Override
    int call(List<String> args) throws InterruptedException {
        if (port < 0 || port > 65535) {
            throw new UserException("--port must be between 0 and 65535 (got " + port + ")");
        }
        if (tlsPort < 0 || tlsPort > 65535) {
            throw new UserException("--tls-port must be between 0 and 65535 (got " + tlsPort + ")");
        }
        if (tlsPort != 0 && tlsPort == port) {
            throw new UserException("--tls-port and --port are both " + port + "; they must differ");
        }
        if (readyTimeoutSeconds < 1) {
            throw new UserException("--ready-timeout must be at least 1 second (got " + readyTimeoutSeconds + ")");
        }
        Path home = ShowdownHome.resolve();
        TargetManifest m = TargetCatalog.discover(home).require(name);
        Availability availability = Availability.of(m, home);
        if (!availability.canRun()) {
            throw new UserException(m.name() + " " + availability.describe());
        }
        String protocols = String.join(", ", m.protocols().stream().map(Protocol::id).toList());
        if (tlsPort != 0 && !m.offersTls()) {
            throw new UserException("--tls-port: " + m.name() + " serves no TLS (protocols: " + protocols + ")");
        }
        Path logs = logDir != null ? logDir.toAbsolutePath() : home.resolve("results").resolve("serve-logs");
        PrintStream out = System.out;
        if (availability.status() == Availability.Status.NEEDS_BUILD) {
            Path buildLog = logs.resolve(m.name() + ".build.log");
            out.println("building " + m.name() + " (log: " + buildLog + ")...");
            out.flush();
            try {
                TargetBuilder.ensureBuilt(m, home, buildLog);
            } catch (TargetUnavailableException e) {
                throw new UserException(m.name() + " " + e.availability().describe());
            }
        }
        SelfSignedCertificate tls = m.offersTls() ? SelfSignedCertificate.temporary() : null;
        RunningTarget t = RunningTarget.start(m, new StartOptions(home, port, cpus, logs, Duration.ofSeconds(readyTimeoutSeconds),
                targetEnv.asMap(), tls, tlsPort));
        out.println(m.display() + " is ready at " + t.baseUri() + "/ (pid " + t.pid() + String.format(Locale.ROOT,
                ", first response after %.2f s)", t.timeToFirstResponse().toNanos() / 1e9));
        // what it really serves: its build may not have provided every protocol it declares
        out.println("protocols: " + String.join(", ", t.servedProtocols().stream().map(Protocol::id).toList()));
        for (Protocol p : t.unavailableProtocols().protocols()) {
            out.println(t.unavailableProtocols().describe(p));
        }
        if (tls != null) {
            // Self-signed: curl -k, or --cacert with the certificate below.
            out.println("TLS at https://" + RunningTarget.HOST + ":" + t.tlsPort() + "/ (certificate " + tls.certFile() + ")");
        }
        if (t.servedProtocols().contains(Protocol.H3)) {
            out.println("h3 at https://" + RunningTarget.HOST + ":" + t.tlsPort() + "/ over UDP (showdown load --h3)");
        }
        out.println("logs: " + t.outLog() + ", " + t.errLog());
        out.println("press Ctrl-C to stop it");
        out.flush();
        // Ctrl-C and SIGTERM end the JVM; RunningTarget's shutdown hook then stops the whole tree.
        while (t.isAlive()) {
            Thread.sleep(EXIT_POLL);
        }
        t.close();
        System.err.println("showdown serve: " + m.name() + " exited on its own; see " + t.errLog());
        return 1;
    }
}
