package showdown.harness.run;

import java.nio.file.Path;
import showdown.harness.targets.Availability;
import showdown.harness.targets.RunningTarget;
import showdown.harness.targets.ServedTarget;
import showdown.harness.targets.StartOptions;
import showdown.harness.targets.TargetBuilder;
import showdown.harness.targets.TargetManifest;

/**
 * Where a run's targets run: on this host ({@link #LOCAL}, the default), or on a server agent's
 * host (docs/hosts.md). The run asks it whether a target can run, to build it, and to start it.
 */
public interface TargetHost {

    /** Processes of this host, pinned to the server CPUs: the local run. */
    TargetHost LOCAL = new TargetHost() {
        @Override
        public Availability availability(TargetManifest m, Path showdownHome) {
            return Availability.of(m, showdownHome);
        }

        @Override
        public void ensureBuilt(TargetManifest m, Path showdownHome, Path log) {
            TargetBuilder.ensureBuilt(m, showdownHome, log);
        }

        @Override
        public ServedTarget start(TargetManifest m, StartOptions options) {
            return RunningTarget.start(m, options);
        }
    };

    /** Whether {@code m} can run there (a remote host decides when it starts it). */
    Availability availability(TargetManifest m, Path showdownHome);

    /** Builds {@code m} where it runs, when it needs it; {@link showdown.harness.targets.TargetException} on failure. */
    void ensureBuilt(TargetManifest m, Path showdownHome, Path log);

    /** Starts {@code m} and returns once it answers its ready path; {@link showdown.harness.targets.TargetException} otherwise. */
    ServedTarget start(TargetManifest m, StartOptions options);
}
