package showdown.load.http2;

import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import showdown.load.LoadException;

/**
 * Before an HTTP/2 run: does the server speak h2c with prior knowledge? It sends the client preface
 * and an empty SETTINGS frame, and expects a SETTINGS frame back. An HTTP/1.1-only server answers
 * with a status line (or closes), which is a user error: one line, exit code 2, instead of a run
 * that reconnects to a server that will never take a stream. Public for the engine's check before
 * a run.
 */
public final class H2Preflight {

    private static final byte[] PREFACE_AND_SETTINGS = concat(
            "PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n".getBytes(StandardCharsets.US_ASCII),
            new byte[] {0, 0, 0, 0x4, 0, 0, 0, 0, 0}); // SETTINGS, empty, stream 0
    private static final int FRAME_HEADER = 9;
    private static final int SETTINGS = 0x4;

    private H2Preflight() {
    }

    /** Throws a {@link LoadException} when the server on {@code socket} does not answer in HTTP/2. */
    public static void check(Socket socket, URI url, int timeoutMillis) throws IOException {
        socket.setSoTimeout(timeoutMillis);
        socket.getOutputStream().write(PREFACE_AND_SETTINGS);
        socket.getOutputStream().flush();
        byte[] head = new byte[FRAME_HEADER];
        int n = 0;
        try {
            InputStream in = socket.getInputStream();
            for (int r; n < head.length && (r = in.read(head, n, head.length - n)) > 0; ) {
                n += r;
            }
        } catch (SocketTimeoutException e) {
            throw notH2(url, "it did not answer the HTTP/2 preface within " + timeoutMillis + " ms");
        }
        if (n == head.length && head[3] == SETTINGS) {
            return;
        }
        String start = new String(head, 0, n, StandardCharsets.ISO_8859_1);
        throw notH2(url, start.startsWith("HTTP/") ? "it answered in HTTP/1" : n == 0 ? "it closed the connection"
                : "its answer is not an HTTP/2 SETTINGS frame");
    }

    private static LoadException notH2(URI url, String why) {
        return new LoadException(url + " does not speak h2c (HTTP/2 with prior knowledge): " + why + "; drop --h2");
    }

    private static byte[] concat(byte[] a, byte[] b) {
        byte[] out = new byte[a.length + b.length];
        System.arraycopy(a, 0, out, 0, a.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }
}
