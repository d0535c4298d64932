package showdown.harness.targets;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TargetCatalogTest {

    @TempDir
    Path home;

    static String manifest(String name, String language) {
        return """
                name: %s
                display: %s
                language: %s
                framework: F
                version: "1.0"
                category: micro
                start: [./run]
                ready: /
                scenarios: [mist]
                """.formatted(name, name, language);
    }

    void put(String folder, String yaml) throws IOException {
        Path dir = Files.createDirectories(home.resolve(folder));
        Files.writeString(dir.resolve("target.yaml"), yaml);
    }

    @Test
    void findsEveryManifestSortedByNameAndSkipsBuildFolders() throws IOException {
        put("targets/java/zeta", manifest("zeta", "java"));
        put("targets/go/alpha", manifest("alpha", "go"));
        put("targets/java/mid", manifest("mid", "java"));
        put("targets/java/mid/target/classes", manifest("copied-by-a-build", "java"));
        put("targets/node/express/node_modules/pkg", manifest("from-a-dependency", "node"));

        TargetCatalog catalog = TargetCatalog.discover(home);

        assertThat(catalog.all()).extracting(TargetManifest::name).containsExactly("alpha", "mid", "zeta");
        assertThat(catalog.byLanguage("java")).extracting(TargetManifest::name).containsExactly("mid", "zeta");
        assertThat(catalog.require("mid").dir()).isEqualTo(home.resolve("targets/java/mid").toAbsolutePath().normalize());
    }

    @Test
    void anUnknownNameListsTheKnownOnes() throws IOException {
        put("targets/java/netty", manifest("netty", "java"));
        put("targets/java/vertx", manifest("vertx", "java"));

        assertThatThrownBy(() -> TargetCatalog.discover(home).require("nety"))
                .isInstanceOf(TargetException.class)
                .hasMessage("unknown target 'nety' (known: netty, vertx)");
    }

    @Test
    void twoTargetsWithOneNameAreAnError() throws IOException {
        put("targets/java/netty", manifest("netty", "java"));
        put("targets/java/netty-copy", manifest("netty", "java"));

        assertThatThrownBy(() -> TargetCatalog.discover(home))
                .isInstanceOf(TargetException.class)
                .hasMessageStartingWith("two targets are named 'netty'");
    }

    @Test
    void aBadManifestFailsDiscoveryNamingTheFile() throws IOException {
        put("targets/java/netty", manifest("netty", "java").replace("category: micro", "category: huge"));

        assertThatThrownBy(() -> TargetCatalog.discover(home))
                .isInstanceOf(TargetException.class)
                .hasMessageContaining("targets/java/netty/target.yaml: category 'huge'");
    }

    @Test
    void aHomeWithoutTargetsIsAUserError() {
        assertThatThrownBy(() -> TargetCatalog.discover(home))
                .isInstanceOf(TargetException.class)
                .hasMessageContaining("no targets/ folder in");
    }
}
