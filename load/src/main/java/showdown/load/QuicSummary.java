package showdown.load;

import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * What QUIC did in the measured window (HTTP/3 runs only), beside the {@link TlsSummary} of its
 * handshakes. Each kind is also counted in {@link ErrorCounts}: a silent port as a connect error, a
 * reset stream as a read error of its request, and a connection the server closed as read errors
 * of the requests it had in flight.
 *
 * @param noAnswer      connection attempts that got no datagram back within the timeout (nothing
 *                      serves QUIC on that UDP port, or the port is closed)
 * @param streamResets  request streams the server reset (RESET_STREAM) before its answer ended
 * @param closes        connections the server closed (CONNECTION_CLOSE), by error code: {@code h3 0x…}
 *                      for an HTTP/3 (application) code, {@code quic 0x…} for a transport one; and
 *                      those that ended otherwise while in use, by {@link #IDLE_TIMEOUT},
 *                      {@link #NO_CONTROL_STREAM} or {@link #CLOSED_WITHOUT_CODE}
 * @param earlyData     requests sent as 0-RTT early data ({@code --early-data}), and how their handshakes ended
 */
public record QuicSummary(long noAnswer, long streamResets, SortedMap<String, Long> closes, EarlyData earlyData) {

    /**
     * Requests sent as 0-RTT early data, before their connection's handshake ended: {@code accepted}
     * when that handshake resumed the session (the server read them as sent), {@code rejected} when it
     * ended as a full one (the server discarded the early data; QUIC sent the request again in 1-RTT
     * packets). Sent and not in either: the handshake failed, or ended after the window.
     */
    public record EarlyData(long sent, long accepted, long rejected) {
        public static final EarlyData NONE = new EarlyData(0, 0, 0);
    }

    public QuicSummary {
        closes = java.util.Collections.unmodifiableSortedMap(new TreeMap<>(closes));
    }

    /** Connections the server closed, whatever the code. */
    public long closed() {
        long n = 0;
        for (Map.Entry<String, Long> e : closes.entrySet()) {
            n += e.getValue();
        }
        return n;
    }

    /** A close by QUIC's idle timer. */
    public static final String IDLE_TIMEOUT = "idle timeout";
    /**
     * The server's handshake granted no unidirectional stream, so HTTP/3's control stream could not
     * be opened and the client's HTTP/3 layer closed the connection.
     */
    public static final String NO_CONTROL_STREAM = "no control stream (server grants 0 unidirectional streams)";
    /** Closed with neither a code from the server nor the idle timer (a stateless reset, say). */
    public static final String CLOSED_WITHOUT_CODE = "closed";

    /** How a close's code is named in {@link #closes}. */
    public static String closeLabel(boolean application, long code) {
        return (application ? "h3 0x" : "quic 0x") + Long.toHexString(code);
    }
}
