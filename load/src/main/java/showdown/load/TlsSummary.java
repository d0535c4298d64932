package showdown.load;

/**
 * What TLS did in the measured window (https runs only). The clock starts once every connection's
 * first handshake has ended, so with keep-alive the window's handshakes are those of reconnects,
 * and without it one per request. The version, cipher and protocol are those of the first
 * handshake, as h2load prints them; failures also count as connect errors in
 * {@link ErrorCounts}.
 *
 * @param engine              the TLS implementation: {@code OpenSSL} (BoringSSL) or {@code JDK}
 * @param version             the negotiated protocol version, e.g. {@code TLSv1.3}; null when no handshake succeeded
 * @param cipher              the negotiated cipher suite; null likewise
 * @param applicationProtocol what ALPN chose ({@code h2}, {@code http/1.1}); null when the server chose nothing
 * @param handshakes          handshakes that succeeded
 * @param resumed             of those, the ones that resumed an earlier session; -1 when the engine cannot tell
 * @param handshakeFailures   handshakes that failed (alerts, no common version or cipher, no ALPN h2, stalls)
 * @param certificateFailures handshakes whose certificate did not verify
 * @param notTlsFailures      connections whose server did not speak TLS
 */
public record TlsSummary(String engine, String version, String cipher, String applicationProtocol, long handshakes,
                         long resumed, long handshakeFailures, long certificateFailures, long notTlsFailures) {

    public long failures() {
        return handshakeFailures + certificateFailures + notTlsFailures;
    }

    /** The share of handshakes that resumed, or -1 when unknown or none. */
    public double resumedShare() {
        return resumed < 0 || handshakes == 0 ? -1 : (double) resumed / handshakes;
    }
}
