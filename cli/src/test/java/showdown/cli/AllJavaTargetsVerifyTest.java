package showdown.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import showdown.harness.targets.StartOptions;
import showdown.harness.targets.TargetCatalog;
import showdown.harness.targets.TargetManifest;
import showdown.harness.verify.CheckResult;
import showdown.harness.verify.Outcome;
import showdown.harness.verify.Scenarios;
import showdown.harness.verify.TargetVerdict;
import showdown.harness.verify.Verifier;
import showdown.harness.verify.VerifyTable;

/**
 * CI's proof that every Java target honours the contract: builds them all in one Maven reactor,
 * then verifies them two at a time. Skipped when there is no targets/java/pom.xml, or with
 * {@code -Dshowdown.skipTargets=true} (for a quick local test run).
 */
class AllJavaTargetsVerifyTest {

    /** A cold reactor build downloads every framework's dependencies. */
    static final Duration BUILD_TIMEOUT = Duration.ofMinutes(40);
    static final int JOBS = 2;
    static final long SEED = 20_260_101L;

    /** The checkout: {@code showdown.home} when set, else the parent of this module's folder. */
    static Path home() {
        String property = System.getProperty("showdown.home");
        return property != null ? Path.of(property).toAbsolutePath().normalize()
                : Path.of("").toAbsolutePath().getParent().normalize();
    }

    @Test
    void everyJavaTargetPassesEveryCheck() throws Exception {
        Assumptions.assumeFalse(Boolean.getBoolean("showdown.skipTargets"), "-Dshowdown.skipTargets=true");
        Path home = home();
        Path reactor = home.resolve("targets/java/pom.xml");
        Assumptions.assumeTrue(Files.isRegularFile(reactor), "no targets/java/pom.xml yet");
        Path logs = Files.createDirectories(Path.of("target", "all-java-targets").toAbsolutePath());

        buildAll(home, reactor, logs.resolve("build.log"));

        List<TargetManifest> java = TargetCatalog.discover(home).byLanguage("java");
        assertThat(java).as("Java targets under " + home.resolve("targets")).isNotEmpty();
        PrintWriter out = new PrintWriter(System.out, true, StandardCharsets.UTF_8);
        VerifyTable table = new VerifyTable(out, java.stream().map(TargetManifest::name).toList());
        table.header();
        List<TargetVerdict> verdicts = Verifier.verify(java, new Verifier.Options(home, Set.copyOf(Scenarios.ALL), JOBS, logs,
                StartOptions.DEFAULT_READY_TIMEOUT, SEED), table::print);
        table.summary(verdicts);

        String failures = verdicts.stream()
                .flatMap(v -> v.results().stream().filter(r -> r.outcome() == Outcome.FAIL).map(r -> line(v, r)))
                .collect(Collectors.joining("\n"));
        assertThat(failures).as("failing target × check (logs in " + logs + ")").isEmpty();
        assertThat(verdicts).as("Java targets that could not run here").noneMatch(TargetVerdict::skipped);
    }

    private static String line(TargetVerdict v, CheckResult r) {
        return v.target() + " × " + r.check() + ": " + r.detail() + (r.trace().isEmpty() ? "" : "\n" + r.trace());
    }

    private static void buildAll(Path home, Path reactor, Path log) throws IOException, InterruptedException {
        Process build = new ProcessBuilder(home.resolve("mvnw").toString(), "-q", "-B", "-f", reactor.toString(), "-DskipTests", "package")
                .directory(home.toFile())
                .redirectErrorStream(true)
                .redirectOutput(log.toFile())
                .start();
        if (!build.waitFor(BUILD_TIMEOUT.toMinutes(), TimeUnit.MINUTES)) {
            build.descendants().forEach(ProcessHandle::destroyForcibly);
            build.destroyForcibly();
            fail("building the Java targets took over " + BUILD_TIMEOUT.toMinutes() + " minutes; see " + log);
        }
        if (build.exitValue() != 0) {
            List<String> lines = Files.readAllLines(log, StandardCharsets.ISO_8859_1);
            fail("building the Java targets failed (exit " + build.exitValue() + "); see " + log + "\n"
                    + String.join("\n", lines.subList(Math.max(0, lines.size() - 40), lines.size())));
        }
    }
}
