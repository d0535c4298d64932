package showdown.harness.targets;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * How the harness speaks to a target (docs/targets.md, "Protocols"): cleartext HTTP/1.1 on
 * {@code PORT}, HTTP/2 with prior knowledge on the same port, HTTP/1.1 or HTTP/2 over TLS on
 * {@code TLS_PORT}, or HTTP/3 over QUIC on the same port number over UDP. Every target serves
 * {@link #H1}; the others only when its manifest declares them.
 */
public enum Protocol {
    H1("h1", false, false, false),
    H2C("h2c", false, true, false),
    H1_TLS("h1-tls", true, false, false),
    H2_TLS("h2-tls", true, true, false),
    H3("h3", true, false, true);

    private final String id;
    private final boolean tls;
    private final boolean http2;
    private final boolean http3;

    Protocol(String id, boolean tls, boolean http2, boolean http3) {
        this.id = id;
        this.tls = tls;
        this.http2 = http2;
        this.http3 = http3;
    }

    /**
     * The name manifests, scenarios, profiles and results use: {@code h1}, {@code h2c}, {@code h1-tls},
     * {@code h2-tls}, {@code h3}.
     */
    public String id() {
        return id;
    }

    /**
     * True when it is spoken on {@code TLS_PORT} with the run's certificate: after a TLS handshake
     * over TCP, or (h3) a QUIC handshake over UDP.
     */
    public boolean tls() {
        return tls;
    }

    /** True when it is HTTP/2. */
    public boolean http2() {
        return http2;
    }

    /** True when it is HTTP/3: QUIC on the UDP port numbered {@code TLS_PORT}. */
    public boolean http3() {
        return http3;
    }

    /** True when a connection carries requests as concurrent streams (HTTP/2, HTTP/3), not one after another. */
    public boolean streams() {
        return http2 || http3;
    }

    /** Every id, in declaration order, for messages. */
    public static List<String> ids() {
        return Arrays.stream(values()).map(Protocol::id).toList();
    }

    /** The protocol with this id; {@code IllegalArgumentException} with a one-line message otherwise. */
    public static Protocol of(String id) {
        String s = id == null ? "" : id.strip().toLowerCase(Locale.ROOT);
        for (Protocol p : values()) {
            if (p.id.equals(s)) {
                return p;
            }
        }
        throw new IllegalArgumentException("unknown protocol '" + id + "' (known: " + String.join(", ", ids()) + ")");
    }

    @Override
    public String toString() {
        return id;
    }
}
