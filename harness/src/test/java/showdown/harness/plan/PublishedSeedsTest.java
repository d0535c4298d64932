package showdown.harness.plan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import showdown.harness.targets.TargetCatalog;
import showdown.harness.targets.TargetManifest;

/** The seeds' published tables in scenarios/published/: every number parses and every framework is accounted for. */
class PublishedSeedsTest {

    static final Path HOME = Path.of("..").toAbsolutePath().normalize();
    static final PublishedSeeds SHIPPED = PublishedSeeds.load(HOME.resolve("scenarios"));

    @TempDir
    Path dir;

    @Test
    void thereIsOneFilePerSeedScenario() {
        assertThat(SHIPPED.names()).containsExactly("mist", "phoenix-showdown", "spock-scotty");
        ScenarioCatalog scenarios = ScenarioCatalog.load(HOME.resolve("scenarios"));
        for (PublishedSeed seed : SHIPPED.all()) {
            Set<String> labels = scenarios.require(seed.seed()).requests().stream().map(RequestTemplate::label)
                    .collect(Collectors.toSet());
            assertThat(seed.requests()).as(seed.seed()).isNotEmpty().allSatisfy(r -> assertThat(labels).contains(r));
            assertThat(seed.durationSeconds()).isEqualTo(30);
            assertThat(seed.hardware()).as(seed.seed()).isNotEmpty();
        }
    }

    @Test
    void everyNumberOfTheSeedsTablesIsThere() {
        // spock-scotty: 13 numbers of wrk's output x 3 routes x 2 frameworks; mist: 6 frameworks x 7
        // concurrencies x 3 requests; phoenix-showdown: 9 frameworks x throughput, latency, consistency.
        assertThat(SHIPPED.require("spock-scotty").figures()).hasSize(78);
        assertThat(SHIPPED.require("mist").figures()).hasSize(126);
        assertThat(SHIPPED.require("phoenix-showdown").figures()).hasSize(27);
        assertThat(value("mist", "Express", "GET /", 1, PublishedSeed.REQUESTS_PER_SECOND)).isEqualTo(17184);
        assertThat(value("mist", "Go", "POST /user", 16, PublishedSeed.REQUESTS_PER_SECOND)).isEqualTo(109319.5);
        assertThat(value("mist", "Bandit", "GET /user/:id", 6, PublishedSeed.REQUESTS_PER_SECOND)).isEqualTo(116914.7);
        assertThat(value("phoenix-showdown", "Rails", "GET /showdown", 100, PublishedSeed.LATENCY_STDEV)).isEqualTo(4.07);
        assertThat(value("phoenix-showdown", "Plug", "GET /showdown", 100, PublishedSeed.REQUESTS_PER_SECOND))
                .isEqualTo(198328.21);
        assertThat(value("spock-scotty", "scotty", "GET /echo/regex/42", 400, PublishedSeed.REQUESTS_PER_SECOND))
                .isEqualTo(17465.17);
        assertThat(value("spock-scotty", "Spock", "GET /echo/hello-world", 400, "requests")).isEqualTo(782906);
        assertThat(SHIPPED.require("spock-scotty").figure("Spock", "GET /echo/plain/hello", 400, "latency-max")
                .orElseThrow().unit()).isEqualTo("s");
    }

    @Test
    void everyFrameworksRequestsPerSecondAreCompleteAcrossItsTable() {
        for (PublishedSeed seed : SHIPPED.all()) {
            List<PublishedSeed.Figure> rates = seed.figures(PublishedSeed.REQUESTS_PER_SECOND);
            Set<String> cells = rates.stream().map(f -> f.request() + " -c" + f.connections()).collect(Collectors.toSet());
            for (PublishedSeed.Framework f : seed.frameworks()) {
                long own = rates.stream().filter(x -> x.framework().equals(f.name())).count();
                assertThat(own).as(seed.seed() + " " + f.name()).isIn(0L, (long) cells.size());
            }
        }
    }

    @Test
    void theLoadOfEveryFigureIsALevelOfTheSeedsProfile() {
        Profile seeds = Profile.resolve("seeds", HOME.resolve("scenarios/profiles"));
        for (PublishedSeed seed : SHIPPED.all()) {
            Set<LoadLevel> levels = seeds.levelsFor(seed.seed()).stream().map(l -> l.resolve(2)).collect(Collectors.toSet());
            for (PublishedSeed.Figure f : seed.figures()) {
                assertThat(levels).as(seed.seed() + " " + f).contains(new LoadLevel(f.connections(), f.threads()));
            }
        }
    }

    @Test
    void everyFrameworkHasATargetThatServesTheSeedOrAReasonTheDocsGiveToo() throws IOException {
        TargetCatalog targets = TargetCatalog.discover(HOME);
        String docs = Files.readString(HOME.resolve("docs/seed-frameworks.md"));
        for (PublishedSeed seed : SHIPPED.all()) {
            for (PublishedSeed.Framework f : seed.frameworks()) {
                if (f.hasTarget()) {
                    TargetManifest m = targets.require(f.target());
                    assertThat(m.scenarios()).as(f.name()).contains(seed.seed());
                } else {
                    assertThat(f.reason()).as(f.name()).isNotBlank();
                    assertThat(docs).as(f.name() + " in docs/seed-frameworks.md").contains(f.name().split(" ")[0]);
                }
            }
        }
    }

    @Test
    void everySeedFrameworkWithATargetMapsToIt() {
        Map<String, String> expected = Map.ofEntries(Map.entry("Express", "express"),
                Map.entry("Express Cluster", "express-cluster"), Map.entry("Go", "go-nethttp"), Map.entry("Gin", "gin"),
                Map.entry("Play", "play"), Map.entry("Sinatra", "sinatra"), Map.entry("Rails", "rails"),
                Map.entry("scotty", "scotty"), Map.entry("Martini", "martini"), Map.entry("Spock", "spock"),
                Map.entry("Bandit", "bandit"), Map.entry("Cowboy", "cowboy"), Map.entry("Mist", "mist"),
                Map.entry("Plug", "plug"), Map.entry("Phoenix 0.13.1", "phoenix"));
        for (PublishedSeed seed : SHIPPED.all()) {
            for (PublishedSeed.Framework f : seed.frameworks()) {
                assertThat(f.target()).as(seed.seed() + " " + f.name()).isEqualTo(expected.get(f.name()));
            }
        }
        assertThat(SHIPPED.require("mist").targets())
                .containsExactly("express", "express-cluster", "bandit", "cowboy", "mist", "go-nethttp");
        assertThat(SHIPPED.require("phoenix-showdown").targets())
                .containsExactly("plug", "phoenix", "gin", "play", "express-cluster", "martini", "sinatra", "rails");
        assertThat(SHIPPED.require("spock-scotty").targets()).containsExactly("spock", "scotty");
    }

    /** Whether a target can run is found on each machine when it runs, never written into the seeds' data. */
    @Test
    void thePublishedFilesSayNothingAboutWhatAMachineReaches() throws IOException {
        for (PublishedSeed seed : SHIPPED.all()) {
            String text = Files.readString(HOME.resolve("scenarios/published/" + seed.seed() + ".yaml"));
            assertThat(text).as(seed.seed()).doesNotContainIgnoringCase("reachable").doesNotContainIgnoringCase("reached")
                    .doesNotContainIgnoringCase("reaches").doesNotContainIgnoringCase("not packaged")
                    .doesNotContainIgnoringCase("does not ship");
        }
    }

    @Test
    void mistakesAreOneLineNamingTheFileAndField() throws IOException {
        String head = """
                seed: s
                source: x
                hardware: [h]
                load: l
                duration: 30s
                """;
        assertOneLine(write("a.yaml", head + """
                frameworks: [{name: A}]
                figures: [{framework: A, request: GET /, connections: 1, threads: 1, figure: requests-per-second, value: 1, unit: req/s}]
                """), "must have either a target or the reason there is none");
        assertOneLine(write("b.yaml", head + """
                frameworks: [{name: A, target: a}]
                figures: [{framework: B, request: GET /, connections: 1, threads: 1, figure: requests-per-second, value: 1, unit: req/s}]
                """), "framework 'B' is not in 'frameworks'");
        assertOneLine(write("c.yaml", head + """
                frameworks: [{name: A, target: a}]
                figures: [{framework: A, request: GET /, connections: 1, threads: 1, figure: requests-per-second, value: 1, unit: rps}]
                """), "unknown unit 'rps'");
        assertOneLine(write("d.yaml", head + """
                frameworks: [{name: A, target: a}]
                figures: [{framework: A, request: GET /, connections: 1, threads: 1, figure: requests-per-second, value: "1k", unit: req/s}]
                """), "'value' must be a number, not '1k'");
        assertThatThrownBy(() -> SHIPPED.require("techempower")).isInstanceOf(PlanException.class)
                .hasMessage("unknown seed 'techempower' (known: mist, phoenix-showdown, spock-scotty)");
        assertThat(PublishedSeeds.load(dir.resolve("nowhere")).names()).isEmpty();
    }

    private static double value(String seed, String framework, String request, int connections, String figure) {
        return SHIPPED.require(seed).figure(framework, request, connections, figure).orElseThrow().value();
    }

    private Path write(String name, String yaml) throws IOException {
        Path p = dir.resolve(name);
        Files.writeString(p, yaml);
        return p;
    }

    private static void assertOneLine(Path file, String contains) {
        assertThatThrownBy(() -> PublishedSeed.load(file)).isInstanceOf(PlanException.class)
                .hasMessageContaining(file.toString()).hasMessageContaining(contains)
                .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
    }
}
