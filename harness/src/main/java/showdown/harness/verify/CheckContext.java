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
    /** Null for cleartext; else every HTTP/1.1 connection speaks TLS (HTTP/1.1 by ALPN) first. */
    private final SSLContext tls;
    /** Null over HTTP/1.1; else every request goes over HTTP/2 (h2c or h2-tls, as the client was made). */
    private final Http2Client http2;

    CheckContext(String host, int port, String readyPath, Set<String> declaredScenarios, long seed) {
        this(host, port, readyPath, declaredScenarios, seed, (SSLContext) null);
    }

    CheckContext(String host, int port, String readyPath, Set<String> declaredScenarios, long seed, SSLContext tls) {
        this(host, port, readyPath, declaredScenarios, seed, tls, null);
    }

    /** Checks over HTTP/2: every request on {@code http2}'s connections (h2c, or h2-tls on the TLS port). */
    CheckContext(String host, int port, String readyPath, Set<String> declaredScenarios, long seed, Http2Client http2) {
        this(host, port, readyPath, declaredScenarios, seed, null, http2);
    }

    private CheckContext(String host, int port, String readyPath, Set<String> declaredScenarios, long seed, SSLContext tls,
            Http2Client http2) {
        this.tls = tls;
        this.http2 = http2;
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

    /** True when the requests go over HTTP/2 (the checks of HTTP/1.1 alone are then not applicable). */
    boolean http2() {
        return http2 != null;
    }

    /** A new HTTP/1.1 connection; an {@code IOException} means nothing listens (the check fails). */
    RawConnection open() throws IOException {
        if (http2 != null) {
            throw new IllegalStateException("an HTTP/1.1 connection asked for in a check over HTTP/2");
        }
        return RawConnection.open(host, port, tls);
    }

    /** A new HTTP/2 connection, its preface and SETTINGS exchanged; {@code IOException} when that fails. */
    Http2ClientConnection openHttp2() throws IOException {
        if (http2 == null) {
            throw new IllegalStateException("an HTTP/2 connection asked for in a check over HTTP/1.1");
        }
        return http2.connect(host, port, 0, Duration.ZERO);
    }

    /** One request on a fresh connection, recorded for the header checks. */
    Exchange send(RawRequest request) {
        return send(request, 0, Duration.ZERO);
    }

    /** One request written in fragments on a fresh connection, recorded for the header checks. */
    Exchange send(RawRequest request, int fragmentBytes, Duration pause) {
        if (http2 != null) {
            // Over HTTP/2 the fragments are of the request's frames (HEADERS, DATA); the preface goes whole.
            try (Http2ClientConnection c = http2.connect(host, port, fragmentBytes, pause)) {
                return record(c.exchange(request));
            } catch (IOException e) {
                return record(new Exchange(request.describe(), new byte[0], 0, null,
                        "cannot open an HTTP/2 connection to " + host + ":" + port + ": " + e.getMessage(), null));
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
        return e;
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
