package showdown.load.tls;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLServerSocket;

/**
 * A self-signed ECDSA P-256 certificate for localhost and 127.0.0.1, made with the JDK's keytool
 * (no other library), and TLS server sockets that present it.
 */
public final class TestCertificate implements AutoCloseable {

    private static final char[] PASSWORD = "showdown".toCharArray();
    private static TestCertificate localhost;

    private final Path dir;
    final Path keystore;
    /** The certificate as PEM, for {@code --cacert}. */
    public final Path pem;

    private TestCertificate(Path dir) {
        this.dir = dir;
        this.keystore = dir.resolve("server.p12");
        this.pem = dir.resolve("server.pem");
    }

    /** The certificate for localhost and 127.0.0.1 that the tests share: made once, removed as the JVM exits. */
    public static synchronized TestCertificate localhost() throws IOException, InterruptedException {
        if (localhost == null) {
            TestCertificate c = create("dns:localhost,ip:127.0.0.1");
            Runtime.getRuntime().addShutdownHook(new Thread(() -> {
                try {
                    c.close();
                } catch (IOException e) {
                    // a temporary folder left behind
                }
            }));
            localhost = c;
        }
        return localhost;
    }

    static TestCertificate create(String subjectAltNames) throws IOException, InterruptedException {
        TestCertificate c = new TestCertificate(Files.createTempDirectory("showdown-tls"));
        String keytool = Path.of(System.getProperty("java.home"), "bin", "keytool").toString();
        run(List.of(keytool, "-genkeypair", "-keyalg", "EC", "-groupname", "secp256r1", "-alias", "server",
                "-dname", "CN=localhost", "-ext", "SAN=" + subjectAltNames, "-validity", "2",
                "-storetype", "PKCS12", "-keystore", c.keystore.toString(), "-storepass", new String(PASSWORD)));
        run(List.of(keytool, "-exportcert", "-rfc", "-alias", "server", "-keystore", c.keystore.toString(),
                "-storepass", new String(PASSWORD), "-file", c.pem.toString()));
        return c;
    }

    private static void run(List<String> command) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        byte[] out = p.getInputStream().readAllBytes();
        if (!p.waitFor(60, TimeUnit.SECONDS) || p.exitValue() != 0) {
            p.destroyForcibly();
            throw new IOException("keytool failed: " + new String(out));
        }
    }

    SSLContext serverContext() throws Exception {
        SSLContext ctx = SSLContext.getInstance("TLS");
        ctx.init(keyManagers().getKeyManagers(), null, null);
        return ctx;
    }

    /** The server's key and certificate, for servers that build their own TLS (QUIC's). */
    public KeyManagerFactory keyManagers() throws Exception {
        KeyStore ks = KeyStore.getInstance("PKCS12");
        try (InputStream in = Files.newInputStream(keystore)) {
            ks.load(in, PASSWORD);
        }
        KeyManagerFactory kmf = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
        kmf.init(ks, PASSWORD);
        return kmf;
    }

    /** The key store's password. */
    public static String password() {
        return new String(PASSWORD);
    }

    /** A TLS server socket on a free loopback port offering {@code versions} and ALPN {@code alpn} (none when empty). */
    ServerSocket serverSocket(List<String> versions, String... alpn) throws Exception {
        SSLServerSocket s = (SSLServerSocket) serverContext().getServerSocketFactory()
                .createServerSocket(0, 200, InetAddress.getLoopbackAddress());
        SSLParameters p = s.getSSLParameters();
        p.setProtocols(versions.toArray(String[]::new));
        if (alpn.length > 0) {
            p.setApplicationProtocols(alpn);
        }
        s.setSSLParameters(p);
        return s;
    }

    @Override
    public void close() throws IOException {
        Files.deleteIfExists(keystore);
        Files.deleteIfExists(pem);
        Files.deleteIfExists(dir);
    }
}
