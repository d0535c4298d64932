package dev.showdown.targets.jetty;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

import org.eclipse.jetty.http3.server.HTTP3ServerConnectionFactory;
import org.eclipse.jetty.http3.server.HTTP3ServerQuicConfiguration;
import org.eclipse.jetty.quic.quiche.Quiche;
import org.eclipse.jetty.quic.quiche.server.QuicheServerConnector;
import org.eclipse.jetty.quic.quiche.server.QuicheServerQuicConfiguration;
import org.eclipse.jetty.server.HttpConfiguration;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.util.ssl.SslContextFactory;

/**
 * HTTP/3 on UDP {@code TLS_PORT}, beside the TCP TLS connector and with its certificate, as Jetty's
 * programming guide sets it up: a {@link QuicheServerConnector} (quiche through the JDK's foreign
 * function API) carrying an {@link HTTP3ServerConnectionFactory}, with the QUIC parameters HTTP/3
 * needs ({@link HTTP3ServerQuicConfiguration#configure}) and Jetty's defaults otherwise.
 */
final class Http3Listener {
    private Http3Listener() {
    }

    /**
     * The connector, or empty (after one line on stderr) when quiche's native library is not in
     * the jar or does not load: the target then serves HTTP/1.1 and HTTP/2 only.
     */
    static Optional<QuicheServerConnector> create(Server server, SslContextFactory.Server sslContextFactory,
            HttpConfiguration https, TlsEnv tls) {
        Optional<String> missing = quicheMissing();
        if (missing.isPresent()) {
            System.err.println("jetty target: serving no HTTP/3: " + missing.get());
            return Optional.empty();
        }
        QuicheServerQuicConfiguration quic = HTTP3ServerQuicConfiguration.configure(
                new QuicheServerQuicConfiguration(pemWorkDirectory()));
        QuicheServerConnector connector = new QuicheServerConnector(server, sslContextFactory, quic,
                new HTTP3ServerConnectionFactory(https));
        connector.setHost(JettyApp.HOST);
        connector.setPort(tls.port());
        return Optional.of(connector);
    }

    /**
     * Loads Jetty's quiche binding now, so that a missing library is said once at start; Jetty
     * itself would only log it at debug level on every packet it then drops.
     */
    private static Optional<String> quicheMissing() {
        String library = nativeFolder() + "/" + System.mapLibraryName("quiche");
        if (Http3Listener.class.getClassLoader().getResource(library) == null) {
            return Optional.of("the jar has no " + library
                    + " (targets/java/jetty/quiche/build could not build it; its line is in the build's output)");
        }
        // Jetty copies the library to java.io.tmpdir/jetty-PID/FOLDER/ and deletes only the file at
        // exit; folders registered before it are deleted after it (deleteOnExit runs in reverse).
        Path copy = Path.of(System.getProperty("java.io.tmpdir"), "jetty-" + ProcessHandle.current().pid());
        copy.toFile().deleteOnExit();
        copy.resolve(nativeFolder()).toFile().deleteOnExit();
        try {
            Class.forName(Quiche.class.getName(), true, Http3Listener.class.getClassLoader());
            return Optional.empty();
        } catch (ExceptionInInitializerError | NoClassDefFoundError | ClassNotFoundException e) {
            return Optional.of(library + " did not load: " + innermost(e).getMessage());
        }
    }

    /** Where Jetty's binding looks for the library: linux-x86-64, linux-aarch64, ... */
    private static String nativeFolder() {
        String arch = System.getProperty("os.arch");
        String os = System.getProperty("os.name").toLowerCase(java.util.Locale.ROOT);
        return (os.startsWith("linux") ? "linux" : os) + "-"
                + (arch.equals("amd64") || arch.equals("x86_64") ? "x86-64" : arch);
    }

    /** Jetty wraps the binding's failure as a suppressed exception of "no binding found". */
    private static Throwable innermost(Throwable e) {
        Throwable inner = e;
        while (true) {
            Throwable next = inner.getCause() != null ? inner.getCause()
                    : inner.getSuppressed().length > 0 ? inner.getSuppressed()[0] : null;
            if (next == null) {
                return inner;
            }
            inner = next;
        }
    }

    /**
     * quiche reads the key and certificate from PEM files, which Jetty writes from the key store
     * into this folder when the connector starts and deletes when it stops; the folder is the
     * process's own (owner-only, removed at exit).
     */
    private static Path pemWorkDirectory() {
        try {
            Path directory = Files.createTempDirectory("jetty-quic-pem");
            directory.toFile().deleteOnExit();
            return directory;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create a folder for quiche's PEM files", e);
        }
    }
}
