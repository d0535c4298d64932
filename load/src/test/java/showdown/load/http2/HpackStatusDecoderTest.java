package showdown.load.http2;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.handler.codec.http2.DefaultHttp2Headers;
import io.netty.handler.codec.http2.Http2Headers;
import io.netty.handler.codec.http2.HpackEncoderProbe;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import showdown.load.fieldcoding.HpackHuffman;
import showdown.load.http2.H2FrameReader.ProtocolError;

/**
 * {@link HpackStatusDecoder} and {@link HpackHuffman}: examples worked out from RFC 7541, and
 * thousands of header blocks from Netty's encoder, whose dynamic table must stay in step with ours.
 */
class HpackStatusDecoderTest {

    private static ByteBuf hex(String hex) {
        return Unpooled.wrappedBuffer(HexFormat.of().parseHex(hex));
    }

    private static int decode(HpackStatusDecoder decoder, ByteBuf block) throws ProtocolError {
        return decoder.decode(block, block.readerIndex(), block.writerIndex());
    }

    @Test
    void decodesHuffmanStrings() {
        byte[] head = new byte[32];
        assertThat(HpackHuffman.decode(hex("f1e3c2e5f23a6ba0ab90f4ff"), 0, 12, head)).isEqualTo(15); // RFC 7541 C.4.1
        assertThat(new String(head, 0, 15, StandardCharsets.US_ASCII)).isEqualTo("www.example.com");
        assertThat(HpackHuffman.decode(hex("640eff"), 0, 3, head)).isEqualTo(3); // C.6.2
        assertThat(new String(head, 0, 3, StandardCharsets.US_ASCII)).isEqualTo("307");
        assertThat(HpackHuffman.decode(hex("00"), 0, 1, head)).as("padding that is not EOS's ones").isEqualTo(-1);
        assertThat(HpackHuffman.decode(hex("ffffffff"), 0, 4, head)).as("EOS inside the string").isEqualTo(-1);
        assertThat(HpackHuffman.decode(hex("1fff"), 0, 2, head)).as("padding longer than 7 bits").isEqualTo(-1);
    }

    @Test
    void readsStatusFromTheStaticTableLiteralsAndTheDynamicTable() throws ProtocolError {
        HpackStatusDecoder d = new HpackStatusDecoder();
        assertThat(decode(d, hex("88"))).isEqualTo(200); // indexed, static 8
        assertThat(decode(d, hex("8d"))).isEqualTo(404); // indexed, static 13
        assertThat(decode(d, hex("48826402"))).isEqualTo(302); // :status 302, Huffman, added to the table
        assertThat(decode(d, hex("be"))).isEqualTo(302); // index 62: the entry just added
        assertThat(decode(d, hex("0803333033"))).isEqualTo(303); // without indexing, raw "303"
        assertThat(decode(d, hex("be"))).isEqualTo(302); // the table did not change
        assertThat(decode(d, hex("5f0a746578742f706c61696e"))).isEqualTo(-1); // content-type: text/plain, indexed
        assertThat(decode(d, hex("bf"))).isEqualTo(302); // the :status entry is now the second newest
        assertThat(decode(d, hex("0803323030"))).isEqualTo(200);
        assertThat(decode(d, hex("08026f6b"))).isZero(); // :status "ok" is not three digits
        // content-length (static name 28) without indexing: skipped undecoded, even a bad Huffman code
        assertThat(decode(d, hex("0f0d02313388"))).isEqualTo(200);
        assertThat(decode(d, hex("0f0d820000" + "8d"))).isEqualTo(404);
        assertThat(d.entries()).as("no entry added by them").isEqualTo(2);
        assertThat(decode(d, hex("bf"))).isEqualTo(302);
    }

    @Test
    void refusesBrokenBlocks() {
        HpackStatusDecoder d = new HpackStatusDecoder();
        assertThatThrownBy(() -> decode(d, hex("80"))).isInstanceOf(ProtocolError.class); // index 0
        assertThatThrownBy(() -> decode(d, hex("be"))).isInstanceOf(ProtocolError.class); // an empty dynamic table
        assertThatThrownBy(() -> decode(d, hex("3fe21f"))).isInstanceOf(ProtocolError.class); // table size 4097
        assertThatThrownBy(() -> decode(d, hex("0805"))).isInstanceOf(ProtocolError.class); // a string cut short
        assertThatThrownBy(() -> decode(d, hex("0f0d05"))).as("a skipped value cut short").isInstanceOf(ProtocolError.class);
        assertThatThrownBy(() -> decode(d, hex("0803"))).isInstanceOf(ProtocolError.class); // a :status value cut short
        assertThatThrownBy(() -> decode(d, hex("88 20".replace(" ", "")))).isInstanceOf(ProtocolError.class); // size update late
    }

    @Test
    void keepsInStepWithNettysEncoderOverThousandsOfBlocks() throws Exception {
        Random random = new Random(7);
        List<String> names = new ArrayList<>(HpackEncoderProbe.staticNames()); // all 61, so a wrong length shows
        names.removeIf(n -> n.equals(":status")); // one :status per block: the one we check
        names.addAll(List.of("x-request-id", "x-custom-header-with-a-long-name"));
        int[] statuses = {200, 201, 204, 299, 302, 404, 418, 500, 503};
        HpackEncoderProbe encoder = new HpackEncoderProbe();
        HpackStatusDecoder decoder = new HpackStatusDecoder();
        for (int block = 0; block < 5000; block++) {
            ByteBuf out = Unpooled.buffer();
            if (block % 500 == 499) {
                encoder.maxTableSize(out, random.nextInt(HpackStatusDecoder.MAX_TABLE_SIZE + 1));
            }
            int status = statuses[random.nextInt(statuses.length)];
            Http2Headers headers = new DefaultHttp2Headers(false).status(Integer.toString(status));
            for (int k = random.nextInt(6); k > 0; k--) {
                headers.add(names.get(random.nextInt(names.size())), value(random));
            }
            encoder.encode(headers, out);
            assertThat(decode(decoder, out)).as("status of block %d", block).isEqualTo(status);
            assertThat(decoder.tableSize()).as("table size after block %d", block).isEqualTo(encoder.tableSize());
            assertThat(decoder.entries()).as("entries after block %d", block).isEqualTo(encoder.entries());
        }
    }

    /** Short values repeat (so the encoder refers to its table); long ones fill and evict it. */
    private static String value(Random random) {
        if (random.nextInt(3) == 0) {
            return "v" + random.nextInt(20);
        }
        StringBuilder s = new StringBuilder();
        for (int n = random.nextInt(random.nextInt(10) == 0 ? 3000 : 80); n > 0; n--) {
            s.append((char) (random.nextInt(10) == 0 ? 0x80 + random.nextInt(128) : 0x20 + random.nextInt(95)));
        }
        return s.toString();
    }
}
