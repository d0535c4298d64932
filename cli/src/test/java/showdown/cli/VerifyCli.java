package showdown.cli;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import showdown.harness.targets.ShowdownHome;

/** Test helper for the verify, serve and doctor commands: a Showdown home of its own and captured output. */
final class VerifyCli {

    record Result(int exitCode, String out, String err) {
    }

    private VerifyCli() {
    }

    /** Runs the CLI as {@link Main#execute} does, with {@code home} as the Showdown home. */
    static Result run(Path home, String... args) {
        return run(home, new ByteArrayOutputStream(), args);
    }

    /** As {@link #run(Path, String...)}, printing stdout into {@code out} as it goes. */
    static Result run(Path home, ByteArrayOutputStream out, String... args) {
        String previous = System.getProperty(ShowdownHome.PROPERTY);
        System.setProperty(ShowdownHome.PROPERTY, home.toString());
        try {
            CapturedCli.Outcome o = CapturedCli.run(out, args);
            return new Result(o.exitCode(), o.out(), o.err());
        } finally {
            if (previous == null) {
                System.clearProperty(ShowdownHome.PROPERTY);
            } else {
                System.setProperty(ShowdownHome.PROPERTY, previous);
            }
        }
    }

    /** Writes {@code targets/<language>/<name>/target.yaml} with the given start command and extra fields. */
    static Path target(Path home, String language, String name, String startFlowList, String extra) throws IOException {
        Path dir = Files.createDirectories(home.resolve("targets").resolve(language).resolve(name));
        Files.writeString(dir.resolve("target.yaml"), """
                name: %s
                display: %s
                language: %s
                framework: test
                version: "1"
                category: platform
                start: %s
                ready: /
                scenarios: [techempower]
                """.formatted(name, name, language, startFlowList) + extra);
        return dir;
    }

    /** A server that answers 200 on "/" (Python's http.server, HTTP/1.0: it closes every connection). */
    static final String PYTHON_SERVER = "[sh, -c, 'exec python3 -m http.server --bind 127.0.0.1 \"$PORT\"']";
}
