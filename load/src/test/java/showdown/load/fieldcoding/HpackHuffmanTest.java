package showdown.load.fieldcoding;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.handler.codec.http2.DefaultHttp2HeadersDecoder;
import io.netty.handler.codec.http2.Http2Exception;
import io.netty.handler.codec.http2.Http2Headers;
import io.netty.util.AsciiString;
import java.io.ByteArrayOutputStream;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@link HpackHuffman}'s own copy of RFC 7541 Appendix B: the RFC's Huffman examples (Appendix C),
 * a complete prefix code, and every byte value through Netty's public HPACK decoder.
 */
class HpackHuffmanTest {

    private static final int SYMBOLS = 257;

    /** {@code text} Huffman-coded with our table, padded with EOS's leading ones (RFC 7541 §5.2). */
    private static byte[] encode(byte[] text) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        long bits = 0;
        int count = 0;
        for (byte b : text) {
            int symbol = b & 0xff;
            bits = bits << HpackHuffman.codeLength(symbol) | HpackHuffman.code(symbol);
            count += HpackHuffman.codeLength(symbol);
            while (count >= 8) {
                count -= 8;
                out.write((int) (bits >>> count));
            }
        }
        if (count > 0) {
            out.write((int) (bits << (8 - count) | (0xff >>> count)));
        }
        return out.toByteArray();
    }

    private static byte[] decode(byte[] huffman, int expectedLength) {
        byte[] head = new byte[expectedLength];
        int n = HpackHuffman.decode(Unpooled.wrappedBuffer(huffman), 0, huffman.length, head);
        assertThat(n).isEqualTo(expectedLength);
        return head;
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "www.example.com|f1e3c2e5f23a6ba0ab90f4ff", // C.4.1
            "no-cache|a8eb10649cbf", // C.4.2
            "custom-key|25a849e95ba97d7f", // C.4.3
            "custom-value|25a849e95bb8e8b4bf", // C.4.3
            "302|6402", // C.6.1
            "private|aec3771a4b", // C.6.1
            "Mon, 21 Oct 2013 20:13:21 GMT|d07abe941054d444a8200595040b8166e082a62d1bff", // C.6.1
            "https://www.example.com|9d29ad171863c78f0b97c8e9ae82ae43d3", // C.6.1
            "307|640eff", // C.6.2
            "gzip|9bd9ab", // C.6.3
    })
    void codesTheRfcsExamplesByteForByte(String text, String hex) {
        byte[] plain = text.getBytes(StandardCharsets.US_ASCII);
        byte[] huffman = HexFormat.of().parseHex(hex);
        assertThat(HexFormat.of().formatHex(encode(plain))).isEqualTo(hex);
        assertThat(decode(huffman, plain.length)).isEqualTo(plain);
    }

    @Test
    void isACompletePrefixCodeWithEosAllOnes() {
        BigInteger kraft = BigInteger.ZERO; // sum of 2^(30 - length): exactly 2^30 for a complete code
        for (int s = 0; s < SYMBOLS; s++) {
            int length = HpackHuffman.codeLength(s);
            assertThat(length).as("symbol %d", s).isBetween(5, 30);
            assertThat(HpackHuffman.code(s) >>> length).as("symbol %d fits its length", s).isZero();
            kraft = kraft.add(BigInteger.ONE.shiftLeft(30 - length));
            for (int t = 0; t < s; t++) {
                int shorter = Math.min(length, HpackHuffman.codeLength(t));
                assertThat(HpackHuffman.code(s) >>> (length - shorter))
                        .as("symbols %d and %d share no prefix", t, s)
                        .isNotEqualTo(HpackHuffman.code(t) >>> (HpackHuffman.codeLength(t) - shorter));
            }
        }
        assertThat(kraft).isEqualTo(BigInteger.ONE.shiftLeft(30));
        assertThat(HpackHuffman.code(256)).isEqualTo(0x3fffffff);
        assertThat(HpackHuffman.codeLength(256)).isEqualTo(30);
    }

    @Test
    void roundTripsEveryByteValueThroughOurDecoderAndNettys() throws Http2Exception {
        byte[] all = new byte[256];
        for (int b = 0; b < 256; b++) {
            all[b] = (byte) b;
            byte[] alone = {(byte) b, 'a', (byte) b}; // each code at a different bit offset
            byte[] huffman = encode(alone);
            assertThat(decode(huffman, alone.length)).as("byte %d", b).isEqualTo(alone);
            assertThat(nettyDecodes(huffman)).as("byte %d", b).isEqualTo(alone);
        }
        byte[] huffman = encode(all);
        assertThat(decode(huffman, all.length)).isEqualTo(all);
        assertThat(nettyDecodes(huffman)).isEqualTo(all);
    }

    /** The value of a header block holding one literal, name "x", whose value is {@code huffman}. */
    private static byte[] nettyDecodes(byte[] huffman) throws Http2Exception {
        ByteBuf block = Unpooled.buffer();
        block.writeByte(0x00).writeByte(1).writeByte('x'); // literal without indexing, new raw name
        int length = huffman.length;
        if (length < 0x7f) {
            block.writeByte(0x80 | length); // H = 1: Huffman-coded
        } else {
            block.writeByte(0xff);
            for (length -= 0x7f; length >= 0x80; length >>>= 7) {
                block.writeByte(length & 0x7f | 0x80);
            }
            block.writeByte(length);
        }
        block.writeBytes(huffman);
        Http2Headers headers = new DefaultHttp2HeadersDecoder(false).decodeHeaders(1, block);
        return AsciiString.of(headers.get("x")).toByteArray();
    }
}
