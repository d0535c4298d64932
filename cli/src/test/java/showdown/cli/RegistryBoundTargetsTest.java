package showdown.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;
import showdown.harness.targets.Availability;
import showdown.harness.targets.TargetCatalog;
import showdown.harness.targets.TargetManifest;

/**
 * The seed targets whose packages come from a registry of their own ecosystem (Hex, Hackage, NuGet;
 * docs/seed-frameworks.md). Nothing here claims that they build or pass: their manifests load,
 * {@code showdown doctor} reports each one as needing its setup, naming its registry, until its
 * packages are fetched, and a setup whose toolchain is on PATH ends with exit 0, or with exit 3 and
 * its one line. A toolchain that is missing skips its check with the reason. Their own modules are
 * checked by {@link RegistryBoundModulesTest}, their pins by {@link RegistryBoundPinsTest}.
 */
class RegistryBoundTargetsTest {

    /**
     * How long one setup may take: a registry that does not answer ends it within its probe's
     * seconds, but one that answers gets the time its downloads need.
     */
    static final long SETUP_TIMEOUT_SECONDS = 1800;
    static final int SETUP_UNAVAILABLE = TargetManifest.SETUP_UNAVAILABLE_EXIT;

    final Path home = AllJavaTargetsVerifyTest.home();

    @TempDir
    Path out;

    /** The folders that {@code targets/setup-seeds} lists as registry-bound, e.g. {@code erlang/cowboy}. */
    List<String> registryBoundFolders() throws IOException {
        String script = Files.readString(home.resolve("targets/setup-seeds"));
        Matcher m = Pattern.compile("(?m)^REGISTRY_BOUND_TARGETS=\\(([^)]*)\\)").matcher(script);
        assertThat(m.find()).as("targets/setup-seeds defines REGISTRY_BOUND_TARGETS").isTrue();
        return Arrays.stream(m.group(1).trim().split("\\s+")).toList();
    }

    /** The registry-bound targets whose folder is in this checkout. */
    List<TargetManifest> registryBoundTargets() throws IOException {
        List<TargetManifest> targets = new ArrayList<>();
        for (String folder : registryBoundFolders()) {
            Path yaml = home.resolve("targets").resolve(folder).resolve(TargetManifest.FILE_NAME);
            if (Files.exists(yaml)) {
                targets.add(TargetManifest.load(yaml));
            }
        }
        return targets;
    }

    @Test
    void everyRegistryBoundTargetDeclaresItsRegistryAndIsListedInSetupSeeds() throws IOException {
        List<TargetManifest> listed = registryBoundTargets();
        assertThat(listed).extracting(TargetManifest::name).contains("cowboy", "mist", "spock", "aspnetcore");
        assertThat(listed).allSatisfy(m -> {
            assertThat(m.registry()).as(m.name() + " registry").isIn("Hex", "Hackage", "NuGet");
            assertThat(m.fetched()).as(m.name() + " fetched").isNotBlank();
            assertThat(m.setupPath()).as(m.name() + " setup").isExecutable();
        });
        List<String> declaring = TargetCatalog.discover(home).all().stream()
                .filter(m -> m.registry() != null).map(TargetManifest::name).toList();
        assertThat(declaring).as("targets with a registry: field, all listed in setup-seeds")
                .containsExactlyInAnyOrderElementsOf(listed.stream().map(TargetManifest::name).toList());
    }

    @Test
    void doctorReportsEachOneNeedingItsSetupNamingItsRegistryUntilItsPackagesAreFetched() throws IOException {
        for (TargetManifest m : registryBoundTargets()) {
            if (Files.exists(m.fetchedPath()) || Files.exists(m.setupUnavailablePath())) {
                continue; // its setup ran on this machine: the target is an ordinary one here, or said why not
            }
            Availability a = Availability.of(m, home);
            assertThat(a.canRun()).as(m.name()).isFalse();
            assertThat(a.describe()).as(m.name()).isEqualTo("needs setup: targets/"
                    + home.resolve("targets").relativize(m.dir()) + "/setup (its packages come from " + m.registry() + ")");
        }
    }

    /** One test per target: its setup runs where its toolchain is on PATH, else it is skipped with the reason. */
    @TestFactory
    Stream<DynamicTest> aSetupWhoseToolchainIsHereEndsWithExit0OrWithExit3AndItsOneLine() throws IOException {
        return registryBoundTargets().stream().map(m -> DynamicTest.dynamicTest(m.name(), () -> runSetup(m)));
    }

    void runSetup(TargetManifest m) throws Exception {
        // Only where the toolchain is on PATH already, so that this test installs nothing.
        List<String> missing = m.requires().stream().filter(c -> !Toolchain.onPath(c)).toList();
        Assumptions.assumeTrue(missing.isEmpty(), "no " + String.join(", ", missing) + " on PATH: " + m.name()
                + "'s setup would install or ask for a toolchain first");
        ProcessBuilder pb = new ProcessBuilder(m.setupPath().toString()).directory(m.dir().toFile())
                .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")))
                .redirectOutput(out.resolve(m.name() + ".out").toFile())
                .redirectError(out.resolve(m.name() + ".err").toFile());
        pb.environment().put("REGISTRY_PROBE_SECONDS", "10");
        Process p = pb.start();
        if (!p.waitFor(SETUP_TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
            fail(m.name() + ": setup still running after " + SETUP_TIMEOUT_SECONDS + " s");
        }
        List<String> err = Files.readAllLines(out.resolve(m.name() + ".err"), StandardCharsets.UTF_8);
        assertThat(p.exitValue()).as(m.name() + " setup exit, stderr " + err).isIn(0, SETUP_UNAVAILABLE);
        if (p.exitValue() == SETUP_UNAVAILABLE) {
            assertThat(err).as(m.name() + " stderr").isNotEmpty();
            assertThat(err.get(err.size() - 1)).as(m.name()).startsWith("setup: ").contains(m.name());
        }
    }
}
