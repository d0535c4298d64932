package showdown.harness.targets;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class ProtocolTest {

    @Test
    void h3IsSpokenOnTheTlsPortAsStreamsButIsNotHttp2() {
        assertThat(Protocol.of("h3")).isSameAs(Protocol.H3);
        assertThat(Protocol.of(" H3 ")).isSameAs(Protocol.H3);
        assertThat(Protocol.H3.id()).isEqualTo("h3");
        assertThat(Protocol.H3.tls()).as("TLS_PORT and the run's certificate").isTrue();
        assertThat(Protocol.H3.http3()).isTrue();
        assertThat(Protocol.H3.http2()).isFalse();
        assertThat(Protocol.H3.streams()).isTrue();
    }

    @Test
    void onlyHttp2AndHttp3CarryRequestsAsStreams() {
        assertThat(Protocol.values()).filteredOn(Protocol::streams)
                .containsExactly(Protocol.H2C, Protocol.H2_TLS, Protocol.H3);
        assertThat(Protocol.values()).filteredOn(Protocol::http3).containsExactly(Protocol.H3);
        assertThat(Protocol.ids()).containsExactly("h1", "h2c", "h1-tls", "h2-tls", "h3");
    }

    @Test
    void anUnknownProtocolIsOneLineNamingTheKnownOnes() {
        assertThatThrownBy(() -> Protocol.of("quic"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("unknown protocol 'quic' (known: h1, h2c, h1-tls, h2-tls, h3)");
    }
}
