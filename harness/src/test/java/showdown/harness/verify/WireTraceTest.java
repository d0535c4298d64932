package showdown.harness.verify;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class WireTraceTest {

    static byte[] ascii(String s) {
        return s.getBytes(StandardCharsets.ISO_8859_1);
    }

    @Test
    void showsLineEndsAndEscapesNonPrintableBytes() {
        byte[] wire = ascii("HTTP/1.1 200 OK\r\nContent-Length: 4\r\n\r\n\u0000\u00c3(\u00ff");

        assertThat(WireTrace.format("< ", wire, wire.length, 1024)).isEqualTo("""
                  < HTTP/1.1 200 OK\\r\\n
                  < Content-Length: 4\\r\\n
                  < \\r\\n
                  < \\x00\\xc3(\\xff
                """);
    }

    @Test
    void cutsLongContentAndSaysHowMuchWasLeftOut() {
        byte[] wire = ascii("x".repeat(300) + "\n" + "y".repeat(100));

        String trace = WireTrace.format("> ", wire, 5000, 350);

        assertThat(trace).contains("x".repeat(WireTrace.MAX_LINE_CHARS) + "...\\n")
                .doesNotContain("x".repeat(WireTrace.MAX_LINE_CHARS + 1))
                .endsWith("  > ... (4650 more bytes)\n");
    }

    @Test
    void readsChunkedBodiesWithExtensionsAndTrailersAndSkipsInterimResponses() throws IOException {
        byte[] wire = ascii("HTTP/1.1 100 Continue\r\n\r\n"
                + "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\nDate: x\r\n\r\n"
                + "5;name=value\r\nHello\r\n7\r\n, World\r\n0\r\nX-Trailer: 1\r\n\r\n"
                + "HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\n\r\n");
        ResponseReader reader = new ResponseReader(new ByteArrayInputStream(wire));

        RawResponse first = reader.read("GET");
        assertThat(first.status()).isEqualTo(200);
        assertThat(first.chunked()).isTrue();
        assertThat(first.bodyText()).isEqualTo("Hello, World");
        assertThat(first.header("date")).contains("x");

        RawResponse second = new ResponseReader(new ByteArrayInputStream(wire, wire.length - 45, 45)).read("GET");
        assertThat(second.status()).isEqualTo(404);
        assertThat(second.body()).isEmpty();
    }

    @Test
    void aBodyWithoutFramingEndsAtClose() throws IOException {
        RawResponse r = new ResponseReader(new ByteArrayInputStream(ascii("HTTP/1.0 200 OK\r\n\r\nuntil the end"))).read("GET");

        assertThat(r.bodyText()).isEqualTo("until the end");
        assertThat(r.closes()).isTrue();
        assertThat(HttpChecks.framingProblem(r)).isEqualTo("neither Content-Length nor chunked (the body ends at close)");
    }

    @Test
    void theReferencePageComparisonIgnoresWhitespaceOnly() {
        String page = ReferencePage.forTitle("showdown");
        String reindented = page.replace("\n", "").replace("  ", "\t\t");

        assertThat(ReferencePage.difference(reindented, "showdown")).isNull();
        assertThat(ReferencePage.difference(page.replace("Matt Sears", "Matt Seers"), "showdown"))
                .startsWith("page differs from the reference (whitespace collapsed) at character");
        assertThat(PageChecks.escapingProblem(ReferencePage.forTitle("a<b>"))).isNull();
        assertThat(PageChecks.escapingProblem(page.replace("Resources: showdown", "Resources: a<b>")))
                .isEqualTo("the title is not escaped: <h4>Resources: a<b></h4>");
    }
}
