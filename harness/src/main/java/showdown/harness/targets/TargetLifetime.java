package showdown.harness.targets;

import java.util.List;

/** Whether a target, or its build, may outlive the thread that started it. */
public enum TargetLifetime {
    /** The target runs until it is stopped; a local run stops it on every path out. */
    INDEPENDENT,
    /**
     * The kernel sends the start command's process SIGKILL when the thread that started it ends,
     * however it ends (a SIGKILLed agent included): {@code setpriv --pdeathsig KILL} from
     * util-linux, kept across the {@code exec} of {@code setsid}, {@code taskset} and the command.
     * The signal follows the starting <em>thread</em>, so the caller starts targets from a platform
     * thread that lives as long as they may.
     */
    ENDS_WITH_STARTING_THREAD;

    List<String> commandPrefix() {
        return this == INDEPENDENT ? List.of() : List.of("setpriv", "--pdeathsig", "KILL");
    }
}
