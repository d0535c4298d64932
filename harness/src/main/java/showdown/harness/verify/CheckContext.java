package showdown.harness.verify;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import javax.net.ssl.SSLContext;

/**
 * What the checks of one target share: where it listens, which scenarios it declares, a random
 * source for the bodies and captures, and every exchange made (the header checks read them all).
 */
final class CheckContext {

    private final String host;
    private final int port;
    private final String readyPath;
    private final Set<String> declaredScenarios;
    private final SplittableRandom random;
    private final List<Exchange> exchanges = new ArrayList<>();
    /** The first stalled exchange of the check running on this thread (checks beside the others run on their own). */
    private final ThreadLocal<Exchange> stall = new ThreadLocal<>();
    /** Null for cleartext; else every HTTP/1.1 connection speaks TLS (HTTP/1.1 by ALPN) first. */
    private final SSLContext tls;
    /** Null over HTTP/1.1; else every request goes as a stream over HTTP/2 (h2c, h2-tls) or HTTP/3 (h3), as the client was made. */
    private final StreamClient streams;

    CheckContext(String host, int port, String readyPath, Set<String> declaredScenarios, long seed) {
        this(host, port, readyPath, declaredScenarios, seed, (SSLContext) null);
    }

    CheckContext(String host, int port, String readyPath, Set<String> declaredScenarios, long seed, SSLContext tls) {
        this(host, port, readyPath, declaredScenarios, seed, tls, null);
    }

    /**
     * Checks over HTTP/2 or HTTP/3: every request on {@code streams}'s connections (h2c, h2-tls on the
     * TLS port, or h3 on the UDP port of that number).
     */
    CheckContext(String host, int port, String readyPath, Set<String> declaredScenarios, long seed, StreamClient streams) {
        this(host, port, readyPath, declaredScenarios, seed, null, streams);
    }

    private CheckContext(String host, int port, String readyPath, Set<String> declaredScenarios, long seed, SSLContext tls,
            StreamClient streams) {
        this.tls = tls;
        this.streams = streams;
        this.host = host;
        this.port = port;
        this.readyPath = readyPath;
        this.declaredScenarios = Set.copyOf(declaredScenarios);
        this.random = new SplittableRandom(seed);
    }

    String readyPath() {
        return readyPath;
    }

    boolean declares(String scenario) {
        return declaredScenarios.contains(scenario);
    }

    SplittableRandom random() {
        return random;
    }

    /** True when the requests go as streams, over HTTP/2 or HTTP/3 (the checks of HTTP/1.1 alone are then not applicable). */
    boolean streams() {
        return streams != null;
    }

    /** The HTTP version spoken: {@code HTTP/1.1}, {@code HTTP/2} or {@code HTTP/3}. */
    String version() {
        return streams == null ? "HTTP/1.1" : streams.version();
    }

    /** A new HTTP/1.1 connection; an {@code IOException} means nothing listens (the check fails). */
    RawConnection open() throws IOException {
        if (streams != null) {
            throw new IllegalStateException("an HTTP/1.1 connection asked for in a check over " + streams.version());
        }
        return RawConnection.open(host, port, tls);
    }

    /**
     * A new HTTP/2 connection (preface and SETTINGS exchanged) or HTTP/3 one (QUIC handshake done);
     * {@code IOException} when that fails.
     */
    StreamConnection openStreams() throws IOException {
        if (streams == null) {
            throw new IllegalStateException("a connection for streams asked for in a check over HTTP/1.1");
        }
        return streams.connect(host, port, 0, Duration.ZERO);
    }

    /** One request on a fresh connection, recorded for the header checks. */
    Exchange send(RawRequest request) {
        return send(request, 0, Duration.ZERO);
    }

    /** One request written in fragments on a fresh connection, recorded for the header checks. */
    Exchange send(RawRequest request, int fragmentBytes, Duration pause) {
        if (streams != null) {
            // Over HTTP/2 and HTTP/3 the fragments are of the request's frames (HEADERS, DATA); the preface,
            // the handshake and HTTP/3's control streams go whole.
            try (StreamConnection c = streams.connect(host, port, fragmentBytes, pause)) {
                return record(c.exchange(request));
            } catch (IOException e) {
                return record(new Exchange(request.describe(), new byte[0], 0, null,
                        "cannot open an " + streams.version() + " connection to " + host + ":" + port + ": " + e.getMessage(), null));
            }
        }
        try (RawConnection c = open()) {
            return record(c.exchange(request, fragmentBytes, pause));
        } catch (IOException e) {
            return record(new Exchange(request.describe(), new byte[0], 0, null, "cannot connect to " + host + ":" + port + ": " + e.getMessage(), null));
        }
    }

    Exchange record(Exchange e) {
        synchronized (exchanges) {
            exchanges.add(e);
        }
        if (e.stalled() && stall.get() == null) {
            stall.set(e);
        }
        return e;
    }

    /** The first stalled exchange recorded on this thread since the last call, or null; forgets it. */
    Exchange takeStall() {
        Exchange first = stall.get();
        stall.remove();
        return first;
    }

    List<Exchange> exchanges() {
        synchronized (exchanges) {
            return List.copyOf(exchanges);
        }
    }

    /** Random bytes that surely hold a NUL and an invalid UTF-8 sequence (when long enough). */
    byte[] binaryBody(int length) {
        byte[] body = new byte[length];
        random.nextBytes(body);
        byte[] poison = {0, (byte) 0xC3, 0x28, (byte) 0xFF, (byte) 0xFE, 0, '\r', '\n', 0};
        System.arraycopy(poison, 0, body, 0, Math.min(poison.length, length));
        return body;
    }

    String randomAlphanumeric(int length) {
        String alphabet = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
        StringBuilder s = new StringBuilder(length);
        for (int i = 0; i < length; i++) {
            s.append(alphabet.charAt(random.nextInt(alphabet.length())));
        }
        return s.toString();
    }
}
