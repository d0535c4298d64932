package showdown.harness.results;

import showdown.load.ErrorCounts;

/**
 * Errors of one case by kind, as counts. Kept separate from the load engine's own type so that the
 * results schema changes only when we decide it should.
 *
 * @param connect  connection attempts that failed
 * @param read     connections that failed or were closed by the server with requests in flight
 * @param write    writes that failed
 * @param timeout  requests with no complete response within the timeout
 * @param status   complete responses whose status was not 2xx or 3xx
 * @param protocol responses that could not be parsed
 */
public record Errors(long connect, long read, long write, long timeout, long status, long protocol) {

    public static final Errors NONE = new Errors(0, 0, 0, 0, 0, 0);

    public static Errors from(ErrorCounts counts) {
        return counts == null ? NONE
                : new Errors(counts.connect(), counts.read(), counts.write(), counts.timeout(), counts.status(),
                        counts.protocol());
    }

    public long total() {
        return connect + read + write + timeout + status + protocol;
    }
}
