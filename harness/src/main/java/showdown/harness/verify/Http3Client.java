package showdown.harness.verify;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import showdown.harness.targets.Http3Dialer;

/**
 * The verifier's HTTP/3 client for the checks over h3: QUIC on the target's UDP port numbered
 * {@code TLS_PORT}, ALPN {@code h3}, trusting only the run's certificate ({@link Http3Dialer}).
 * Closing it stops its event loop (and with it any connection a check left open).
 */
final class Http3Client implements StreamClient {

    /** Bounds the QUIC handshake, as the HTTP/2 client bounds its TLS handshake and SETTINGS. */
    static final Duration HANDSHAKE_TIMEOUT = Duration.ofSeconds(10);

    private final Http3Dialer dialer;

    private Http3Client(Http3Dialer dialer) {
        this.dialer = dialer;
    }

    /**
     * Trusting only the PEM certificate in {@code certFile}.
     *
     * @throws showdown.harness.targets.TargetException when Netty's native QUIC library does not load here
     */
    static Http3Client trusting(Path certFile) {
        return new Http3Client(Http3Dialer.trusting(certFile));
    }

    @Override
    public String version() {
        return "HTTP/3";
    }

    @Override
    public Http3ClientConnection connect(String host, int port, int fragmentBytes, Duration pause) throws IOException {
        return new Http3ClientConnection(dialer.connect(host, port, HANDSHAKE_TIMEOUT), host + ":" + port, fragmentBytes,
                pause);
    }

    @Override
    public void close() {
        dialer.close();
    }
}
