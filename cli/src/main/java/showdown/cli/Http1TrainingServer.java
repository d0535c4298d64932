package showdown.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import javax.net.ssl.SSLServerSocketFactory;

/**
 * A canned HTTP/1.1 server on a loopback port for the training run ({@link TrainArchiveCommand}):
 * a blank line ends a request (no bodies), and every request gets the same small response. Given a
 * TLS socket factory it serves https. One platform thread per connection: it serves a short
 * loopback run, not a benchmark.
 */
final class Http1TrainingServer implements AutoCloseable {

    private static final byte[] RESPONSE = ("HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\n"
            + "Content-Length: 13\r\n\r\nHello, World!").getBytes(StandardCharsets.US_ASCII);

    private final ServerSocket listener;
    private final boolean tls;
    private final List<Socket> clients = new CopyOnWriteArrayList<>();

    /** Binds a loopback port; {@code tlsFactory} null: cleartext. */
    Http1TrainingServer(SSLServerSocketFactory tlsFactory) throws IOException {
        this.tls = tlsFactory != null;
        listener = tls ? tlsFactory.createServerSocket(0, 50, InetAddress.getLoopbackAddress())
                : new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        Thread.ofPlatform().daemon().name("train-accept").start(this::accept);
    }

    String url() {
        return (tls ? "https" : "http") + "://127.0.0.1:" + listener.getLocalPort() + "/";
    }

    private void accept() {
        try {
            while (true) {
                Socket s = listener.accept();
                clients.add(s);
                Thread.ofPlatform().daemon().name("train-conn").start(() -> serve(s));
            }
        } catch (IOException closed) {
            // close() ends the accept loop
        }
    }

    private static void serve(Socket s) {
        byte[] in = new byte[8192];
        byte[] out = new byte[RESPONSE.length * 64];
        int matched = 0; // how much of CR LF CR LF the bytes so far end with
        try (s; InputStream input = s.getInputStream(); OutputStream output = s.getOutputStream()) {
            int n;
            while ((n = input.read(in)) > 0) {
                int requests = 0;
                for (int i = 0; i < n; i++) {
                    byte b = in[i];
                    matched = b == (matched % 2 == 0 ? '\r' : '\n') ? matched + 1 : (b == '\r' ? 1 : 0);
                    if (matched == 4) {
                        requests++;
                        matched = 0;
                    }
                }
                while (requests > 0) {
                    int batch = Math.min(requests, 64);
                    for (int k = 0; k < batch; k++) {
                        System.arraycopy(RESPONSE, 0, out, k * RESPONSE.length, RESPONSE.length);
                    }
                    output.write(out, 0, batch * RESPONSE.length);
                    requests -= batch;
                }
            }
        } catch (IOException gone) {
            // the load run closed its socket
        }
    }

    @Override
    public void close() throws IOException {
        listener.close();
        for (Socket s : clients) {
            s.close();
        }
    }
}
