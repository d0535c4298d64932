package showdown.harness.run;

import java.nio.file.Path;
import java.time.Duration;
import java.util.OptionalLong;
import showdown.harness.targets.SelfSignedCertificate;
import showdown.harness.targets.ServedTarget;
import showdown.harness.targets.TargetManifest;
import showdown.harness.targets.UnavailableProtocols;

/**
 * A started target that is no process, for tests of the run around it: what the run asks of a
 * served target, with the protocols its build left out and a TLS port when it declares TLS.
 */
record ProcesslessTarget(TargetManifest manifest, UnavailableProtocols unavailableProtocols) implements ServedTarget {

    /** A target whose build left nothing out. */
    ProcesslessTarget(TargetManifest manifest) {
        this(manifest, UnavailableProtocols.NONE);
    }

    @Override
    public String host() {
        return "127.0.0.1";
    }

    @Override
    public int port() {
        return 1;
    }

    @Override
    public int tlsPort() {
        return manifest.offersTls() ? 2 : 0;
    }

    @Override
    public SelfSignedCertificate certificate() {
        return null;
    }

    @Override
    public Duration timeToFirstResponse() {
        return Duration.ofMillis(1);
    }

    @Override
    public long idleRssBytes() {
        return 0;
    }

    @Override
    public boolean isAlive() {
        return true;
    }

    @Override
    public Path errLog() {
        return null;
    }

    @Override
    public OptionalLong localPid() {
        return OptionalLong.empty();
    }

    @Override
    public void close() {
    }
}
