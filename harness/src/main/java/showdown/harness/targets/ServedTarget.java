package showdown.harness.targets;

import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.OptionalLong;

/**
 * A target started for a run, wherever it runs: a process tree of this host
 * ({@link RunningTarget}) or one a server agent started on its own host. What the run needs of
 * it: where to reach it, whether it still runs, and how to stop it.
 */
public interface ServedTarget extends AutoCloseable {

    TargetManifest manifest();

    /**
     * The protocols it declares that its build could not provide where it runs, with the build's
     * lines: it does not serve them, and nothing waits for them.
     */
    UnavailableProtocols unavailableProtocols();

    /** The protocols it serves: those it declares less {@link #unavailableProtocols()}. */
    default java.util.List<Protocol> servedProtocols() {
        return unavailableProtocols().served(manifest());
    }

    /** The address the load and the contract checks reach it at. */
    String host();

    int port();

    /** The TLS port, or 0 when it serves no TLS. */
    int tlsPort();

    /** The certificate it serves TLS with, as a file here; null when none (or it is on another host). */
    SelfSignedCertificate certificate();

    /** From the start of its process to the first 200 on the ready path. */
    Duration timeToFirstResponse();

    /** Its resident set right after it became ready, in bytes. */
    long idleRssBytes();

    boolean isAlive();

    /** Its stderr log on this host; null when it is kept on another host. */
    Path errLog();

    /** The pid of its process tree's root on this host; empty when it runs elsewhere. */
    OptionalLong localPid();

    /**
     * Starts watching its JIT compilers: from /proc for a target of this host ({@link JitActivity}),
     * through its agent for one on another host; {@link CompilerTime#NONE} when they cannot be seen.
     */
    default CompilerTime watchCompilers() {
        return localPid().isPresent() ? JitActivity.watch(localPid().getAsLong()) : CompilerTime.NONE;
    }

    /** {@code http://HOST:PORT} (no trailing slash). */
    default URI baseUri() {
        return URI.create("http://" + hostForUri() + ":" + port());
    }

    /**
     * Where {@code protocol} is spoken: {@code http://HOST:PORT} for h1 and h2c, {@code https://HOST:TLS_PORT}
     * for h1-tls, h2-tls and h3 (whose {@code TLS_PORT} is a UDP port).
     *
     * @throws TargetException when the target does not declare {@code protocol}
     */
    default URI baseUri(Protocol protocol) {
        if (!manifest().offers(protocol) || (protocol.tls() && tlsPort() == 0)) {
            throw new TargetException(manifest().name() + " does not offer " + protocol);
        }
        return protocol.tls() ? URI.create("https://" + hostForUri() + ":" + tlsPort()) : baseUri();
    }

    private String hostForUri() {
        return host().contains(":") ? "[" + host() + "]" : host();
    }

    /** Stops it (its whole process tree). Idempotent. */
    @Override
    void close();
}
