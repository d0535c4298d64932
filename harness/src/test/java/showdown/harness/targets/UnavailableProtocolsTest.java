package showdown.harness.targets;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Reading a build's {@code protocols.unavailable}: what it may say, and the one error for what it may not. */
class UnavailableProtocolsTest {

    @TempDir
    Path dir;

    private TargetManifest manifest() throws IOException {
        return ManifestFixture.write(dir, """
                start: ["true"]
                port: env
                ready: /
                protocols: [h1, h2c, h2-tls, h3]
                scenarios: [s]
                """);
    }

    private void write(String text) throws IOException {
        Files.writeString(dir.resolve(UnavailableProtocols.FILE_NAME), text);
    }

    @Test
    void noFileMeansEveryDeclaredProtocolIsServed() throws IOException {
        TargetManifest m = manifest();

        UnavailableProtocols u = UnavailableProtocols.read(m);

        assertThat(u).isSameAs(UnavailableProtocols.NONE);
        assertThat(u.isEmpty()).isTrue();
        assertThat(u.served(m)).isEqualTo(m.protocols());
        assertThat(u.byId()).isEmpty();
    }

    @Test
    void eachLineIsAProtocolAndTheBuildsLineInProtocolOrder() throws IOException {
        TargetManifest m = manifest();
        write("h3 building quiche's library needs Rust >= 1.88 ('cargo' and 'rustc' on PATH)\n\n  h2-tls  no ALPN here \n");

        UnavailableProtocols u = UnavailableProtocols.read(m);

        assertThat(u.protocols()).containsExactly(Protocol.H2_TLS, Protocol.H3);
        assertThat(u.served(m)).containsExactly(Protocol.H1, Protocol.H2C);
        assertThat(u.describe(Protocol.H3))
                .isEqualTo("h3 unavailable here: building quiche's library needs Rust >= 1.88 ('cargo' and 'rustc' on PATH)");
        assertThat(u.describe()).isEqualTo("h2-tls unavailable here: no ALPN here; h3 unavailable here: "
                + "building quiche's library needs Rust >= 1.88 ('cargo' and 'rustc' on PATH)");
        assertThat(UnavailableProtocols.of(u.byId())).as("as results.json and the agents carry it").isEqualTo(u);
    }

    @Test
    void aProtocolWithoutALineStillSaysSomething() throws IOException {
        TargetManifest m = manifest();
        write("h3\n");

        assertThat(UnavailableProtocols.read(m).describe(Protocol.H3)).isEqualTo("h3 unavailable here: its build could not provide it");
    }

    @Test
    void aLineThatNamesNoProtocolIsOneErrorNamingTheFileAndLine() throws IOException {
        TargetManifest m = manifest();
        write("h3 fine\nh4 no such thing\n");

        assertThatThrownBy(() -> UnavailableProtocols.read(m)).isInstanceOf(TargetException.class)
                .hasMessage(dir.resolve(UnavailableProtocols.FILE_NAME) + ":2: unknown protocol 'h4' (known: h1, h2c, h1-tls, h2-tls, h3)");
    }

    @Test
    void h1AndUndeclaredProtocolsAreErrorsToo() throws IOException {
        TargetManifest m = manifest();
        write("h1 nothing at all\n");
        assertThatThrownBy(() -> UnavailableProtocols.read(m)).isInstanceOf(TargetException.class)
                .hasMessageEndingWith(":1: h1 cannot be unavailable: every target serves it");

        write("h1-tls no TLS\n");
        assertThatThrownBy(() -> UnavailableProtocols.read(m)).isInstanceOf(TargetException.class)
                .hasMessageEndingWith(":1: t does not declare h1-tls (protocols: h1, h2c, h2-tls, h3)");

        assertThatThrownBy(() -> UnavailableProtocols.of(Map.of("h9", "x"))).isInstanceOf(TargetException.class)
                .hasMessageStartingWith("unknown protocol 'h9'");
    }
}
