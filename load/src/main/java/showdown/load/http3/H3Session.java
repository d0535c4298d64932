package showdown.load.http3;

import io.netty.handler.codec.quic.QuicChannel;
import io.netty.handler.codec.quic.QuicConnectionCloseEvent;
import io.netty.handler.codec.quic.QuicConnectionStats;
import io.netty.util.concurrent.Future;
import io.netty.util.concurrent.ScheduledFuture;
import showdown.load.QuicSummary;
import showdown.load.engine.InFlight;

/** One connection attempt and, once its handshake is done, the QUIC connection it made. */
final class H3Session {

    final long connectStartedAt;
    /** The requests in flight on this connection, and each one's stream handler by the same slot. */
    final InFlight inFlight;
    final H3Stream[] streams;
    /** The key of the next request stream in {@link #inFlight} (QUIC gives its id only once the stream exists). */
    long nextStreamKey;
    /** The QUIC connection, from the moment its channel exists: the handshake may still be under way. */
    QuicChannel quic;
    ScheduledFuture<?> handshakeTimer;
    /** Whether a request went as 0-RTT early data on this connection. */
    boolean earlyDataSent;
    boolean closedByUs;
    QuicConnectionCloseEvent closeEvent;
    /**
     * The server granted no unidirectional stream in its handshake (initial_max_streams_uni 0),
     * so the client cannot open HTTP/3's control stream, and Netty's HTTP/3 handler closes the
     * connection without a code (RFC 9114 §6.2 asks servers to grant at least 3).
     */
    boolean noUnidirectionalStream;

    H3Session(long connectStartedAt, int maxInFlight) {
        this.connectStartedAt = connectStartedAt;
        this.inFlight = new InFlight(maxInFlight);
        this.streams = new H3Stream[maxInFlight];
    }

    void discard() {
        closedByUs = true;
        if (handshakeTimer != null) {
            handshakeTimer.cancel(false);
        }
        if (quic != null) {
            quic.close();
        }
    }

    /**
     * Why its QUIC connection closed, as the close is counted: the server's code, an idle timeout,
     * no control stream granted, or no code at all.
     */
    String closeLabel() {
        return closeEvent != null ? QuicSummary.closeLabel(closeEvent.isApplicationClose(), closeEvent.error())
                : quic.isTimedOut() ? QuicSummary.IDLE_TIMEOUT
                : noUnidirectionalStream ? QuicSummary.NO_CONTROL_STREAM : QuicSummary.CLOSED_WITHOUT_CODE;
    }

    /** Whether its QUIC connection exists and is open. */
    boolean active() {
        return quic != null && quic.isActive();
    }

    /**
     * Whether the server sent this attempt any QUIC packet its connection took: a silent port,
     * or one that does not speak QUIC, is told apart from a handshake that timed out by it.
     * Asked while the connection lives (a closed one may have kept no counts).
     */
    boolean heardFrom() {
        if (quic == null) {
            return false;
        }
        Future<QuicConnectionStats> stats = quic.collectStats(); // done at once on the connection's loop
        return stats.isSuccess() && stats.getNow() != null && stats.getNow().recv() > 0;
    }
}
