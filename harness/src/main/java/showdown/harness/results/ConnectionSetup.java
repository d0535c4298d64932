package showdown.harness.results;

import java.util.SortedMap;
import java.util.TreeMap;
import showdown.load.ConnectionStats;
import showdown.load.QuicSummary;
import showdown.load.TlsSummary;

/**
 * *2*: the connections the load generator set up in one case's measured window, and what TLS and
 * QUIC did for them. With keep-alive these are only reconnects; with {@code --no-keepalive} one
 * per request. A case measured on other hosts carries the merge of its load agents' figures, built
 * here from the same {@link ConnectionStats} as a local case's.
 *
 * @param opened          connections that became ready to send in the window
 * @param setupP50Micros  the median time from the connect call to ready (TCP, plus TLS or QUIC's handshake)
 * @param setupP99Micros  its 99th percentile
 * @param tls             the handshakes; null for a case without TLS
 * @param quic            what QUIC did; null for a case not on HTTP/3
 */
public record ConnectionSetup(long opened, double setupP50Micros, double setupP99Micros, Tls tls, Quic quic) {

    private static final double NANOS_PER_MICRO = 1_000.0;

    /**
     * TLS's part: the handshakes of the window (those of the warm-up are not counted).
     *
     * @param engine              {@code OpenSSL} (BoringSSL) or {@code JDK}
     * @param version             the negotiated version of the first handshake; null when none succeeded
     * @param cipher              its cipher suite; null likewise
     * @param applicationProtocol what ALPN chose; null when the server chose nothing
     * @param handshakes          handshakes that succeeded
     * @param resumed             of those, the ones that resumed a session; -1 when the engine cannot tell
     * @param failures            handshakes that failed, whatever the reason (also counted as connect errors)
     */
    public record Tls(String engine, String version, String cipher, String applicationProtocol, long handshakes,
                      long resumed, long failures) {

        static Tls of(TlsSummary t) {
            return t == null ? null : new Tls(t.engine(), t.version(), t.cipher(), t.applicationProtocol(),
                    t.handshakes(), t.resumed(), t.failures());
        }
    }

    /**
     * QUIC's part (HTTP/3).
     *
     * @param noAnswer          connection attempts that got no datagram back
     * @param streamResets      request streams the server reset before its answer ended
     * @param closes            connections closed while in use, by reason ({@code h3 0x…}, {@code quic 0x…},
     *                          {@code idle timeout}, ...)
     * @param earlyDataSent     requests sent as 0-RTT early data
     * @param earlyDataAccepted of those, the ones whose handshake resumed (the server read them as sent)
     * @param earlyDataRejected of those, the ones whose handshake was a full one (sent again in 1-RTT)
     */
    public record Quic(long noAnswer, long streamResets, SortedMap<String, Long> closes, long earlyDataSent,
                       long earlyDataAccepted, long earlyDataRejected) {

        public Quic {
            closes = closes == null ? new TreeMap<>() : new TreeMap<>(closes);
        }

        static Quic of(QuicSummary q) {
            if (q == null) {
                return null;
            }
            QuicSummary.EarlyData early = q.earlyData() == null ? QuicSummary.EarlyData.NONE : q.earlyData();
            return new Quic(q.noAnswer(), q.streamResets(), q.closes(), early.sent(), early.accepted(), early.rejected());
        }
    }

    /** The case's connection set-up, from what the load engine (or the merge of the load agents) measured. */
    public static ConnectionSetup of(ConnectionStats c) {
        if (c == null) {
            return null;
        }
        var setup = c.setupLatency();
        boolean any = setup != null && setup.getTotalCount() > 0;
        return new ConnectionSetup(c.opened(),
                any ? setup.getValueAtPercentile(50) / NANOS_PER_MICRO : 0,
                any ? setup.getValueAtPercentile(99) / NANOS_PER_MICRO : 0,
                Tls.of(c.tls()), Quic.of(c.quic()));
    }
}
