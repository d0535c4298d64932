package showdown.harness.verify;

import java.io.IOException;
import java.time.Duration;

/**
 * The verifier's client for a protocol that carries requests as streams of one connection: HTTP/2
 * ({@link Http2Client}) or HTTP/3 ({@link Http3Client}). Closing it ends every connection it opened.
 */
interface StreamClient extends AutoCloseable {

    /** The HTTP version it speaks, for messages: {@code HTTP/2} or {@code HTTP/3}. */
    String version();

    /**
     * A new connection, ready for streams. With {@code fragmentBytes > 0} the bytes of every request's
     * frames (HEADERS, DATA) go out in pieces that small, {@code pause} apart.
     */
    StreamConnection connect(String host, int port, int fragmentBytes, Duration pause) throws IOException;

    @Override
    void close();
}
