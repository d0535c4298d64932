package showdown.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import showdown.harness.targets.StartOptions;
import showdown.harness.targets.TargetCatalog;
import showdown.harness.targets.TargetManifest;
import showdown.harness.verify.Outcome;
import showdown.harness.verify.Scenarios;
import showdown.harness.verify.TargetVerdict;
import showdown.harness.verify.Verifier;
import showdown.harness.verify.VerifyTable;

/**
 * The seed frameworks beyond Java (Express, Go net/http, Gin, Martini, Sinatra, Rails, scotty),
 * every non-Java target that {@link TargetCatalog} finds, against the same checks as the Java
 * targets. On a developer's machine a target whose toolchain is not set up is skipped; in CI
 * ({@code CI=true}), where {@code .ci/run} ran {@code targets/setup-seeds} first, every one of them
 * must run and pass, except the targets whose packages come from a registry of their own
 * ({@code registry:} in their manifest; see {@link RegistryBoundTargetsTest}), which
 * {@code setup-seeds} sets up only when named, so that verify skips them as needing setup, and the targets whose setup said it cannot work on this machine (exit 3: a toolchain
 * missing or too old and not installable here), which {@code setup-seeds} notes in the target's
 * folder as {@value #SETUP_UNAVAILABLE}: those are left out, in CI as elsewhere, with that line.
 */
class SeedTargetsVerifyTest {

    /** What targets/setup-seeds writes in a target's folder when its setup exited 3: the setup's one line. */
    static final String SETUP_UNAVAILABLE = TargetManifest.SETUP_UNAVAILABLE_FILE;

    @Test
    void everySeedTargetThatIsSetUpPassesEveryCheck() throws Exception {
        Assumptions.assumeFalse(Boolean.getBoolean("showdown.skipTargets"), "-Dshowdown.skipTargets=true");
        Path home = AllJavaTargetsVerifyTest.home();
        List<TargetManifest> seeds = TargetCatalog.discover(home).all().stream()
                .filter(m -> !m.language().equals("java"))
                .filter(SeedTargetsVerifyTest::setUpOrNotSaidUnavailable)
                .toList();
        Assumptions.assumeFalse(seeds.isEmpty(), "no non-Java targets");
        Path logs = Files.createDirectories(Path.of("target", "seed-targets").toAbsolutePath());

        PrintWriter out = new PrintWriter(System.out, true, StandardCharsets.UTF_8);
        VerifyTable table = new VerifyTable(out, seeds.stream().map(TargetManifest::name).toList());
        table.header();
        List<TargetVerdict> verdicts = Verifier.verify(seeds, new Verifier.Options(home, Set.copyOf(Scenarios.ALL),
                AllJavaTargetsVerifyTest.JOBS, logs, StartOptions.DEFAULT_READY_TIMEOUT, AllJavaTargetsVerifyTest.SEED), table::print);
        table.summary(verdicts);

        String failures = verdicts.stream()
                .flatMap(v -> v.results().stream().filter(r -> r.outcome() == Outcome.FAIL)
                        .map(r -> v.target() + " × " + r.check() + ": " + r.detail()
                                + (r.trace().isEmpty() ? "" : "\n" + r.trace())))
                .collect(Collectors.joining("\n"));
        assertThat(failures).as("failing target × check (logs in " + logs + ")").isEmpty();
        if ("true".equals(System.getenv("CI"))) {
            Set<String> registryBound = seeds.stream().filter(m -> m.registry() != null).map(TargetManifest::name)
                    .collect(Collectors.toSet());
            assertThat(verdicts).as("seed targets that CI set up but could not run")
                    .filteredOn(v -> !registryBound.contains(v.target()))
                    .noneMatch(TargetVerdict::skipped);
        }
    }

    /** False, with the setup's line printed, for a target whose last setup said it cannot work here. */
    static boolean setUpOrNotSaidUnavailable(TargetManifest m) {
        Path marker = m.dir().resolve(SETUP_UNAVAILABLE);
        if (!Files.isRegularFile(marker)) {
            return true;
        }
        try {
            System.out.println(m.name() + ": left out, its setup said: " + Files.readString(marker).strip());
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        return false;
    }
}
