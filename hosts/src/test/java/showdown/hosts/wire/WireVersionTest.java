package showdown.hosts.wire;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** Every frame carries the protocol version; a peer of another build is refused in one line, whatever it sends. */
class WireVersionTest {

    @Test
    void aMessageRoundTripsWithThisBuildsVersion() {
        byte[] frame = Wire.encode(new Message.Refused("why"));
        assertThat(new String(frame, StandardCharsets.UTF_8)).startsWith("{\"v\":" + Wire.VERSION + ",");
        assertThat(Wire.decode(frame)).isEqualTo(new Message.Refused("why"));
    }

    @Test
    void aFrameOfAnotherVersionIsRefusedEvenWhenThisBuildCouldReadIt() {
        String readable = new String(Wire.encode(new Message.End()), StandardCharsets.UTF_8)
                .replace("\"v\":" + Wire.VERSION, "\"v\":" + (Wire.VERSION + 1));
        assertThatThrownBy(() -> Wire.decode(readable.getBytes(StandardCharsets.UTF_8)))
                .isInstanceOf(WireException.class)
                .hasMessage("the peer speaks protocol version " + (Wire.VERSION + 1) + ", this build " + Wire.VERSION);
    }

    @Test
    void aFrameWithoutAVersionOrNotJsonIsRefused() {
        assertThatThrownBy(() -> Wire.decode("{\"message\":{}}".getBytes(StandardCharsets.UTF_8)))
                .isInstanceOf(WireException.class).hasMessage("a frame without a protocol version and message");
        assertThatThrownBy(() -> Wire.decode("hello".getBytes(StandardCharsets.UTF_8)))
                .isInstanceOf(WireException.class).hasMessageStartingWith("a frame that is not JSON: ");
    }
}
