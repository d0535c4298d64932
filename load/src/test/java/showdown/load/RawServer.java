package showdown.load;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * A server on 127.0.0.1 that writes the same bytes to every connection, then reads and drops what
 * the client sends until the client leaves: for answers no real server would give. Closing it
 * closes every socket it accepted.
 */
public final class RawServer implements AutoCloseable {

    private final ServerSocket listener;
    private final Queue<Socket> accepted = new ConcurrentLinkedQueue<>();
    private final Thread acceptor;

    public RawServer(byte[] answer) throws IOException {
        listener = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        acceptor = Thread.ofVirtual().start(() -> {
            while (!listener.isClosed()) {
                try {
                    Socket s = listener.accept();
                    accepted.add(s);
                    Thread.ofVirtual().start(() -> serve(s, answer));
                } catch (IOException e) {
                    return; // closed
                }
            }
        });
    }

    private static void serve(Socket s, byte[] answer) {
        try (s; InputStream in = s.getInputStream()) {
            s.getOutputStream().write(answer);
            byte[] sink = new byte[4096];
            while (in.read(sink) >= 0) {
                // until the client closes, or close() does
            }
        } catch (IOException ignored) {
            // the client left
        }
    }

    public String url() {
        return "http://127.0.0.1:" + listener.getLocalPort() + "/";
    }

    @Override
    public void close() throws IOException {
        listener.close();
        for (Socket s; (s = accepted.poll()) != null; ) {
            s.close();
        }
        try {
            acceptor.join(1000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
