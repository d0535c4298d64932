package showdown.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import showdown.harness.results.CaseResult;
import showdown.harness.results.ResultsJson;
import showdown.harness.results.RunResults;
import showdown.harness.results.TargetOutcome;
import showdown.harness.targets.UnavailableProtocols;

/**
 * The README's first run on a machine with a JDK and nothing else: {@code showdown run --target netty
 * --target fastapi --duration 1s --warmup 1s} in a child JVM, from a fresh copy of the files those
 * targets need, with a PATH that holds the system's commands but no toolchain (no go, cargo, node,
 * ...) and a python3 without its venv module (Debian 12's default). fastapi's setup, its build, exits
 * 3: the target is unavailable with the setup's line; netty is built and measured; the run exits 0.
 * Builds the netty target with Maven (about a minute), so {@code -Dshowdown.skipTargets=true} skips it.
 */
class NewcomersFirstRunTest {

    /** The commands a newcomer's machine does not have: every toolchain but the JDK. */
    static final Set<String> TOOLCHAINS = Set.of("go", "gofmt", "cargo", "rustc", "rustup", "node", "nodejs", "npm",
            "npx", "ruby", "gem", "bundle", "ghc", "cabal", "mix", "elixir", "erl", "rebar3", "gleam", "dotnet",
            "python", "python3", "pip", "pip3");
    /** Where the system's commands are; the toolchains among them are left out of the PATH. */
    static final List<Path> SYSTEM_BIN = List.of(Path.of("/usr/local/sbin"), Path.of("/usr/local/bin"),
            Path.of("/usr/sbin"), Path.of("/usr/bin"), Path.of("/sbin"), Path.of("/bin"));
    /** A real python3 to wrap; a machine without one is a newcomer's case too, but not this test's. */
    static final Path SYSTEM_PYTHON = Path.of("/usr/bin/python3");
    /** The netty build, start, warm-up and 12 one-second cases take a few minutes at most; only a hang reaches this. */
    static final long RUN_TIMEOUT_MINUTES = 15;

    static final Path CHECKOUT = AllJavaTargetsVerifyTest.home();

    @TempDir
    Path dir;

    @AfterEach
    void endWhatTheRunLeft() {
        List<ProcessHandle> left = startedUnder(dir);
        left.forEach(ProcessHandle::destroyForcibly);
        assertThat(left).as("processes left running in " + dir).isEmpty();
    }

    @Test
    void fastapiIsUnavailableWithItsLineNettyIsMeasuredAndTheRunExitsZero() throws Exception {
        Assumptions.assumeFalse(Boolean.getBoolean("showdown.skipTargets"), "-Dshowdown.skipTargets=true");
        Assumptions.assumeTrue(Files.isExecutable(SYSTEM_PYTHON), "no " + SYSTEM_PYTHON + " to wrap");
        Path home = freshHome();
        Path bin = pathWithoutToolchains();
        Path out = dir.resolve("results/first");
        List<String> command = new ArrayList<>(List.of(ProcessHandle.current().info().command().orElse("java"),
                "-cp", System.getProperty("java.class.path"), "-Dshowdown.home=" + home, "showdown.cli.Main",
                "run", "--target", "netty", "--target", "fastapi", "--duration", "1s", "--warmup", "1s",
                "--out", out.toString()));
        ProcessBuilder pb = new ProcessBuilder(command).directory(home.toFile());
        String jdkBin = Path.of(System.getProperty("java.home"), "bin").toString();
        pb.environment().put("PATH", bin + java.io.File.pathSeparator + jdkBin);
        pb.environment().put("JAVA_HOME", System.getProperty("java.home"));
        int exit = ChildProcess.run(pb, dir.resolve("run.log"), RUN_TIMEOUT_MINUTES, TimeUnit.MINUTES);
        String log = Files.readString(dir.resolve("run.log"));

        assertThat(exit).as(log).isZero();
        assertThat(log).contains("fastapi: unavailable here: needs Python's venv module with ensurepip (Debian:"
                + " python3-venv), and python3 ").contains("targets: 1 ok, 0 failed, 1 unavailable");
        RunResults results = ResultsJson.read(out.resolve("results.json"));
        assertThat(results.targets()).filteredOn(t -> t.name().equals("fastapi")).singleElement().satisfies(t -> {
            assertThat(t.status()).isEqualTo(TargetOutcome.Status.UNAVAILABLE);
            assertThat(t.reason()).startsWith("unavailable here: needs Python's venv module").endsWith(" has none");
        });
        assertThat(results.targets()).filteredOn(t -> t.name().equals("netty")).singleElement()
                .extracting(TargetOutcome::status).isEqualTo(TargetOutcome.Status.OK);
        assertThat(results.cases()).isNotEmpty().allSatisfy(c -> {
            assertThat(c.target()).isEqualTo("netty");
            assertThat(c.requests()).as(c.request()).isPositive();
        });
        assertThat(results.cases()).extracting(CaseResult::scenario).contains("spock-scotty", "mist", "phoenix-showdown",
                "techempower");
        assertThat(out.resolve("report.md")).exists();
    }

    /**
     * What a fresh clone holds for these two targets: the scenarios, the Maven wrapper, the netty
     * target without its build output, fastapi without a venv, and the shell libraries.
     */
    private Path freshHome() throws IOException {
        Path home = dir.resolve("showdown");
        for (String part : List.of("scenarios", ".mvn", "targets/lib", "targets/java/netty", "targets/python/fastapi",
                "targets/python/shared")) {
            copy(CHECKOUT.resolve(part), home.resolve(part));
        }
        Files.copy(CHECKOUT.resolve("mvnw"), home.resolve("mvnw"));
        return home;
    }

    /** Copies a folder as git would check it out: without build outputs, venvs or setup logs. */
    private static void copy(Path from, Path to) throws IOException {
        Set<String> notInAClone = Set.of("target", ".venv", "__pycache__", "setup.log", "setup.unavailable",
                UnavailableProtocols.FILE_NAME);
        try (Stream<Path> files = Files.walk(from)) {
            for (Path f : files.toList()) {
                Path rel = from.relativize(f);
                boolean skipped = false;
                for (Path part : rel) {
                    skipped |= notInAClone.contains(part.toString());
                }
                if (skipped) {
                    continue;
                }
                Path dest = to.resolve(rel.toString());
                if (Files.isDirectory(f)) {
                    Files.createDirectories(dest);
                } else {
                    Files.copy(f, dest, java.nio.file.StandardCopyOption.COPY_ATTRIBUTES);
                }
            }
        }
    }

    /**
     * A folder of links to the system's commands but the toolchains, and a python3 that runs the
     * system's Python without its ensurepip module, as Debian 12 has it before python3-venv.
     */
    private Path pathWithoutToolchains() throws IOException {
        Path bin = Files.createDirectories(dir.resolve("bin"));
        for (Path system : SYSTEM_BIN) {
            if (!Files.isDirectory(system)) {
                continue;
            }
            try (Stream<Path> commands = Files.list(system)) {
                for (Path c : commands.toList()) {
                    String name = c.getFileName().toString();
                    if (!TOOLCHAINS.contains(name) && !name.startsWith("python") && !Files.exists(bin.resolve(name),
                            java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
                        Files.createSymbolicLink(bin.resolve(name), c);
                    }
                }
            }
        }
        Path shadow = Files.createDirectories(dir.resolve("no-venv/ensurepip"));
        Files.writeString(shadow.resolve("__init__.py"), "raise ImportError('no ensurepip: python3-venv is not installed')\n");
        Path python = bin.resolve("python3");
        Files.writeString(python, "#!/bin/sh\nPYTHONPATH='" + shadow.getParent() + "' exec " + SYSTEM_PYTHON + " \"$@\"\n");
        Files.setPosixFilePermissions(python, PosixFilePermissions.fromString("rwxr-xr-x"));
        return bin;
    }

    /** Processes whose working folder is under {@code root}: the targets a run in it started. */
    static List<ProcessHandle> startedUnder(Path root) {
        return ProcessHandle.allProcesses().filter(ProcessHandle::isAlive).filter(p -> {
            Optional<Path> cwd;
            try {
                cwd = Optional.of(Files.readSymbolicLink(Path.of("/proc", Long.toString(p.pid()), "cwd")));
            } catch (IOException | UnsupportedOperationException | SecurityException e) {
                cwd = Optional.empty();
            }
            return cwd.map(c -> c.startsWith(root)).orElse(false);
        }).toList();
    }
}
