package showdown.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The registry-bound seed targets pin every package they are built from to one version, so that a
 * user's build is the build docs/seed-frameworks.md describes: Mix, rebar3 and Gleam with exact
 * versions for the whole tree, cabal with exact versions for what Hackage gives and Debian's installed
 * libraries for the rest. Reads the files only; no registry is asked.
 */
class RegistryBoundPinsTest {

    static final Pattern EXACT_VERSION = Pattern.compile("[0-9]+(\\.[0-9]+)+");

    final Path home = AllJavaTargetsVerifyTest.home();

    /** Each package name (group 1) and its requirement (group 2) that {@code pattern} finds, in order. */
    static Map<String, String> deps(Pattern pattern, String text) {
        Map<String, String> deps = new LinkedHashMap<>();
        Matcher m = pattern.matcher(text);
        while (m.find()) {
            deps.put(m.group(1), m.group(2));
        }
        return deps;
    }

    /** Every requirement is {@code == VERSION}. */
    static void assertAllExact(String what, Map<String, String> deps) {
        assertThat(deps).allSatisfy((name, requirement) -> {
            assertThat(requirement).as(what + " " + name).startsWith("== ");
            assertThat(requirement.substring(3)).as(what + " " + name).matches(EXACT_VERSION);
        });
    }

    @ParameterizedTest
    @ValueSource(strings = {"plug", "bandit", "phoenix"})
    void everyElixirTargetPinsEachPackageOfItsTreeExactly(String target) throws IOException {
        Map<String, String> deps = deps(Pattern.compile("\\{:([a-z_]+),\\s*\"([^\"]+)\""),
                Files.readString(home.resolve("targets/elixir/" + target + "/mix.exs")));
        // What Plug itself needs is in every tree.
        assertThat(deps).containsKeys("plug", "mime", "plug_crypto", "telemetry", "jason");
        assertAllExact(target, deps);
        switch (target) {
            case "plug" -> assertThat(deps).containsKeys("plug_cowboy", "cowboy", "cowlib", "ranch", "cowboy_telemetry");
            case "bandit" -> assertThat(deps).containsKeys("bandit", "thousand_island", "hpax", "websock");
            default -> assertThat(deps).containsKeys("phoenix", "phoenix_template", "phoenix_html", "phoenix_pubsub",
                    "websock_adapter", "websock", "castore", "bandit", "thousand_island", "hpax");
        }
    }

    @Test
    void cowboyPinsEachPackageOfItsTreeExactly() throws IOException {
        String config = Files.readString(home.resolve("targets/erlang/cowboy/rebar.config"));
        Map<String, String> deps = deps(Pattern.compile("\\{([a-z_]+),\\s*\"([^\"]+)\"\\}"), config);
        // rebar3 reads a bare version of a Hex package as that version exactly.
        assertThat(deps).containsOnlyKeys("cowboy", "cowlib", "ranch", "bbmustache", "jsx");
        assertThat(deps.values()).allSatisfy(v -> assertThat(v).matches(EXACT_VERSION));
    }

    @Test
    void mistPinsEachPackageOfItsTreeExactly() throws IOException {
        String toml = Files.readString(home.resolve("targets/gleam/mist/gleam.toml"));
        String dependencies = toml.substring(toml.indexOf("[dependencies]"));
        Map<String, String> deps = deps(Pattern.compile("(?m)^([a-z_]+) = \"([^\"]+)\""), dependencies);
        assertThat(deps).containsOnlyKeys("mist", "glisten", "gleam_stdlib", "gleam_http", "gleam_erlang", "gleam_otp",
                "gramps", "gleam_crypto", "birl", "ranger", "logging", "telemetry", "hpack_erl", "gleam_json", "thoas");
        assertAllExact("mist", deps);
    }

    @Test
    void spockPinsWhatHackageGivesExactlyAndTheRestToDebiansInstalledLibraries() throws IOException {
        Path dir = home.resolve("targets/haskell/spock");
        String cabal = Files.readString(dir.resolve("showdown-spock.cabal"));
        String dependsBlock = cabal.substring(cabal.indexOf("build-depends:") + "build-depends:".length(),
                cabal.indexOf("default-language:"));
        List<String> depends = new ArrayList<>();
        for (String dep : dependsBlock.split(",")) {
            depends.add(dep.strip());
        }
        assertThat(depends).isNotEmpty().allSatisfy(d -> assertThat(d).matches("[A-Za-z-]+ ==" + EXACT_VERSION.pattern()));

        String project = Files.readString(dir.resolve("cabal.project"));
        assertThat(project).containsPattern("(?m)^index-state: [0-9]{4}-[0-9]{2}-[0-9]{2}T");
        String constraintsBlock = project.substring(project.indexOf("constraints:") + "constraints:".length())
                .replaceAll("(?m)^\\s*--.*$", "");
        Map<String, String> constraints = new LinkedHashMap<>();
        for (String c : constraintsBlock.split(",")) {
            String[] parts = c.strip().split("\\s+", 2);
            constraints.put(parts[0], parts[1]);
        }
        assertThat(constraints).containsEntry("Spock-core", "==0.14.0.1").containsEntry("reroute", "==0.7.0.0")
                .containsEntry("hvect", "==0.4.0.1").containsEntry("superbuffer", "==0.3.1.2");
        assertThat(constraints).allSatisfy((name, constraint) ->
                assertThat(constraint).as(name).matches("installed|==" + EXACT_VERSION.pattern()));
        // Each library the app names directly is pinned in cabal.project too, and setup installs
        // each one that Debian ships (base and text come with GHC).
        String setup = Files.readString(dir.resolve("setup"));
        for (String d : depends) {
            String name = d.substring(0, d.indexOf(' '));
            if (name.equals("base") || name.equals("text")) {
                continue;
            }
            assertThat(constraints).as("cabal.project pins " + name).containsKey(name);
        }
        for (Map.Entry<String, String> c : constraints.entrySet()) {
            if (c.getValue().equals("installed")) {
                assertThat(setup).as("setup installs " + c.getKey()).contains("libghc-" + c.getKey().toLowerCase() + "-dev");
            }
        }
    }
}
