package showdown.load;

/**
 * Errors by kind, as wrk counts them plus the kinds wrk folds away.
 *
 * @param connect  connection attempts that failed
 * @param read     connections that failed or were closed by the server while requests were in flight
 * @param write    writes that failed
 * @param timeout  requests with no complete response within the timeout (their connection is closed)
 * @param status   complete responses whose status was not 2xx or 3xx
 * @param protocol responses that broke the protocol: HTTP/1.1 bytes that could not be parsed or an
 *                 HTTP/2 frame that broke the framing (their connection is closed), or an HTTP/2
 *                 response without a valid {@code :status} (only its stream is lost)
 */
public record ErrorCounts(long connect, long read, long write, long timeout, long status, long protocol) {

    public static final ErrorCounts NONE = new ErrorCounts(0, 0, 0, 0, 0, 0);

    /** Errors that cost a request: everything but {@code status}, which still completed. */
    public long socketErrors() {
        return connect + read + write + timeout + protocol;
    }

    /** Requests sent and lost: read, write, timeout and protocol errors (a connect error sent nothing). */
    public long lostRequests() {
        return read + write + timeout + protocol;
    }

    public long total() {
        return socketErrors() + status;
    }

    public ErrorCounts plus(ErrorCounts o) {
        return new ErrorCounts(connect + o.connect, read + o.read, write + o.write,
                timeout + o.timeout, status + o.status, protocol + o.protocol);
    }
}
