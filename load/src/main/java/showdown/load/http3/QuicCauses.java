package showdown.load.http3;

import io.netty.channel.ConnectTimeoutException;
import io.netty.handler.codec.quic.QuicStreamResetException;
import io.netty.handler.codec.quic.QuicTimeoutClosedChannelException;

/** What a QUIC failure was, read from its cause chain. */
final class QuicCauses {

    private QuicCauses() {
    }

    /** The connection timed out (an idle timeout, or a connect that got nothing back). */
    static boolean isTimeout(Throwable cause) {
        return causedBy(cause, QuicTimeoutClosedChannelException.class) || causedBy(cause, ConnectTimeoutException.class);
    }

    /** The server reset the stream. */
    static boolean isReset(Throwable cause) {
        return causedBy(cause, QuicStreamResetException.class);
    }

    /** Whether {@code cause}, or one of the causes in its chain, is a {@code kind}. */
    private static boolean causedBy(Throwable cause, Class<? extends Throwable> kind) {
        for (Throwable t = cause; t != null; t = t.getCause()) {
            if (kind.isInstance(t)) {
                return true;
            }
        }
        return false;
    }
}
