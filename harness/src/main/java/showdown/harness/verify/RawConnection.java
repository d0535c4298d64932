package showdown.harness.verify;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.ByteArrayOutputStream;
import java.io.Closeable;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLSocket;

/**
 * One raw TCP connection to a target, with a hand-written HTTP/1.1 client so the verifier controls
 * every byte: chunked bodies, requests split into small writes, and a wire trace of both sides.
 * Every request is written by its own virtual thread while this thread reads, so a server that
 * answers (or echoes) before the upload ends can neither deadlock nor hang the verifier.
 */
public final class RawConnection implements Closeable {

    static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(5);
    /** The longest the verifier waits for any response (a 1 MiB echo on a busy machine included). */
    static final Duration READ_TIMEOUT = Duration.ofSeconds(20);
    /** After a response, how long a still-running upload may take before the connection is dropped. */
    static final Duration WRITER_FINISH_TIMEOUT = Duration.ofSeconds(2);
    private static final int WRITE_BUFFER_BYTES = 64 * 1024;
    private static final byte[] CRLF = "\r\n".getBytes(StandardCharsets.ISO_8859_1);

    private final Socket socket;
    private final String hostHeader;
    private final ResponseReaderHolder reader;
    private boolean broken;

    private RawConnection(Socket socket, String hostHeader) throws IOException {
        this.socket = socket;
        this.hostHeader = hostHeader;
        this.reader = new ResponseReaderHolder(new BufferedInputStream(socket.getInputStream()));
    }

    /** Connects to {@code host:port}; {@code IOException} when nothing listens. */
    public static RawConnection open(String host, int port) throws IOException {
        return open(host, port, null);
    }

    /**
     * Connects to {@code host:port}, over TLS with ALPN {@code http/1.1} when {@code tls} is not null;
     * {@code IOException} when nothing listens, the handshake fails or the server picks another protocol.
     */
    public static RawConnection open(String host, int port, SSLContext tls) throws IOException {
        Socket s = new Socket();
        try {
            s.setTcpNoDelay(true); // small writes must leave at once (the fragmented-request check relies on it)
            s.connect(new InetSocketAddress(host, port), (int) CONNECT_TIMEOUT.toMillis());
            s.setSoTimeout((int) READ_TIMEOUT.toMillis());
            if (tls == null) {
                return new RawConnection(s, host + ":" + port);
            }
            SSLSocket secure = (SSLSocket) tls.getSocketFactory().createSocket(s, host, port, true);
            SSLParameters params = secure.getSSLParameters();
            params.setApplicationProtocols(new String[] {"http/1.1"});
            params.setEndpointIdentificationAlgorithm("HTTPS"); // the certificate names IP:127.0.0.1
            secure.setSSLParameters(params);
            secure.startHandshake();
            String alpn = secure.getApplicationProtocol();
            if (alpn != null && !alpn.isEmpty() && !alpn.equals("http/1.1")) {
                secure.close();
                throw new IOException("the server chose ALPN '" + alpn + "' when offered only http/1.1");
            }
            return new RawConnection(secure, host + ":" + port);
        } catch (IOException e) {
            s.close();
            throw e;
        }
    }

    /** Sends a request and reads its response. Never throws for a server fault: see {@link Exchange#error()}. */
    public Exchange exchange(RawRequest request) {
        return exchange(request, 0, Duration.ZERO);
    }

    /**
     * Sends a request in writes of {@code fragmentBytes} (0 = as few writes as possible) with
     * {@code pause} between them, then reads the response.
     */
    public Exchange exchange(RawRequest request, int fragmentBytes, Duration pause) {
        if (broken) {
            return new Exchange(request.describe(), new byte[0], 0, null, "the connection was already unusable", null);
        }
        ResponseReader responses = reader.next();
        Capture sent = new Capture();
        AtomicReference<String> writeError = new AtomicReference<>();
        Thread writer = Thread.ofVirtual().name("verify-writer").start(() -> {
            try {
                write(request, sent, fragmentBytes, pause);
            } catch (IOException e) {
                writeError.set(e.getMessage());
            } catch (InterruptedException e) {
                writeError.set("interrupted");
            }
        });
        RawResponse response = null;
        String error = null;
        try {
            response = responses.read(request.method());
        } catch (SocketTimeoutException e) {
            error = Exchange.noResponseWithin(READ_TIMEOUT);
        } catch (IOException e) {
            error = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        }
        try {
            writer.join(WRITER_FINISH_TIMEOUT);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        if (writer.isAlive() || response == null || writeError.get() != null || response.closes()) {
            // The upload is stuck, failed or the server is closing: this connection cannot carry another request.
            broken = true;
            closeQuietly();
            joinQuietly(writer);
        }
        if (response != null && writeError.get() != null) {
            error = "the server answered before reading the whole request (write: " + writeError.get() + ")";
        } else if (response == null && writeError.get() != null) {
            error = error + " (write: " + writeError.get() + ")";
        }
        return new Exchange(request.describe(), sent.bytes(), sent.length(), response, error, response == null ? responses.wireSoFar() : null);
    }

    private void write(RawRequest request, Capture sent, int fragmentBytes, Duration pause)
            throws IOException, InterruptedException {
        OutputStream raw = socket.getOutputStream();
        if (fragmentBytes > 0) {
            byte[] all = request.bytes(hostHeader);
            for (int at = 0; at < all.length; at += fragmentBytes) {
                int n = Math.min(fragmentBytes, all.length - at);
                raw.write(all, at, n);
                raw.flush();
                sent.add(all, at, n);
                if (at + n < all.length) {
                    Thread.sleep(pause);
                }
            }
            return;
        }
        // Large bodies are written straight from the request's array, never copied.
        OutputStream out = new BufferedOutputStream(raw, WRITE_BUFFER_BYTES);
        byte[] head = request.head(hostHeader);
        out.write(head);
        sent.add(head, 0, head.length);
        byte[] body = request.body();
        if (request.chunkBytes() > 0) {
            for (int at = 0; at < body.length; at += request.chunkBytes()) {
                int n = Math.min(request.chunkBytes(), body.length - at);
                byte[] size = (Integer.toHexString(n) + "\r\n").getBytes(StandardCharsets.ISO_8859_1);
                out.write(size);
                sent.add(size, 0, size.length);
                out.write(body, at, n);
                sent.add(body, at, n);
                out.write(CRLF);
                sent.add(CRLF, 0, CRLF.length);
            }
            byte[] last = "0\r\n\r\n".getBytes(StandardCharsets.ISO_8859_1);
            out.write(last);
            sent.add(last, 0, last.length);
        } else {
            for (int at = 0; at < body.length; at += WRITE_BUFFER_BYTES) {
                int n = Math.min(WRITE_BUFFER_BYTES, body.length - at);
                out.write(body, at, n);
                sent.add(body, at, n);
            }
        }
        out.flush();
    }

    /**
     * True when the server has closed this connection (checked by a short read). Only meaningful
     * between exchanges, when no response is pending.
     */
    public boolean closedByPeer(Duration wait) {
        if (broken || socket.isClosed()) {
            return true;
        }
        try {
            socket.setSoTimeout((int) Math.max(1, wait.toMillis()));
            int b = reader.peek();
            return b == -1;
        } catch (SocketTimeoutException e) {
            return false;
        } catch (IOException e) {
            return true;
        } finally {
            try {
                if (!socket.isClosed()) {
                    socket.setSoTimeout((int) READ_TIMEOUT.toMillis());
                }
            } catch (IOException e) {
                broken = true;
            }
        }
    }

    public boolean isUsable() {
        return !broken && !socket.isClosed();
    }

    @Override
    public void close() {
        closeQuietly();
    }

    private void closeQuietly() {
        try {
            socket.close();
        } catch (IOException e) {
            // nothing to do: it is closed either way
        }
    }

    private static void joinQuietly(Thread t) {
        try {
            t.join(WRITER_FINISH_TIMEOUT);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** The first bytes written (for the trace) and the count of all of them. */
    private static final class Capture {
        private final ByteArrayOutputStream kept = new ByteArrayOutputStream();
        private final AtomicLong length = new AtomicLong();

        synchronized void add(byte[] b, int offset, int n) {
            length.addAndGet(n);
            int room = WireTrace.REQUEST_TRACE_BYTES + 1 - kept.size();
            if (room > 0) {
                kept.write(b, offset, Math.min(room, n));
            }
        }

        synchronized byte[] bytes() {
            return kept.toByteArray();
        }

        long length() {
            return length.get();
        }
    }

    /** Keeps one buffered stream for the connection's life, with a fresh capture for each response. */
    private static final class ResponseReaderHolder {
        private final BufferedInputStream in;

        ResponseReaderHolder(BufferedInputStream in) {
            this.in = in;
        }

        ResponseReader next() {
            return new ResponseReader(in);
        }

        int peek() throws IOException {
            in.mark(1);
            int b = in.read();
            if (b != -1) {
                in.reset();
            }
            return b;
        }
    }
}
