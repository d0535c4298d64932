package showdown.load.http3;

import showdown.load.stats.WorkerStats;
import showdown.load.tls.TlsFailure;

/** Why an attempt to open an HTTP/3 connection failed, as it is counted (a connect error). */
enum H3ConnectFailure {
    /** The UDP socket could not be bound. */
    SOCKET,
    /** No datagram came back within the timeout. */
    NO_ANSWER,
    HANDSHAKE,
    CERTIFICATE;

    /**
     * A handshake that failed with {@code cause}: a failure the server caused (an alert, a
     * CONNECTION_CLOSE) came from it; a timeout on an {@code attempt} the server never answered is
     * silence (asked only of a timeout).
     */
    static H3ConnectFailure ofHandshake(Throwable cause, H3Session attempt) {
        if (QuicCauses.isTimeout(cause) && !attempt.heardFrom()) {
            return NO_ANSWER;
        }
        return TlsFailure.of(cause) == TlsFailure.CERTIFICATE ? CERTIFICATE : HANDSHAKE;
    }

    /** Counts this failure in {@code stats}. */
    void count(WorkerStats stats) {
        switch (this) {
            case SOCKET -> stats.connectFailed();
            case NO_ANSWER -> stats.quicNoAnswer();
            case HANDSHAKE -> stats.tlsFailed(TlsFailure.HANDSHAKE);
            case CERTIFICATE -> stats.tlsFailed(TlsFailure.CERTIFICATE);
        }
    }
}
