package showdown.harness.verify;

/**
 * One request and what came back: the response, or the error that prevented reading one. It keeps
 * the request's description, not its body, so a run's exchanges hold no 40 MB upload.
 *
 * @param request     the request as {@link RawRequest#describe()} names it
 * @param sent        the first bytes of the request as written (capped for large bodies)
 * @param sentLength  how many request bytes were written before the exchange ended
 * @param response    null when no complete response was read
 * @param error       why there is no response (or why the upload stopped early), else null
 * @param partialWire what was read of an incomplete response
 */
public record Exchange(String request, byte[] sent, long sentLength, RawResponse response, String error,
        byte[] partialWire) {

    /** How every client's error begins when the response did not end within its read timeout. */
    static final String NO_RESPONSE = "no complete response";

    /** The error of an exchange whose response did not end within {@code timeout}. */
    static String noResponseWithin(java.time.Duration timeout) {
        return NO_RESPONSE + " within " + timeout.toSeconds() + " s";
    }

    public boolean ok() {
        return response != null;
    }

    /** True when the server stalled: the response had not ended when the read timeout ran out. */
    boolean stalled() {
        return response == null && error != null && error.startsWith(NO_RESPONSE + " within ");
    }

    /** The request and response as on the wire, for a failure report. */
    public String trace() {
        StringBuilder out = new StringBuilder();
        out.append(WireTrace.format("> ", sent, sentLength, WireTrace.REQUEST_TRACE_BYTES));
        if (response != null) {
            out.append(WireTrace.format("< ", response.wire(), response.wireLength(), WireTrace.RESPONSE_TRACE_BYTES));
        } else {
            if (partialWire != null && partialWire.length > 0) {
                out.append(WireTrace.format("< ", partialWire, partialWire.length, WireTrace.RESPONSE_TRACE_BYTES));
            }
            out.append("  ! ").append(error).append('\n');
        }
        return out.toString();
    }
}
