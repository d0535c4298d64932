package showdown.cli;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/** Runs the CLI in this JVM as {@link Main#execute} does, and keeps what it printed. */
final class CapturedCli {

    /** What one CLI invocation printed, and its exit code. */
    record Outcome(int exitCode, String out, String err) {
    }

    private CapturedCli() {
    }

    /** System.out and System.err are swapped for the call and restored after it, also on failure. */
    static Outcome run(String... args) {
        return run(new ByteArrayOutputStream(), args);
    }

    /**
     * As {@link #run(String...)}, printing into {@code out}, which another thread may read while the
     * command runs (ByteArrayOutputStream is synchronized): a test waits there for a line it needs.
     */
    static synchronized Outcome run(ByteArrayOutputStream out, String... args) {
        PrintStream oldOut = System.out;
        PrintStream oldErr = System.err;
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        try {
            System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
            System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
            int code = Main.execute(args);
            System.out.flush();
            System.err.flush();
            return new Outcome(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
        } finally {
            System.setOut(oldOut);
            System.setErr(oldErr);
        }
    }
}
