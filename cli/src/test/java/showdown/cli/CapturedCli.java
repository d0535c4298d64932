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
    static synchronized Outcome run(String... args) {
        PrintStream oldOut = System.out;
        PrintStream oldErr = System.err;
        ByteArrayOutputStream out = new ByteArrayOutputStream();
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
