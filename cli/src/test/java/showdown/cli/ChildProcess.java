package showdown.cli;

import static org.junit.jupiter.api.Assertions.fail;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** A child process a test runs to its end, with its output in a log, and ends by PID whatever happens. */
final class ChildProcess {

    private ChildProcess() {
    }

    /**
     * Runs {@code pb} with stdin from /dev/null and stdout and stderr into {@code log}; fails the test
     * when it still runs after the timeout. The process and every descendant are ended by PID after.
     *
     * @return its exit status
     */
    static int run(ProcessBuilder pb, Path log, long timeout, TimeUnit unit) throws IOException, InterruptedException {
        Process p = pb.redirectErrorStream(true).redirectOutput(log.toFile())
                .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null"))).start();
        try {
            if (!p.waitFor(timeout, unit)) {
                fail(pb.command().get(0) + " still ran after " + timeout + " " + unit.toString().toLowerCase()
                        + ": " + Files.readString(log));
            }
        } finally {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
        }
        return p.exitValue();
    }

    /** Ends, by PID, every process whose command line holds {@code marker}, and returns those it found. */
    static List<ProcessHandle> endMarked(String marker) {
        List<ProcessHandle> left = ProcessHandle.allProcesses().filter(ProcessHandle::isAlive)
                .filter(p -> p.info().commandLine().map(c -> c.contains(marker)).orElse(false)).toList();
        left.forEach(ProcessHandle::destroyForcibly);
        return left;
    }
}
