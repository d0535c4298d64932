package showdown.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
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
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLServerSocketFactory;
import showdown.harness.targets.SelfSignedCertificate;
import showdown.load.http2.H2TrainingServer;
import showdown.load.http3.H3Client;
import showdown.load.http3.H3TrainingServer;

/**
 * Runs {@code showdown load} against canned servers in this process, printing nothing: a second
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
        try (Http1TrainingServer server = new Http1TrainingServer(null);
             H2TrainingServer h2c = new H2TrainingServer();
             Http1TrainingServer https = new Http1TrainingServer(tls(keys))) {
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
}
