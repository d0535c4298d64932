package showdown.cli;

import static org.junit.jupiter.api.Assertions.fail;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;

/** Runs a language's own tools (erlc, elixirc, ghc) for the tests of the registry-bound targets. */
final class Toolchain {

    private Toolchain() {
    }

    record Result(int exitCode, String output) {
    }

    /** Runs {@code command} with stdin closed, stdout and stderr together, and fails the test past the timeout. */
    static Result run(List<String> command, long timeoutSeconds) throws IOException, InterruptedException {
        return run(command, null, timeoutSeconds);
    }

    /** As {@link #run(List, long)}, in {@code dir} when it is not null. */
    static Result run(List<String> command, Path dir, long timeoutSeconds) throws IOException, InterruptedException {
        ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true);
        if (dir != null) {
            pb.directory(dir.toFile());
        }
        Process p = pb.start();
        p.getOutputStream().close();
        byte[] bytes = p.getInputStream().readAllBytes();
        if (!p.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            fail(command.get(0) + " still running after " + timeoutSeconds + " s");
        }
        return new Result(p.exitValue(), new String(bytes, StandardCharsets.UTF_8));
    }

    /** Skips the test without {@code command}, except under {@code CI=true}, where its absence fails it. */
    static void requireOrSkip(String command, String what) {
        requireOrSkip(onPath(command), "no " + command + " on PATH", what);
    }

    /**
     * Skips the test when {@code present} is false, saying {@code missing}, except under {@code CI=true},
     * where .ci/run installs {@code what} and its absence fails the test.
     */
    static void requireOrSkip(boolean present, String missing, String what) {
        if (present) {
            return;
        }
        if ("true".equals(System.getenv("CI"))) {
            fail(missing + " under CI=true: .ci/run installs " + what);
        }
        Assumptions.abort(missing + ": " + what + " is not installed");
    }

    static boolean onPath(String command) {
        String path = System.getenv("PATH");
        return path != null && Arrays.stream(path.split(File.pathSeparator))
                .anyMatch(dir -> !dir.isEmpty() && Files.isExecutable(Path.of(dir, command)));
    }
}
