package showdown.cli;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.KeyStore;
import java.security.PrivateKey;
import java.security.cert.Certificate;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.security.spec.PKCS8EncodedKeySpec;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLServerSocketFactory;
import showdown.harness.target.SelfSignedCertificate;
import showdown.load.http3.H3Client;
import showdown.load.http3.H3TrainingServer;

/**
 * Runs {@code showdown load} against a canned server in this process, printing nothing: a second
 * one request at a time, a second pipelined, a second of HTTP/2 (h2c, four streams a connection),
 * three seconds over https (the TLS layer, its engine and its handshakes; a self-signed certificate
 * made for it) and, where QUIC runs, three seconds of HTTP/3 (a 10 s h3 run against Caddy then
 * cost 0.87 times the CPU per request of one without this leg, 4 alternating rounds). The
 * launcher runs it once per build to make its start-up state: on JDK 25 and later under
 * {@code -XX:AOTCacheOutput}, so that the AOT cache holds
 * every class a load run needs, loaded and linked, and the method profiles of both read paths (the
 * JIT then compiles them from the first second); before 25 under {@code -XX:ArchiveClassesAtExit},
 * a class-data archive of the classes. Either way that start-up CPU no longer lands on the
 * generator's CPU.
 */
final class TrainArchiveCommand extends Command {

    /**
     * The https leg is longer than the others: after one second the TLS path (Netty's SslHandler,
     * the OpenSSL engine) had no profiles in the cache worth using, and a load run compiled it at
     * tier 2, then 3, reaching C2 only 3-9 s in. After three seconds it goes from tier 2 straight to
     * C2 at 1.7-4.8 s, and a 10 s https run costs about 4 % less CPU per request (bench/results/notes/2026-12-02-load-vs-wrk.md).
     */
    private static final int SECURE_SECONDS = 3;

    /** Seconds of each open-model leg: about 8,000 paced sends each at 4,000 req/s. */
    private static final int PACED_SECONDS = 2;

    /** What a canned server speaks. */
    private enum Protocol { HTTP1, HTTP1_TLS, H2C }

    TrainArchiveCommand() {
        super("train-archive", "Exercises the load path once, quietly (the launcher's AOT cache or class-data archive).");
    }

    @Override
    boolean hidden() {
        return true;
    }

    @Override
    int call(List<String> args) throws IOException {
        KeyManagerFactory keys = selfSignedKeys();
        try (CannedServer server = new CannedServer(Protocol.HTTP1, null);
             CannedServer h2c = new CannedServer(Protocol.H2C, null);
             CannedServer https = new CannedServer(Protocol.HTTP1_TLS, tls(keys))) {
            PrintStream out = System.out;
            PrintStream err = System.err;
            PrintStream nowhere = new PrintStream(OutputStream.nullOutputStream());
            System.setOut(nowhere); // the JSON
            System.setErr(nowhere); // wrk's layout, which --json - sends to stderr
            try {
                int oneAtATime = Main.execute("load", "-t1", "-c4", "-d1s", "--latency", "--json", "-", server.url());
                int pipelined = Main.execute("load", "-t1", "-c4", "-d1s", "--pipeline", "4", "--latency", "--json", "-",
                        server.url());
                // Without this leg the HTTP/2 path had no profiles: a 10 s h2c run reached full speed
                // only in its third second (35k, 50k, then 60k req/s against nginx).
                int http2 = Main.execute("load", "--h2", "-t1", "-c2", "-d1s", "--pipeline", "4", "--latency", "--json", "-",
                        h2c.url());
                // The open model's pacer, its loop wait and the pacing-error histograms: untrained, their
                // compilation fell on the first seconds of a -R run and set its pacing error's p99.
                int paced = Math.max(
                        Main.execute("load", "-t1", "-c4", "-d" + PACED_SECONDS + "s", "-R", "4000", "--latency", "--json", "-",
                                server.url()),
                        Main.execute("load", "--h2", "-t1", "-c2", "-d" + PACED_SECONDS + "s", "-R", "4000", "--arrival", "poisson",
                                "--latency", "--json", "-", h2c.url()));
                int secure = Main.execute("load", "-t1", "-c4", "-d" + SECURE_SECONDS + "s", "--latency", "--json", "-",
                        https.url());
                int http3 = 0;
                if (H3Client.unavailability() == null) { // the h3 client's classes and profiles (QUIC may not run here)
                    try (H3TrainingServer h3 = new H3TrainingServer(keys, "")) {
                        http3 = Main.execute("load", "--h3", "-t1", "-c4", "-d" + SECURE_SECONDS + "s", "--latency", "--json", "-",
                                h3.url());
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                }
                return Math.max(Math.max(Math.max(oneAtATime, pipelined), Math.max(http2, secure)), Math.max(paced, http3));
            } finally {
                System.setOut(out);
                System.setErr(err);
            }
        }
    }

    /** A TLS server socket factory presenting the key and certificate of {@code keys}. */
    private static SSLServerSocketFactory tls(KeyManagerFactory keys) throws IOException {
        try {
            SSLContext context = SSLContext.getInstance("TLS");
            context.init(keys.getKeyManagers(), null, null);
            return context.getServerSocketFactory();
        } catch (GeneralSecurityException e) {
            throw new IOException("cannot make the training run's TLS server: " + e.getMessage(), e);
        }
    }

    /** A fresh self-signed certificate (the harness's, for a run) and its key, password "". */
    private static KeyManagerFactory selfSignedKeys() throws IOException {
        SelfSignedCertificate files = SelfSignedCertificate.temporary();
        try {
            X509Certificate cert;
            try (InputStream in = Files.newInputStream(files.certFile())) {
                cert = (X509Certificate) CertificateFactory.getInstance("X.509").generateCertificate(in);
            }
            String pem = Files.readString(files.keyFile(), StandardCharsets.US_ASCII)
                    .replaceAll("-----(BEGIN|END) PRIVATE KEY-----", "").replaceAll("\\s", "");
            PrivateKey key = KeyFactory.getInstance("EC").generatePrivate(new PKCS8EncodedKeySpec(Base64.getDecoder().decode(pem)));
            char[] password = new char[0];
            KeyStore store = KeyStore.getInstance("PKCS12");
            store.load(null, null);
            store.setKeyEntry("train", key, password, new Certificate[] {cert});
            KeyManagerFactory keys = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
            keys.init(store, password);
            return keys;
        } catch (GeneralSecurityException e) {
            throw new IOException("cannot make the training run's TLS server: " + e.getMessage(), e);
        }
    }

    /**
     * Answers every request with the same small response: over HTTP/1.1 a blank line ends a request
     * (no bodies); over h2c (prior knowledge) a HEADERS frame that ends its stream does, and
     * SETTINGS and PING are acknowledged. A factory makes it a TLS server.
     */
    private static final class CannedServer implements AutoCloseable {

        private static final byte[] RESPONSE = ("HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\n"
                + "Content-Length: 13\r\n\r\nHello, World!").getBytes(StandardCharsets.US_ASCII);

        private static final int H2_DATA = 0x0, H2_HEADERS = 0x1, H2_SETTINGS = 0x4, H2_PING = 0x6;
        private static final int H2_END_STREAM = 0x1, H2_ACK = 0x1, H2_END_HEADERS = 0x4;
        private static final int H2_PREFACE_LENGTH = 24;
        private static final byte[] H2_BODY = "Hello, World!".getBytes(StandardCharsets.US_ASCII);
        /**
         * {@code :status: 200} (static entry 8), then content-type (static name 31) and content-length
         * (static name 28) as literals without indexing, nginx's way.
         */
        private static final byte[] H2_HEADER_BLOCK = h2HeaderBlock();

        private final ServerSocket listener;
        private final Protocol protocol;
        private final List<Socket> clients = new CopyOnWriteArrayList<>();

        CannedServer(Protocol protocol, SSLServerSocketFactory tlsFactory) throws IOException {
            this.protocol = protocol;
            listener = protocol == Protocol.HTTP1_TLS ? tlsFactory.createServerSocket(0, 50, InetAddress.getLoopbackAddress())
                    : new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
            Thread.ofPlatform().daemon().name("train-accept").start(this::accept);
        }

        String url() {
            return (protocol == Protocol.HTTP1_TLS ? "https" : "http") + "://127.0.0.1:" + listener.getLocalPort() + "/";
        }

        private void accept() {
            try {
                while (true) {
                    Socket s = listener.accept();
                    clients.add(s);
                    Runnable serve = protocol == Protocol.H2C ? () -> serveH2(s) : () -> serve(s);
                    Thread.ofPlatform().daemon().name("train-conn").start(serve);
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

        /** Reads frames one by one and writes what they call for once nothing more is buffered, as a read loop would. */
        private static void serveH2(Socket s) {
            try (s; InputStream input = s.getInputStream(); OutputStream output = s.getOutputStream()) {
                DataInputStream in = new DataInputStream(new BufferedInputStream(input, 16_384));
                ByteArrayOutputStream out = new ByteArrayOutputStream(4096);
                in.readFully(new byte[H2_PREFACE_LENGTH]);
                h2Frame(out, H2_SETTINGS, 0, 0, new byte[0]);
                while (true) {
                    int length = in.readUnsignedByte() << 16 | in.readUnsignedShort();
                    int type = in.readUnsignedByte();
                    int flags = in.readUnsignedByte();
                    int stream = in.readInt() & 0x7fff_ffff;
                    byte[] payload = new byte[length];
                    in.readFully(payload);
                    boolean ack = (flags & H2_ACK) != 0;
                    if (type == H2_SETTINGS && !ack) {
                        h2Frame(out, H2_SETTINGS, H2_ACK, 0, new byte[0]);
                    } else if (type == H2_PING && !ack) {
                        h2Frame(out, H2_PING, H2_ACK, 0, payload);
                    } else if (type == H2_HEADERS && (flags & H2_END_STREAM) != 0) {
                        h2Frame(out, H2_HEADERS, H2_END_HEADERS, stream, H2_HEADER_BLOCK);
                        h2Frame(out, H2_DATA, H2_END_STREAM, stream, H2_BODY);
                    }
                    if (in.available() == 0 && out.size() > 0) {
                        out.writeTo(output);
                        out.reset();
                    }
                }
            } catch (IOException gone) {
                // the load run closed its socket (an EOFException mid-frame, or a reset)
            }
        }

        private static void h2Frame(ByteArrayOutputStream out, int type, int flags, int stream, byte[] payload) {
            out.write(payload.length >>> 16);
            out.write(payload.length >>> 8);
            out.write(payload.length);
            out.write(type);
            out.write(flags);
            out.write(stream >>> 24);
            out.write(stream >>> 16);
            out.write(stream >>> 8);
            out.write(stream);
            out.write(payload, 0, payload.length);
        }

        private static byte[] h2HeaderBlock() {
            ByteArrayOutputStream b = new ByteArrayOutputStream();
            b.write(0x88); // indexed: :status 200
            b.write(0x0f); // literal without indexing, name index 31 (15 + 16): content-type
            b.write(0x10);
            byte[] type = "text/plain".getBytes(StandardCharsets.US_ASCII);
            b.write(type.length);
            b.write(type, 0, type.length);
            b.write(0x0f); // literal without indexing, name index 28 (15 + 13): content-length
            b.write(0x0d);
            byte[] length = Integer.toString(H2_BODY.length).getBytes(StandardCharsets.US_ASCII);
            b.write(length.length);
            b.write(length, 0, length.length);
            return b.toByteArray();
        }

        @Override
        public void close() throws IOException {
            listener.close();
            for (Socket s : clients) {
                s.close();
            }
        }
    }
}
