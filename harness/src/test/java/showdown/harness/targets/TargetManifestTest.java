package showdown.harness.targets;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class TargetManifestTest {

    static final String NETTY = """
            name: netty
            display: Netty
            language: java
            framework: Netty
            version: 4.2.18.Final
            category: platform
            build:
              command: ["${SHOWDOWN_HOME}/mvnw", "-q", "-B", "-DskipTests", "package"]
              output: target/netty-target.jar
            requires: [java]
            start: ["${JAVA}", "-XX:+UseParallelGC", "-jar", "target/netty-target.jar"]
            env:
              NODE_ENV: production
              THREADS: 4
            port: env
            ready: /plaintext
            scenarios: [spock-scotty, mist, phoenix-showdown, techempower]
            note: Raw Netty HTTP codec.
            """;

    @TempDir
    Path dir;

    Path write(String yaml) throws IOException {
        Files.writeString(dir.resolve("target.yaml"), yaml);
        return dir.resolve("target.yaml");
    }

    @Test
    void readsTheDocumentedExample() throws IOException {
        TargetManifest m = TargetManifest.load(write(NETTY));

        assertThat(m.dir()).isEqualTo(dir.toAbsolutePath().normalize());
        assertThat(m.name()).isEqualTo("netty");
        assertThat(m.display()).isEqualTo("Netty");
        assertThat(m.language()).isEqualTo("java");
        assertThat(m.framework()).isEqualTo("Netty");
        assertThat(m.version()).isEqualTo("4.2.18.Final");
        assertThat(m.category()).isEqualTo("platform");
        assertThat(m.build().command()).containsExactly("${SHOWDOWN_HOME}/mvnw", "-q", "-B", "-DskipTests", "package");
        assertThat(m.build().output()).isEqualTo("target/netty-target.jar");
        assertThat(m.setup()).isNull();
        assertThat(m.requires()).containsExactly("java");
        assertThat(m.start()).containsExactly("${JAVA}", "-XX:+UseParallelGC", "-jar", "target/netty-target.jar");
        assertThat(m.env()).isEqualTo(Map.of("NODE_ENV", "production", "THREADS", "4"));
        assertThat(m.ready()).isEqualTo("/plaintext");
        assertThat(m.scenarios()).containsExactly("spock-scotty", "mist", "phoenix-showdown", "techempower");
        assertThat(m.serves("mist")).isTrue();
        assertThat(m.note()).isEqualTo("Raw Netty HTTP codec.");
    }

    @Test
    void protocolsDefaultToHttp1AndAreKeptInOneOrder() throws IOException {
        TargetManifest plain = TargetManifest.load(write(NETTY));
        assertThat(plain.protocols()).containsExactly(Protocol.H1);
        assertThat(plain.offersTls()).isFalse();

        TargetManifest all = TargetManifest.load(write(NETTY + "protocols: [h2-tls, h2c, h1-tls]\n"));
        assertThat(all.protocols()).containsExactly(Protocol.H1, Protocol.H2C, Protocol.H1_TLS, Protocol.H2_TLS);
        assertThat(all.offers(Protocol.H2C)).isTrue();
        assertThat(all.offersTls()).isTrue();

        // h3 alone is spoken on TLS_PORT (over UDP) with the run's certificate: the target gets both
        TargetManifest h3 = TargetManifest.load(write(NETTY + "protocols: [h3]\n"));
        assertThat(h3.protocols()).containsExactly(Protocol.H1, Protocol.H3);
        assertThat(h3.offersTls()).isTrue();
        TargetManifest every = TargetManifest.load(write(NETTY + "protocols: [h3, h2-tls, h2c, h1-tls]\n"));
        assertThat(every.protocols()).containsExactly(Protocol.H1, Protocol.H2C, Protocol.H1_TLS, Protocol.H2_TLS, Protocol.H3);

        TargetManifest h2c = TargetManifest.load(write(NETTY + "protocols: [h1, h2c]\n"));
        assertThat(h2c.protocols()).containsExactly(Protocol.H1, Protocol.H2C);
        assertThat(h2c.offersTls()).isFalse();
    }

    @Test
    void optionalFieldsMayBeLeftOut() throws IOException {
        TargetManifest m = TargetManifest.load(write("""
                name: gin
                display: Gin
                language: go
                framework: Gin
                version: 1.10.0
                category: framework
                setup: ./setup
                start: [./gin-target]
                ready: /plaintext
                scenarios: [mist]
                """));

        assertThat(m.build()).isNull();
        assertThat(m.requires()).isEmpty();
        assertThat(m.env()).isEmpty();
        assertThat(m.note()).isEmpty();
        assertThat(m.registry()).isNull();
        assertThat(m.fetched()).isNull();
        assertThat(m.fetchedPath()).isNull();
        assertThat(m.setupPath()).isEqualTo(dir.toAbsolutePath().normalize().resolve("setup"));
    }

    @Test
    void readsWhereARegistryBoundTargetsPackagesComeFrom() throws IOException {
        TargetManifest m = TargetManifest.load(write(NETTY + "registry: Hex\nfetched: _build/default/lib/cowboy\n"));

        assertThat(m.registry()).isEqualTo("Hex");
        assertThat(m.fetched()).isEqualTo("_build/default/lib/cowboy");
        assertThat(m.fetchedPath()).isEqualTo(dir.toAbsolutePath().normalize().resolve("_build/default/lib/cowboy"));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
            "missing name        | name: netty|             | missing required field 'name'",
            "name with capitals  | name: netty| name: Netty | name 'Netty' must be lower case",
            "unknown field       | note: Raw Netty HTTP codec.| colour: red | unknown field 'colour'",
            "bad category        | category: platform| category: fast | category 'fast' must be one of",
            "relative ready path | ready: /plaintext| ready: plaintext | ready 'plaintext' must be a path starting with '/'",
            "start not a list    | 'start: [\"${JAVA}\", \"-XX:+UseParallelGC\", \"-jar\", \"target/netty-target.jar\"]'| start: java -jar x.jar | 'start' must be a list",
            "empty start         | 'start: [\"${JAVA}\", \"-XX:+UseParallelGC\", \"-jar\", \"target/netty-target.jar\"]'| 'start: []' | start must name a command",
            "build without output| '  output: target/netty-target.jar'| '' | build.output is required",
            "other port mode     | port: env| port: 8080 | port '8080' is not supported",
            "no scenarios        | scenarios: [spock-scotty, mist, phoenix-showdown, techempower]| 'scenarios: []' | scenarios must list at least one",
            "registry alone      | note: Raw Netty HTTP codec.| registry: Hex | registry needs fetched",
            "fetched alone       | note: Raw Netty HTTP codec.| fetched: deps | fetched needs registry",
            "fetched outside     | note: Raw Netty HTTP codec.| 'registry: Hex\nfetched: ../deps' | fetched '../deps' must be a path inside the target folder",
            "fetched absolute    | note: Raw Netty HTTP codec.| 'registry: Hex\nfetched: /opt/deps' | fetched '/opt/deps' must be a path inside",
            "empty registry      | note: Raw Netty HTTP codec.| 'registry: \"\"\nfetched: deps' | 'registry' must not be empty",
            "unknown protocol    | note: Raw Netty HTTP codec.| 'protocols: [h2c, h4]' | protocols: unknown protocol 'h4' (known: h1, h2c, h1-tls, h2-tls, h3)",
            "protocols not a list| note: Raw Netty HTTP codec.| protocols: h2c | 'protocols' must be a list",
    })
    void rejectsABadManifestWithOneLineNamingTheFileAndField(String why, String find, String replace, String message)
            throws IOException {
        Path file = write(NETTY.replace(find, replace == null ? "" : replace));

        assertThatThrownBy(() -> TargetManifest.load(file))
                .isInstanceOf(TargetException.class)
                .hasMessageStartingWith(file.toAbsolutePath().normalize() + ": ")
                .hasMessageContaining(message)
                .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
    }

    @Test
    void rejectsYamlThatIsNotAMapping() throws IOException {
        Path file = write("- just\n- a list\n");

        assertThatThrownBy(() -> TargetManifest.load(file))
                .isInstanceOf(TargetException.class)
                .hasMessageContaining("must be a YAML mapping");
    }

    @Test
    void rejectsMalformedYamlInOneLine() throws IOException {
        Path file = write("name: [unclosed\nstart: x\n");

        assertThatThrownBy(() -> TargetManifest.load(file))
                .isInstanceOf(TargetException.class)
                .hasMessageContaining("cannot read the manifest")
                .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
    }

    @Test
    void aMissingFileIsAUserError() {
        assertThatThrownBy(() -> TargetManifest.load(dir.resolve("nope/target.yaml")))
                .isInstanceOf(TargetException.class)
                .hasMessageEndingWith("cannot read the manifest: no such file");
    }

    @Test
    void placeholdersExpandAndAnUnknownOneIsAnError() {
        Placeholders p = Placeholders.forStart(Path.of("/home/sd"), 8081, 2);

        assertThat(p.expand(List.of("${SHOWDOWN_HOME}/mvnw", "--port=${PORT}", "-t${CPUS}"), "start"))
                .containsExactly("/home/sd/mvnw", "--port=8081", "-t2");
        assertThat(p.expand("${JAVA}", "start")).isEqualTo(Placeholders.java()).endsWith("java");
        assertThatThrownBy(() -> Placeholders.forBuild(Path.of("/home/sd")).expand("${PORT}", "netty build.command"))
                .isInstanceOf(TargetException.class)
                .hasMessage("netty build.command: unknown placeholder ${PORT} (known here: ${SHOWDOWN_HOME}, ${JAVA})");
    }

    @Test
    void tlsPortIsAPlaceholderOnlyForATargetThatServesTls() {
        assertThat(Placeholders.forStart(Path.of("/home/sd"), 8081, 2, 8443).expand("--https=${TLS_PORT}", "start"))
                .isEqualTo("--https=8443");
        assertThatThrownBy(() -> Placeholders.forStart(Path.of("/home/sd"), 8081, 2).expand("${TLS_PORT}", "app start"))
                .isInstanceOf(TargetException.class)
                .hasMessageContaining("unknown placeholder ${TLS_PORT}")
                .hasMessageContaining("only for a target whose protocols list h1-tls, h2-tls or h3");
    }
}
