package showdown.load;

import org.HdrHistogram.Histogram;

/**
 * The sockets opened in the measured window: how many, and how long each took from the connect
 * call until it could send (the TCP connect, plus the TLS handshake on https). With keep-alive
 * these are only reconnects; with {@code --no-keepalive} one per request, so {@code opened} per
 * second is the connection (and handshake) rate.
 *
 * @param opened       sockets that became ready to send in the window
 * @param setupLatency connect call to ready, in nanoseconds
 * @param tls          what TLS did; null for http
 * @param quic         what QUIC did (HTTP/3); null for TCP
 */
public record ConnectionStats(long opened, Histogram setupLatency, TlsSummary tls, QuicSummary quic) {

    public ConnectionStats(long opened, Histogram setupLatency, TlsSummary tls) {
        this(opened, setupLatency, tls, null);
    }

    public static ConnectionStats none() {
        return new ConnectionStats(0, new Histogram(3), null, null);
    }
}
