package showdown.harness.targets;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * How to start a target.
 *
 * @param showdownHome the checkout, for {@code ${SHOWDOWN_HOME}}
 * @param port         the port to listen on; 0 picks a free one
 * @param cpus         the CPU ids to pin the target to ({@code taskset -c}); empty means no pinning
 * @param logDir       where {@code <name>.out.log} and {@code <name>.err.log} go
 * @param readyTimeout how long the target may take to answer its ready path with 200
 * @param env          extra environment for the start command, over the manifest's (`--target-env`)
 * @param tls          the certificate for a target that declares TLS ({@code TLS_CERT}, {@code TLS_KEY});
 *                     null makes one in {@code logDir} when such a target starts (a run passes its own)
 * @param tlsPort      the TLS port ({@code TLS_PORT}) for a target that declares TLS; 0 picks a free one
 */
public record StartOptions(Path showdownHome, int port, List<Integer> cpus, Path logDir, Duration readyTimeout,
                           Map<String, String> env, SelfSignedCertificate tls, int tlsPort) {

    /** Generous enough for a cold JVM framework on a busy 2-core machine. */
    public static final Duration DEFAULT_READY_TIMEOUT = Duration.ofSeconds(90);

    public StartOptions {
        Objects.requireNonNull(showdownHome, "showdownHome");
        Objects.requireNonNull(logDir, "logDir");
        Objects.requireNonNull(readyTimeout, "readyTimeout");
        cpus = List.copyOf(cpus);
        env = env == null ? Map.of() : Map.copyOf(env);
        if (port < 0 || port > 65535) {
            throw new TargetException("port " + port + " is out of range 0-65535");
        }
        if (tlsPort < 0 || tlsPort > 65535) {
            throw new TargetException("TLS port " + tlsPort + " is out of range 0-65535");
        }
        if (tlsPort != 0 && tlsPort == port) {
            throw new TargetException("the TLS port and the port are both " + port + "; they must differ");
        }
        for (int cpu : cpus) {
            if (cpu < 0) {
                throw new TargetException("CPU id " + cpu + " is negative");
            }
        }
    }

    /** A free TLS port, when the target declares TLS. */
    public StartOptions(Path showdownHome, int port, List<Integer> cpus, Path logDir, Duration readyTimeout,
                        Map<String, String> env, SelfSignedCertificate tls) {
        this(showdownHome, port, cpus, logDir, readyTimeout, env, tls, 0);
    }

    /** Without a certificate of the caller's: one is made in {@code logDir} if the target needs it. */
    public StartOptions(Path showdownHome, int port, List<Integer> cpus, Path logDir, Duration readyTimeout,
                        Map<String, String> env) {
        this(showdownHome, port, cpus, logDir, readyTimeout, env, null);
    }

    /** A free port, no pinning, the default ready timeout. */
    public static StartOptions defaults(Path showdownHome, Path logDir) {
        return new StartOptions(showdownHome, 0, List.of(), logDir, DEFAULT_READY_TIMEOUT, Map.of());
    }
}
