package showdown.load.http3;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.buffer.UnpooledByteBufAllocator;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import org.junit.jupiter.api.Test;

/** The response stream reader, byte by byte: frames whole, cut, unknown and refused; QPACK's ways of saying :status. */
class H3ResponseReaderTest {

    /** :status 200 as static entry 25, a field section of its own. */
    private static final String STATUS_200 = "0000d9";

    private static byte[] hex(String s) {
        return HexFormat.of().parseHex(s.replace(" ", ""));
    }

    private static ByteArrayOutputStream frame(ByteArrayOutputStream out, int type, byte[] payload) {
        H3Request.varint(out, type);
        H3Request.varint(out, payload.length);
        out.writeBytes(payload);
        return out;
    }

    private static H3ResponseReader reader() {
        return new H3ResponseReader(UnpooledByteBufAllocator.DEFAULT);
    }

    private static ByteBuf buf(byte[] b, int from, int to) {
        return Unpooled.copiedBuffer(b, from, to - from);
    }

    /** Reads {@code stream} in one piece and returns the reader. */
    private static H3ResponseReader readWhole(byte[] stream) throws Exception {
        H3ResponseReader r = reader();
        ByteBuf in = buf(stream, 0, stream.length);
        r.read(in);
        assertThat(in.refCnt()).as("the read's bytes are released").isZero();
        r.release();
        return r;
    }

    @Test
    void aHeadersFrameWithAStaticStatusThenABodyIsAnAnsweredResponse() throws Exception {
        byte[] stream = frame(frame(new ByteArrayOutputStream(), H3Request.HEADERS, hex(STATUS_200)),
                H3Request.DATA, "Hello, World!".getBytes(StandardCharsets.US_ASCII)).toByteArray();
        assertThat(HexFormat.of().formatHex(stream)).isEqualTo("01030000d9000d48656c6c6f2c20576f726c6421");
        H3ResponseReader r = readWhole(stream);
        assertThat(r.status()).isEqualTo(200);
        assertThat(r.betweenFrames()).isTrue();
    }

    @Test
    void framesCutAnywhereByReadsAreReadTheSame() throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        frame(out, H3Request.HEADERS, hex("0000 5f0a 821001 5f1d 8a 0102030405060708090a")); // :status Huffman "200", a header
        frame(out, H3Request.DATA, new byte[300]); // a 2-byte length
        frame(out, H3Request.HEADERS, hex("0000 5f0a 03 353030")); // trailers are not a second status
        byte[] stream = out.toByteArray();
        for (int cut1 = 1; cut1 < stream.length; cut1++) {
            for (int cut2 = cut1; cut2 < stream.length; cut2 += 7) {
                H3ResponseReader r = reader();
                r.read(buf(stream, 0, cut1));
                r.read(buf(stream, cut1, cut2));
                assertThat(r.betweenFrames()).as("cut at %d", cut2).isEqualTo(cut2 == 0 || isFrameEnd(cut2));
                r.read(buf(stream, cut2, stream.length));
                assertThat(r.status()).as("cut at %d and %d", cut1, cut2).isEqualTo(200);
                assertThat(r.betweenFrames()).isTrue();
                r.release();
            }
        }
        H3ResponseReader byteByByte = reader();
        for (int i = 0; i < stream.length; i++) {
            byteByByte.read(buf(stream, i, i + 1));
        }
        assertThat(byteByByte.status()).isEqualTo(200);
        byteByByte.release();
    }

    /** The offsets where a frame of {@link #framesCutAnywhereByReadsAreReadTheSame}'s stream ends. */
    private static boolean isFrameEnd(int at) {
        int headers = 2 + 20;
        int data = headers + 1 + 2 + 300;
        return at == headers || at == data;
    }

    @Test
    void framesOfUnknownTypesAreSteppedOver() throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        frame(out, 0x21, hex("0102")); // a reserved type (0x1f * N + 0x21)
        frame(out, 0x1f * 1000 + 0x21, new byte[70]); // a 4-byte type, a 2-byte length
        frame(out, H3Request.HEADERS, hex(STATUS_200));
        assertThat(readWhole(out.toByteArray()).status()).isEqualTo(200);
    }

    @Test
    void interimAnswersArePassedOverForTheFinalStatus() throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        frame(out, H3Request.HEADERS, hex("0000d8")); // 103 (static 24)
        assertThat(readWhole(out.toByteArray()).status()).as("a 1xx is not final").isZero();
        frame(out, H3Request.HEADERS, hex("0000ff08")); // 500 (static 71: 63 + 8)
        assertThat(readWhole(out.toByteArray()).status()).isEqualTo(500);
    }

    @Test
    void aStatusWithALiteralNameIsRead() throws Exception {
        byte[] section = hex("0000 2700 3a737461747573 03 343034"); // ":status" (length 7: prefix full, then 0) "404"
        ByteArrayOutputStream out = frame(new ByteArrayOutputStream(), H3Request.HEADERS, section);
        assertThat(readWhole(out.toByteArray()).status()).isEqualTo(404);
    }

    @Test
    void whatTheClientNeverAllowedOrARequestStreamNeverCarriesIsAProtocolError() {
        assertThatThrownBy(() -> readWhole(frame(new ByteArrayOutputStream(), H3Request.HEADERS, hex("0100d9")).toByteArray()))
                .as("a Required Insert Count: the dynamic table").isInstanceOf(H3ResponseReader.ProtocolError.class);
        assertThatThrownBy(() -> readWhole(frame(new ByteArrayOutputStream(), H3Request.HEADERS, hex("000099")).toByteArray()))
                .as("an indexed field line of the dynamic table").isInstanceOf(H3ResponseReader.ProtocolError.class);
        assertThatThrownBy(() -> readWhole(frame(new ByteArrayOutputStream(), H3Request.HEADERS, hex("0000c1")).toByteArray()))
                .as(":path first: no :status").isInstanceOf(H3ResponseReader.ProtocolError.class);
        assertThatThrownBy(() -> readWhole(frame(new ByteArrayOutputStream(), H3Request.HEADERS, hex("00005f0a023230")).toByteArray()))
                .as("a status of two digits").isInstanceOf(H3ResponseReader.ProtocolError.class);
        assertThatThrownBy(() -> readWhole(frame(new ByteArrayOutputStream(), 0x4, new byte[0]).toByteArray()))
                .as("SETTINGS on a request stream").isInstanceOf(H3ResponseReader.ProtocolError.class);
        ByteArrayOutputStream big = new ByteArrayOutputStream();
        H3Request.varint(big, H3Request.HEADERS);
        H3Request.varint(big, H3ResponseReader.MAX_HEADERS_LENGTH + 1);
        assertThatThrownBy(() -> readWhole(big.toByteArray())).as("a HEADERS frame too large to hold")
                .isInstanceOf(H3ResponseReader.ProtocolError.class);
    }

    @Test
    void aStreamThatEndsInsideAFrameIsNotBetweenFrames() throws Exception {
        byte[] stream = frame(frame(new ByteArrayOutputStream(), H3Request.HEADERS, hex(STATUS_200)),
                H3Request.DATA, new byte[10]).toByteArray();
        H3ResponseReader r = reader();
        r.read(buf(stream, 0, stream.length - 1));
        assertThat(r.status()).isEqualTo(200);
        assertThat(r.betweenFrames()).isFalse();
        r.release();
    }
}
