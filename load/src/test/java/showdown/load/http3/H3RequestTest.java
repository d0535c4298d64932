package showdown.load.http3;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.Test;
import showdown.load.Header;
import showdown.load.fieldcoding.HeaderCoding;
import showdown.load.http2.H2Request;

/** The request stream's bytes, byte-exact (the in-process server of H3LoadTest decodes them with Netty's QPACK). */
class H3RequestTest {

    @Test
    void aGetIsOneHeadersFrameOfStaticEntriesAndLiterals() {
        byte[] bytes = H3Request.encode(H2Request.headers("GET", URI.create("https://www.example.com/"),
                List.of(new Header("X-Test", "1")), null), null);
        // HEADERS: no dynamic table; :method GET (17), :scheme https (23), :authority (name 0) with
        // "www.example.com" Huffman-coded (RFC 7541 C.4.1), :path / (1), then x-test: 1 with a
        // literal name, Huffman-coded (shorter), its one-byte value not (no shorter)
        assertThat(HexFormat.of().formatHex(bytes)).isEqualTo("011b" + "0000" + "d1" + "d7" + "508cf1e3c2e5f23a6ba0ab90f4ff"
                + "c1" + "2d" + "f2b24a84ff" + "0131");
    }

    @Test
    void aPostCarriesItsLengthAndItsBodyInADataFrame() {
        byte[] body = "hello".getBytes(StandardCharsets.US_ASCII);
        byte[] bytes = H3Request.encode(H2Request.headers("POST", URI.create("https://h:1/p"), List.of(), body), body);
        // :method POST (20), :scheme https, :authority "h:1", :path "/p" (name 1), content-length "5" (name 4); DATA
        assertThat(HexFormat.of().formatHex(bytes)).isEqualTo("0110" + "0000" + "d4" + "d7" + "5003683a31" + "51022f70"
                + "540135" + "000568656c6c6f");
    }

    @Test
    void integersAndVarintsTakeTheirLongerFormsWhenTheyMust() {
        var out = new java.io.ByteArrayOutputStream();
        HeaderCoding.writePrefixInteger(out, 0x20, 3, 7);
        HeaderCoding.writePrefixInteger(out, 0x00, 7, 300);
        H3Request.varint(out, 63);
        H3Request.varint(out, 64);
        H3Request.varint(out, 16384);
        assertThat(HexFormat.of().formatHex(out.toByteArray())).isEqualTo("2700" + "7fad01" + "3f" + "4040" + "80004000");
    }
}
