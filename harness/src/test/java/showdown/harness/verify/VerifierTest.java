package showdown.harness.verify;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import showdown.harness.targets.TargetManifest;

/** The whole lifecycle: targets started as real processes, checked, and stopped. */
class VerifierTest {

    static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path home;

    TargetManifest target(String name, List<String> start, String extra) throws IOException {
        Path dir = Files.createDirectories(home.resolve("targets/test/" + name));
        Files.writeString(dir.resolve("target.yaml"), """
                name: %s
                display: %s
                language: test
                framework: test
                version: "1"
                category: platform
                start: %s
                ready: /plaintext
                scenarios: [spock-scotty, mist, phoenix-showdown, techempower]
                """.formatted(name, name, JSON.writeValueAsString(start)) + extra);
        return TargetManifest.load(dir.resolve("target.yaml"));
    }

    @Test
    void startsChecksAndStopsEachTargetAndReportsTheOnesThatCannotRun() throws Exception {
        String marker = "showdown.test.marker=" + UUID.randomUUID();
        TargetManifest good = target("contract", List.of("${JAVA}", "-D" + marker, "-cp", System.getProperty("java.class.path"),
                ContractServer.class.getName()), "");
        TargetManifest missing = target("missing-tool", List.of("./run"), "requires: [showdown-no-such-command-7f3a]\n");
        TargetManifest crashing = target("crashing", List.of("sh", "-c", "echo no config >&2; exit 3"), "");
        List<TargetVerdict> printed = new ArrayList<>();

        List<TargetVerdict> verdicts = Verifier.verify(List.of(good, missing, crashing),
                new Verifier.Options(home, Set.copyOf(Scenarios.ALL), 2, home.resolve("logs"), Duration.ofSeconds(60), 7),
                printed::add);

        assertThat(verdicts).extracting(TargetVerdict::target).containsExactly("contract", "missing-tool", "crashing");
        assertThat(printed).containsExactlyInAnyOrderElementsOf(verdicts);

        TargetVerdict contract = verdicts.get(0);
        assertThat(contract.failures()).as("failures of the correct server").isEmpty();
        assertThat(contract.count(Outcome.PASS)).isGreaterThanOrEqualTo(29);
        assertThat(contract.timeToFirstResponse()).isPositive();
        assertThat(contract.idleRssBytes()).isPositive();

        assertThat(verdicts.get(1).skipped()).isTrue();
        assertThat(verdicts.get(1).results()).singleElement().satisfies(r -> {
            assertThat(r.outcome()).isEqualTo(Outcome.SKIP);
            assertThat(r.detail()).isEqualTo("unavailable here: missing on PATH: showdown-no-such-command-7f3a");
        });

        assertThat(verdicts.get(2).failed()).isTrue();
        assertThat(verdicts.get(2).results()).singleElement().satisfies(r -> {
            assertThat(r.check()).isEqualTo("start");
            assertThat(r.detail()).startsWith("crashing exited with code 3 before it was ready").contains("no config");
        });

        assertThat(ProcessHandle.allProcesses()
                .filter(p -> p.info().commandLine().map(c -> c.contains(marker)).orElse(false)))
                .as("no server outlives verify").isEmpty();
    }

    @Test
    void aProtocolItsBuildCouldNotProvideIsOneSkipRowWithTheBuildsLine() throws Exception {
        String marker = "showdown.test.marker=" + UUID.randomUUID();
        TargetManifest m = target("no-h3", List.of("${JAVA}", "-D" + marker, "-cp", System.getProperty("java.class.path"),
                ContractServer.class.getName()), """
                protocols: [h1, h3]
                build: {command: [sh, -c, "touch built; echo 'h3 no QUIC library in this build' > %s"], output: built}
                """.formatted(showdown.harness.targets.UnavailableProtocols.FILE_NAME));

        List<TargetVerdict> verdicts = Verifier.verify(List.of(m),
                new Verifier.Options(home, Set.copyOf(Scenarios.ALL), 1, home.resolve("logs"), Duration.ofSeconds(60), 7),
                v -> { });

        TargetVerdict v = verdicts.get(0);
        assertThat(v.failures()).as("the contract server answers h1 only, and nothing waits for or checks h3").isEmpty();
        assertThat(v.count(Outcome.PASS)).isGreaterThanOrEqualTo(29);
        assertThat(v.results()).filteredOn(r -> r.scenario().equals("h3")).singleElement().satisfies(r -> {
            assertThat(r.outcome()).isEqualTo(Outcome.SKIP);
            assertThat(r.detail()).isEqualTo("h3 unavailable here: no QUIC library in this build");
        });
        assertThat(ProcessHandle.allProcesses()
                .filter(p -> p.info().commandLine().map(c -> c.contains(marker)).orElse(false)))
                .as("no server outlives verify").isEmpty();
    }
}
