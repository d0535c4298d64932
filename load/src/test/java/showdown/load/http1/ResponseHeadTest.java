package showdown.load.http1;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** What a response head means, read without the scanner: its status, framing headers and body framing. */
class ResponseHeadTest {

    /** A head of status {@code status} (HTTP/1.{@code minor}) with {@code headers} ("Name: value"), read byte by byte. */
    private static ResponseHead read(char minor, String status, String... headers) {
        ResponseHead head = new ResponseHead();
        head.start();
        assertThat(head.minorVersion(minor)).isTrue();
        for (byte b : status.getBytes(StandardCharsets.US_ASCII)) {
            assertThat(head.statusDigit(b)).isTrue();
        }
        for (String h : headers) {
            byte[] line = h.getBytes(StandardCharsets.US_ASCII);
            int colon = h.indexOf(':');
            head.beginName(line[0]);
            for (int k = 1; k < colon; k++) {
                head.nameByte(line[k]);
            }
            if (head.beginValue()) {
                for (int k = colon + 1; k < line.length; k++) {
                    head.valueByte(line[k]);
                }
                head.endValue();
            }
        }
        return head;
    }

    @Test
    void theBodyIsFramedByTheHead() {
        assertThat(read('1', "200", "Content-Length: 5").framing(false)).isEqualTo(ResponseHead.FIXED_LENGTH);
        assertThat(read('1', "200", "Content-Length: 5").contentLength()).isEqualTo(5);
        assertThat(read('1', "200", "content-length: 0").framing(false)).isEqualTo(ResponseHead.NO_BODY);
        assertThat(read('1', "200", "Transfer-Encoding: gzip, chunked", "Content-Length: 5").framing(false))
                .isEqualTo(ResponseHead.CHUNKED);
        assertThat(read('1', "200", "Server: x").framing(false)).isEqualTo(ResponseHead.UNTIL_CLOSE);
        assertThat(read('1', "200", "Content-Length: 5").framing(true)).as("an answer to HEAD").isEqualTo(ResponseHead.NO_BODY);
        assertThat(read('1', "204", "Content-Length: 5").framing(false)).isEqualTo(ResponseHead.NO_BODY);
        assertThat(read('1', "304").framing(false)).isEqualTo(ResponseHead.NO_BODY);
        assertThat(read('1', "100").framing(false)).isEqualTo(ResponseHead.INTERIM);
        assertThat(read('1', "101").framing(false)).isEqualTo(ResponseHead.MALFORMED);
        assertThat(read('1', "099").framing(false)).isEqualTo(ResponseHead.MALFORMED);
    }

    @Test
    void aBadOrConflictingLengthIsMalformed() {
        assertThat(read('1', "200", "Content-Length: 1x").malformed()).isTrue();
        assertThat(read('1', "200", "Content-Length: ").malformed()).isTrue();
        assertThat(read('1', "200", "Content-Length: 1", "Content-Length: 2").framing(false))
                .isEqualTo(ResponseHead.MALFORMED);
        assertThat(read('1', "200", "Content-Length: 2", "Content-Length: 2").framing(false))
                .isEqualTo(ResponseHead.FIXED_LENGTH);
        assertThat(read('1', "200", "Content-Length: 1234567890123456789").malformed()).as("19 digits").isTrue();
    }

    @Test
    void theConnectionHeaderAndTheVersionSayWhetherItCloses() {
        assertThat(read('1', "200").connectionClose()).isFalse();
        assertThat(read('1', "200", "Connection: keep-alive, Close").connectionClose()).isTrue();
        assertThat(read('0', "200").connectionClose()).isTrue();
        assertThat(read('0', "200", "Connection: Keep-Alive").connectionClose()).isFalse();
        assertThat(read('1', "200").status()).isEqualTo(200);
    }

    /** The window's whole-name comparison and the byte-at-a-time match read the same names. */
    @Test
    void aWholeNameIsReadAsItsBytesAre() {
        String[] names = {"Content-Length", "CONTENT-LENGTH", "Content-Lengt", "Content-Lengthy", "Transfer-Encoding",
            "transfer-encodinG", "Connection", "Connectio", "Content-Type", "Cookie", "Trailer", "X"};
        for (String name : names) {
            byte[] b = name.getBytes(StandardCharsets.US_ASCII);
            ResponseHead whole = new ResponseHead();
            whole.start();
            whole.wholeName(b, 0, b.length);
            ResponseHead bytewise = new ResponseHead();
            bytewise.start();
            bytewise.beginName(b[0]);
            for (int k = 1; k < b.length; k++) {
                bytewise.nameByte(b[k]);
            }
            assertThat(whole.beginValue()).as(name).isEqualTo(bytewise.beginValue());
        }
        assertThat(ResponseHead.mayBeRead('C')).isTrue();
        assertThat(ResponseHead.mayBeRead('t')).isTrue();
        assertThat(ResponseHead.mayBeRead('S')).isFalse();
    }
}
