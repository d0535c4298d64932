package showdown.harness.verify;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketException;
import java.nio.charset.StandardCharsets;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * A raw-socket HTTP/1.1 server that implements the scenario contract, with optional deliberate
 * faults, so the tests can show that each check catches its fault and that a correct server passes.
 * Also runnable as a target process ({@code main}, listening on $PORT).
 */
final class ContractServer implements AutoCloseable {

    enum Fault { WRONG_BODY, MISSING_DATE, NO_404, BROKEN_ECHO, WRONG_CONTENT_TYPE, UNESCAPED_TITLE, NO_BODY_LIMIT }

    static final long MAX_BODY_BYTES = 40_000_000L;
    private static final DateTimeFormatter HTTP_DATE = DateTimeFormatter.RFC_1123_DATE_TIME;
    static final String TEXT = "text/plain; charset=utf-8";
    /** How long to drain an oversized upload after answering 413, so the client can read the answer. */
    private static final int DRAIN_TIMEOUT_MILLIS = 5_000;

    private final Set<Fault> faults;
    private final ContractRoutes routes;
    private final ServerSocket server;
    private final ExecutorService connections = Executors.newVirtualThreadPerTaskExecutor();

    ContractServer(Set<Fault> faults, int port) throws IOException {
        this(faults, port, null);
    }

    /** With {@code tls}, the same server over TLS (ALPN http/1.1 only), as a target's TLS_PORT. */
    ContractServer(Set<Fault> faults, int port, javax.net.ssl.SSLContext tls) throws IOException {
        this.faults = faults.isEmpty() ? EnumSet.noneOf(Fault.class) : EnumSet.copyOf(faults);
        this.routes = new ContractRoutes(this.faults);
        if (tls == null) {
            this.server = new ServerSocket();
        } else {
            javax.net.ssl.SSLServerSocket s = (javax.net.ssl.SSLServerSocket) tls.getServerSocketFactory().createServerSocket();
            javax.net.ssl.SSLParameters params = s.getSSLParameters();
            params.setApplicationProtocols(new String[] {"http/1.1"});
            s.setSSLParameters(params);
            this.server = s;
        }
        server.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), port));
        Thread.ofVirtual().start(this::acceptLoop);
    }

    static ContractServer start(Fault... faults) throws IOException {
        return new ContractServer(Set.of(faults), 0);
    }

    public static void main(String[] args) throws Exception {
        int port = Integer.parseInt(System.getenv().getOrDefault("PORT", "8080"));
        try (ContractServer s = new ContractServer(Set.of(), port)) {
            Thread.currentThread().join();
        }
    }

    int port() {
        return server.getLocalPort();
    }

    @Override
    public void close() throws IOException {
        server.close();
        connections.shutdownNow();
    }

    private void acceptLoop() {
        while (!server.isClosed()) {
            try {
                Socket s = server.accept();
                connections.submit(() -> serve(s));
            } catch (IOException e) {
                return; // closed
            }
        }
    }

    private record Request(String method, String path, Map<String, String> headers, byte[] body, boolean tooLarge) {
    }

    private void serve(Socket socket) {
        try (socket) {
            InputStream in = new BufferedInputStream(socket.getInputStream());
            OutputStream out = socket.getOutputStream();
            while (true) {
                Request req = read(in);
                if (req == null) {
                    return;
                }
                if (req.tooLarge()) {
                    respond(out, 413, TEXT, new byte[0], true);
                    socket.shutdownOutput();
                    drain(socket, in);
                    return;
                }
                route(req, out);
            }
        } catch (IOException e) {
            // the client went away
        }
    }

    private static void drain(Socket socket, InputStream in) throws IOException {
        socket.setSoTimeout(DRAIN_TIMEOUT_MILLIS);
        byte[] buf = new byte[64 * 1024];
        try {
            while (in.read(buf) != -1) {
                // discard
            }
        } catch (SocketException | java.net.SocketTimeoutException e) {
            // done either way
        }
    }

    private Request read(InputStream in) throws IOException {
        String requestLine = line(in);
        if (requestLine == null) {
            return null;
        }
        String[] parts = requestLine.split(" ");
        Map<String, String> headers = new LinkedHashMap<>();
        for (String h = line(in); h != null && !h.isEmpty(); h = line(in)) {
            int colon = h.indexOf(':');
            headers.put(h.substring(0, colon).trim().toLowerCase(Locale.ROOT), h.substring(colon + 1).trim());
        }
        byte[] body = new byte[0];
        if ("chunked".equalsIgnoreCase(headers.get("transfer-encoding"))) {
            ByteArrayOutputStream b = new ByteArrayOutputStream();
            for (int size = Integer.parseInt(line(in).split(";")[0].trim(), 16); size > 0;
                    size = Integer.parseInt(line(in).split(";")[0].trim(), 16)) {
                if (b.size() + (long) size > MAX_BODY_BYTES) {
                    return new Request(parts[0], parts[1], headers, null, true);
                }
                b.writeBytes(in.readNBytes(size));
                line(in);
            }
            while (!line(in).isEmpty()) {
                // trailers
            }
            body = b.toByteArray();
        } else if (headers.containsKey("content-length")) {
            long length = Long.parseLong(headers.get("content-length"));
            if (length > MAX_BODY_BYTES && !faults.contains(Fault.NO_BODY_LIMIT)) {
                return new Request(parts[0], parts[1], headers, null, true);
            }
            body = in.readNBytes((int) length);
            if (body.length < length) {
                throw new EOFException();
            }
        }
        return new Request(parts[0], parts[1], headers, body, false);
    }

    private static String line(InputStream in) throws IOException {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        for (int c = in.read(); c != '\n'; c = in.read()) {
            if (c == -1) {
                return null;
            }
            if (c != '\r') {
                b.write(c);
            }
        }
        return b.toString(StandardCharsets.ISO_8859_1);
    }

    private void route(Request req, OutputStream out) throws IOException {
        ContractRoutes.Answer a = routes.answer(req.method(), req.path(), req.headers(), req.body());
        respond(out, a.status(), a.type(), a.body(), false);
    }

    private void respond(OutputStream out, int status, String type, byte[] body, boolean close) throws IOException {
        StringBuilder head = new StringBuilder("HTTP/1.1 ").append(status).append(status == 200 ? " OK" : " Error").append("\r\n");
        head.append("Server: contract-server\r\n");
        if (!faults.contains(Fault.MISSING_DATE)) {
            head.append("Date: ").append(HTTP_DATE.format(ZonedDateTime.now(ZoneOffset.UTC))).append("\r\n");
        }
        head.append("Content-Type: ").append(type).append("\r\n");
        head.append("Content-Length: ").append(body.length).append("\r\n");
        if (close) {
            head.append("Connection: close\r\n");
        }
        head.append("\r\n");
        out.write(head.toString().getBytes(StandardCharsets.ISO_8859_1));
        out.write(body);
        out.flush();
    }
}
