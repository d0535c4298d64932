package showdown.harness.target;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;

/** One {@code GET} on a fresh connection that reports whether the answer was 200. */
final class ReadyProbe {

    private static final int CONNECT_TIMEOUT_MILLIS = 500;
    /** A cold JVM may take a while on its first request; the overall deadline still bounds it. */
    private static final int READ_TIMEOUT_MILLIS = 5_000;
    private static final int MAX_STATUS_LINE_BYTES = 256;

    private ReadyProbe() {
    }

    /** The status code of {@code GET path}, or -1 when nothing answered. */
    static int status(String host, int port, String path) {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(host, port), CONNECT_TIMEOUT_MILLIS);
            socket.setSoTimeout(READ_TIMEOUT_MILLIS);
            OutputStream out = socket.getOutputStream();
            out.write(("GET " + path + " HTTP/1.1\r\nHost: " + host + ":" + port + "\r\nConnection: close\r\n\r\n")
                    .getBytes(StandardCharsets.US_ASCII));
            out.flush();
            return parseStatus(readStatusLine(socket.getInputStream()));
        } catch (IOException e) {
            return -1;
        }
    }

    /** Whether something accepts a TCP connection on {@code host:port} (a TLS port before any handshake). */
    static boolean accepts(String host, int port) {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(host, port), CONNECT_TIMEOUT_MILLIS);
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    private static String readStatusLine(InputStream in) throws IOException {
        StringBuilder line = new StringBuilder();
        int b;
        while ((b = in.read()) != -1 && b != '\n' && line.length() < MAX_STATUS_LINE_BYTES) {
            line.append((char) b);
        }
        return line.toString().trim();
    }

    /** "HTTP/1.1 200 OK" gives 200; anything else gives -1. */
    static int parseStatus(String statusLine) {
        String[] parts = statusLine.split(" ", 3);
        if (parts.length < 2 || !parts[0].startsWith("HTTP/")) {
            return -1;
        }
        try {
            return Integer.parseInt(parts[1]);
        } catch (NumberFormatException e) {
            return -1;
        }
    }
}
