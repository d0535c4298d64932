package showdown.load;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A deliberately simple HTTP/1.1 server on real sockets, whose answers a test scripts. It counts what
 * it saw, so tests can compare the load engine's counts with the server's.
 */
public final class TestServer implements AutoCloseable {

    /** How the server answers one request. Return false to close the connection afterwards. */
    @FunctionalInterface
    public interface Behavior {
        boolean respond(Request request, Socket socket, OutputStream out) throws IOException;
    }

    public record Request(int index, int indexOnConnection, String method, String target, byte[] body) {
    }

    final AtomicInteger requests = new AtomicInteger();
    final AtomicInteger connections = new AtomicInteger();
    private final ServerSocket server;
    private final Behavior behavior;
    private final ExecutorService threads = Executors.newVirtualThreadPerTaskExecutor();
    private final List<Socket> sockets = new CopyOnWriteArrayList<>();

    public TestServer(Behavior behavior) throws IOException {
        this(behavior, new ServerSocket(0, 200, InetAddress.getLoopbackAddress()));
    }

    /** Serves on {@code server}: an {@link javax.net.ssl.SSLServerSocket} makes it an https server. */
    public TestServer(Behavior behavior, ServerSocket server) {
        this.behavior = behavior;
        this.server = server;
        threads.execute(this::acceptLoop);
    }

    public String url(String path) {
        String scheme = server instanceof javax.net.ssl.SSLServerSocket ? "https" : "http";
        return scheme + "://127.0.0.1:" + server.getLocalPort() + path;
    }

    /** Connections accepted so far. */
    public int connections() {
        return connections.get();
    }

    int port() {
        return server.getLocalPort();
    }

    private void acceptLoop() {
        while (!server.isClosed()) {
            try {
                Socket s = server.accept();
                s.setTcpNoDelay(true);
                connections.incrementAndGet();
                sockets.add(s);
                threads.execute(() -> serve(s));
            } catch (IOException e) {
                return;
            }
        }
    }

    private void serve(Socket s) {
        try (s) {
            InputStream in = new BufferedInputStream(s.getInputStream());
            OutputStream out = s.getOutputStream();
            int onConnection = 0;
            while (true) {
                Request r = readRequest(in, onConnection++);
                if (r == null) {
                    return;
                }
                if (!behavior.respond(r, s, out)) {
                    return;
                }
                out.flush();
            }
        } catch (IOException e) {
            // the client went away, or the test closed us
        }
    }

    private Request readRequest(InputStream in, int onConnection) throws IOException {
        ByteArrayOutputStream head = new ByteArrayOutputStream();
        int matched = 0;
        while (matched < 4) {
            int b = in.read();
            if (b < 0) {
                return null;
            }
            head.write(b);
            matched = (b == "\r\n\r\n".charAt(matched)) ? matched + 1 : (b == '\r' ? 1 : 0);
        }
        String text = head.toString(StandardCharsets.ISO_8859_1);
        String[] lines = text.split("\r\n");
        String[] first = lines[0].split(" ");
        int length = 0;
        for (String line : lines) {
            if (line.toLowerCase(Locale.ROOT).startsWith("content-length:")) {
                length = Integer.parseInt(line.substring(15).trim());
            }
        }
        byte[] body = in.readNBytes(length);
        return new Request(requests.getAndIncrement(), onConnection, first[0], first[1], body);
    }

    /** Closes the listening socket and every open connection: the server "dies". */
    void kill() throws IOException {
        server.close();
        for (Socket s : sockets) {
            s.close();
        }
    }

    @Override
    public void close() throws IOException {
        kill();
        threads.shutdownNow();
    }

    public static byte[] ascii(String s) {
        return s.getBytes(StandardCharsets.ISO_8859_1);
    }

    public static Behavior fixed(String response) {
        byte[] bytes = ascii(response);
        return (r, s, out) -> {
            out.write(bytes);
            return true;
        };
    }

    public static final String OK = "HTTP/1.1 200 OK\r\nContent-Length: 5\r\nContent-Type: text/plain\r\n\r\nhello";
}
