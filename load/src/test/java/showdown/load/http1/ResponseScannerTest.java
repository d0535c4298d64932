package showdown.load.http1;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

/** The scanner finds the same response boundaries however the bytes are split. */
class ResponseScannerTest {

    private static final String STREAM = ""
            + "HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\nhello"
            + "HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 201 Created\r\ncontent-length:0\r\n\r\n"
            + "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n3;x=y\r\nabc\r\n10\r\n0123456789abcdef\r\n0\r\nTrailer: t\r\n\r\n"
            + "HTTP/1.1 204 No Content\r\nContent-Length: 7\r\n\r\n"
            + "HTTP/1.1 304 Not Modified\r\n\r\n"
            + "HTTP/1.1 404 Not Found\r\nCONTENT-LENGTH: 3\r\nConnection: keep-alive\r\n\r\nnop"
            + "HTTP/1.1 200 OK\r\nContent-Length: 2\r\nConnection: Close\r\n\r\nok";

    private static final List<Integer> STATUSES = List.of(200, 201, 200, 204, 304, 404, 200);

    /** Feeds {@code text} in pieces of {@code piece} bytes; returns the statuses and close flags seen. */
    private static List<String> scan(String text, int piece, boolean head) {
        ResponseScanner scanner = new ResponseScanner();
        scanner.headRequests(head);
        byte[] bytes = text.getBytes(StandardCharsets.ISO_8859_1);
        List<String> seen = new ArrayList<>();
        for (int start = 0; start < bytes.length; start += piece) {
            ByteBuf buf = Unpooled.wrappedBuffer(bytes, start, Math.min(piece, bytes.length - start));
            int i = buf.readerIndex();
            while (i < buf.writerIndex()) {
                int next = scanner.scan(buf, i, buf.writerIndex());
                if (next == ResponseScanner.NEED_MORE) {
                    break;
                }
                if (next == ResponseScanner.PROTOCOL_ERROR) {
                    seen.add("error");
                    return seen;
                }
                seen.add(scanner.status() + (scanner.connectionClose() ? " close" : ""));
                i = next;
            }
        }
        if (scanner.endOfInput()) {
            seen.add(scanner.status() + " at close");
        }
        return seen;
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 7, 16, 64, 4096})
    void findsEveryResponseWhateverTheSplit(int piece) {
        List<String> expected = new ArrayList<>();
        for (int s : STATUSES) {
            expected.add(String.valueOf(s));
        }
        expected.set(expected.size() - 1, "200 close");
        assertThat(scan(STREAM, piece, false)).containsExactlyElementsOf(expected);
    }

    @Test
    void aResponseWithoutLengthEndsAtTheClose() {
        assertThat(scan("HTTP/1.1 200 OK\r\nServer: x\r\n\r\nbody until the end", 5, false))
                .containsExactly("200 at close");
    }

    @Test
    void http10ClosesUnlessKeptAlive() {
        assertThat(scan("HTTP/1.0 200 OK\r\nContent-Length: 0\r\n\r\n", 100, false)).containsExactly("200 close");
        assertThat(scan("HTTP/1.0 200 OK\r\nConnection: Keep-Alive\r\nContent-Length: 0\r\n\r\n", 100, false))
                .containsExactly("200");
    }

    @Test
    void answersToHeadHaveNoBody() {
        assertThat(scan("HTTP/1.1 200 OK\r\nContent-Length: 1000\r\n\r\nHTTP/1.1 200 OK\r\nContent-Length: 1000\r\n\r\n", 9, true))
                .containsExactly("200", "200");
    }

    @Test
    void rejectsWhatIsNotAResponse() {
        assertThat(scan("HTTP/9 OK\r\n\r\n", 100, false)).containsExactly("error");
        assertThat(scan("GARBAGE", 100, false)).containsExactly("error");
        assertThat(scan("HTTP/1.1 2x0 OK\r\n\r\n", 100, false)).containsExactly("error");
        assertThat(scan("HTTP/1.1 200 OK\r\nContent-Length: abc\r\n\r\n", 100, false)).containsExactly("error");
        assertThat(scan("HTTP/1.1 200 OK\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\nab", 100, false))
                .containsExactly("error");
        assertThat(scan("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n", 100, false)).containsExactly("error");
        assertThat(scan("HTTP/1.1 101 Switching Protocols\r\n\r\n", 100, false)).containsExactly("error");
    }

    @Test
    void refusesEndlessHeaders() {
        String endless = "HTTP/1.1 200 OK\r\nX: " + "a".repeat(ResponseScanner.MAX_HEADER_BYTES) + "\r\n\r\n";
        assertThat(scan(endless, 1000, false)).containsExactly("error");
    }

    @Test
    void identicalDuplicateLengthsAreAccepted() {
        assertThat(scan("HTTP/1.1 200 OK\r\nContent-Length: 2\r\nContent-Length: 2\r\n\r\nok", 3, false))
                .containsExactly("200");
    }

    /**
     * The window's fast paths (whole status lines and header names) and the byte-at-a-time state
     * machine (one byte per read) must agree on every input, well-formed or not.
     */
    @Test
    void fastPathsAgreeWithTheStateMachine() {
        String[] names = {"Content-Length", "content-length", "CONTENT-LENGTH", "Content-Lengthy", "Content-Lengt",
            "Transfer-Encoding", "transfer-encodinG", "Transfer-Encodings", "Connection", "connectioN", "Connectio",
            "Content-Type", "Server", "Date", "X", "Content-Security-Policy", "Cross-Origin-Opener-Policy",
            "A-Very-Long-Header-Name-Indeed", " content-length", "Trailer"};
        String[] values = {"5", " 5", "5 ", "x", "", "chunked", "gzip, chunked", "close", "Keep-Alive", "keep-alive, close"};
        String[] statusLines = {"HTTP/1.1 200 OK", "HTTP/1.0 200 OK", "HTTP/1.1 404", "HTTP/1.1 204 No Content",
            "HTTP/1.1 2000 OK", "HTTP/1.2 200 OK", "HTTP/1.1 20x OK", "HTTP/1.1 200\tOK", "HTTP/1.1 100 Continue"};
        Random random = new Random(42);
        for (int round = 0; round < 3000; round++) {
            StringBuilder text = new StringBuilder();
            int responses = 1 + random.nextInt(3);
            for (int r = 0; r < responses; r++) {
                text.append(statusLines[random.nextInt(statusLines.length)]).append("\r\n");
                int headers = random.nextInt(5);
                for (int h = 0; h < headers; h++) {
                    text.append(names[random.nextInt(names.length)]);
                    text.append(random.nextInt(20) == 0 ? "" : ":");
                    text.append(values[random.nextInt(values.length)]).append(random.nextInt(10) == 0 ? "\n" : "\r\n");
                }
                text.append("\r\n").append("hello".substring(0, random.nextInt(6)));
            }
            String input = text.toString();
            List<String> byteAtATime = scan(input, 1, false);
            assertThat(scan(input, input.length(), false)).as(input).isEqualTo(byteAtATime);
            assertThat(scan(input, 1 + random.nextInt(40), false)).as(input).isEqualTo(byteAtATime);
        }
    }
}
