package showdown.harness.verify;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.http2.AbstractHttp2ConnectionHandlerBuilder;
import io.netty.handler.codec.http2.Http2ConnectionAdapter;
import io.netty.handler.codec.http2.Http2ConnectionDecoder;
import io.netty.handler.codec.http2.Http2ConnectionEncoder;
import io.netty.handler.codec.http2.Http2ConnectionHandler;
import io.netty.handler.codec.http2.Http2Error;
import io.netty.handler.codec.http2.Http2Exception;
import io.netty.handler.codec.http2.Http2FrameAdapter;
import io.netty.handler.codec.http2.Http2Headers;
import io.netty.handler.codec.http2.Http2Settings;
import io.netty.handler.codec.http2.Http2Stream;
import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Map.Entry;
import java.util.concurrent.CompletableFuture;

/**
 * Netty's HTTP/2 connection handler for the verifier's client, with a frame listener that turns each
 * stream's frames into a {@link RawResponse}. Header validation is off on purpose: Netty would
 * refuse a {@code connection} header, an upper-case name or a missing {@code :status} with a bare
 * stream error, where the verifier wants to see them and name the rule in its own row. Everything
 * here runs on the channel's event loop; the results leave through futures.
 */
final class Http2ClientHandler extends Http2ConnectionHandler {

    /** Our stream receive window: wide, so a 1 MiB echo is not held up by WINDOW_UPDATE round trips. */
    static final int INITIAL_WINDOW_BYTES = 1 << 20;
    /**
     * Our connection receive window, opened by a WINDOW_UPDATE right after the preface (SETTINGS
     * cannot widen it): as wide as h2load's and the load engine's. Left at the protocol's 65,535
     * bytes, a server had to wait for our WINDOW_UPDATE after every 64 KiB of an echo; Tomcat once
     * stopped there for good and closed the connection.
     */
    static final int CONNECTION_WINDOW_BYTES = (1 << 30) - 1;

    /** Completes when the server's first SETTINGS frame arrives (its half of the connection preface). */
    final CompletableFuture<Void> settings = new CompletableFuture<>();
    private final Map<Integer, StreamState> streams = new HashMap<>();
    private String goAway; // what a GOAWAY from the server said, for the errors of the streams it ends
    private String connectionError;
    private boolean connectionWindowOpened;

    private Http2ClientHandler(Http2ConnectionDecoder decoder, Http2ConnectionEncoder encoder, Http2Settings initialSettings) {
        super(decoder, encoder, initialSettings);
        connection().addListener(new Http2ConnectionAdapter() {
            @Override
            public void onStreamClosed(Http2Stream stream) {
                StreamState s = streams.remove(stream.id());
                if (s != null) {
                    s.fail("the stream closed before the response ended" + (goAway == null ? "" : " (" + goAway + ")"));
                }
            }
        });
    }

    static Http2ClientHandler create() {
        return new Builder().build();
    }

    /** One stream's response as it arrives. */
    static final class StreamState {
        final int id;
        final CompletableFuture<RawResponse> response = new CompletableFuture<>();
        final Http2Trace trace = new Http2Trace(ResponseReader.WIRE_CAPTURE_BYTES);
        private List<RawResponse.Header> head; // the final (non-1xx) header block
        private final ByteArrayOutputStream body = new ByteArrayOutputStream();
        private String error; // set by a stream error of our own codec, before it resets the stream

        StreamState(int id) {
            this.id = id;
        }

        void fail(String why) {
            response.completeExceptionally(new Http2Failure(error != null ? error : why, trace));
        }

        private void complete() {
            response.complete(new RawResponse("HTTP/2", status(head), "", head, body.toByteArray(), false, trace.bytes(),
                    trace.length()));
        }

        /** The {@code :status} as a number; 0 when it is missing or not three digits (a check names that). */
        static int status(List<RawResponse.Header> headers) {
            for (RawResponse.Header h : headers) {
                if (h.name().equals(":status")) {
                    return h.value().matches("[1-5][0-9][0-9]") ? Integer.parseInt(h.value()) : 0;
                }
            }
            return 0;
        }
    }

    /** Why a stream ended without a response, with the frames it got. */
    static final class Http2Failure extends RuntimeException {
        final transient Http2Trace trace;

        Http2Failure(String message, Http2Trace trace) {
            super(message, null, false, false);
            this.trace = trace;
        }
    }

    /** Registers a stream about to be opened (on the event loop, before its HEADERS go out). */
    StreamState expect(int streamId) {
        StreamState s = new StreamState(streamId);
        if (connectionError != null || goAway != null) {
            s.fail(connectionError != null ? connectionError : goAway);
        } else {
            streams.put(streamId, s);
        }
        return s;
    }

    @Override
    public void handlerAdded(ChannelHandlerContext ctx) throws Exception {
        super.handlerAdded(ctx); // on an active channel (h2-tls, after ALPN) this sends the preface
        if (ctx.channel().isActive()) {
            openConnectionWindow(ctx);
        }
    }

    @Override
    public void channelActive(ChannelHandlerContext ctx) throws Exception {
        super.channelActive(ctx); // h2c: the preface goes out here
        openConnectionWindow(ctx);
    }

    /** Once, after the preface: widens the connection window from the protocol's default. */
    private void openConnectionWindow(ChannelHandlerContext ctx) throws Http2Exception {
        if (connectionWindowOpened) {
            return;
        }
        connectionWindowOpened = true;
        Http2Stream connectionStream = connection().connectionStream();
        int delta = CONNECTION_WINDOW_BYTES - decoder().flowController().initialWindowSize(connectionStream);
        decoder().flowController().incrementWindowSize(connectionStream, delta);
        ctx.flush();
    }

    boolean goingAway() {
        return goAway != null || connectionError != null;
    }

    @Override
    protected void onStreamError(ChannelHandlerContext ctx, boolean outbound, Throwable cause,
            Http2Exception.StreamException streamException) {
        StreamState s = streams.get(streamException.streamId());
        if (s != null && s.error == null) {
            s.error = "the response broke HTTP/2 (" + streamException.error() + "): " + streamException.getMessage();
        }
        super.onStreamError(ctx, outbound, cause, streamException);
    }

    @Override
    protected void onConnectionError(ChannelHandlerContext ctx, boolean outbound, Throwable cause, Http2Exception http2Ex) {
        if (connectionError == null) {
            String what = http2Ex != null ? http2Ex.error() + ": " + http2Ex.getMessage() : String.valueOf(cause.getMessage());
            connectionError = "the connection broke HTTP/2 (" + what + ")";
        }
        failAll(connectionError);
        super.onConnectionError(ctx, outbound, cause, http2Ex);
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) throws Exception {
        String why = connectionError != null ? connectionError
                : "the server closed the connection" + (goAway == null ? "" : " (" + goAway + ")");
        settings.completeExceptionally(new Http2Failure(why, null));
        failAll(why);
        super.channelInactive(ctx);
    }

    private void failAll(String why) {
        settings.completeExceptionally(new Http2Failure(why, null));
        for (StreamState s : List.copyOf(streams.values())) {
            s.fail(why);
        }
        streams.clear();
    }

    /** Collects each stream's frames. */
    private final class Listener extends Http2FrameAdapter {

        @Override
        public void onSettingsRead(ChannelHandlerContext ctx, Http2Settings settings) {
            Http2ClientHandler.this.settings.complete(null);
        }

        @Override
        public void onHeadersRead(ChannelHandlerContext ctx, int streamId, Http2Headers headers, int padding, boolean endOfStream) {
            StreamState s = streams.get(streamId);
            if (s == null) {
                return;
            }
            s.trace.headers(streamId, headers, endOfStream);
            if (s.head == null) {
                List<RawResponse.Header> block = new ArrayList<>();
                for (Entry<CharSequence, CharSequence> h : headers) {
                    block.add(new RawResponse.Header(h.getKey().toString(), h.getValue().toString()));
                }
                int status = StreamState.status(block);
                if (status >= 100 && status < 200 && !endOfStream) {
                    return; // an interim response (100 Continue, 103 Early Hints): the final one follows
                }
                s.head = block;
            } // else trailers: only in the trace
            if (endOfStream) {
                streams.remove(streamId);
                s.complete();
            }
        }

        @Override
        public void onHeadersRead(ChannelHandlerContext ctx, int streamId, Http2Headers headers, int streamDependency,
                short weight, boolean exclusive, int padding, boolean endOfStream) {
            onHeadersRead(ctx, streamId, headers, padding, endOfStream);
        }

        @Override
        public int onDataRead(ChannelHandlerContext ctx, int streamId, ByteBuf data, int padding, boolean endOfStream) {
            int processed = data.readableBytes() + padding; // handed back at once: Netty sends the WINDOW_UPDATEs
            StreamState s = streams.get(streamId);
            if (s == null) {
                return processed;
            }
            s.trace.data(streamId, data, endOfStream);
            if (s.head == null) {
                streams.remove(streamId);
                s.fail("DATA before the response's HEADERS");
                return processed;
            }
            if (s.body.size() + (long) data.readableBytes() > ResponseReader.MAX_BODY_BYTES) {
                streams.remove(streamId);
                s.fail("status " + StreamState.status(s.head) + " with a body over " + ResponseReader.MAX_BODY_BYTES
                        + " bytes (the verifier stops reading there)");
                resetStream(ctx, streamId, Http2Error.CANCEL.code(), ctx.newPromise());
                ctx.channel().flush();
                return processed;
            }
            byte[] bytes = new byte[data.readableBytes()];
            data.getBytes(data.readerIndex(), bytes);
            s.body.writeBytes(bytes);
            if (endOfStream) {
                streams.remove(streamId);
                s.complete();
            }
            return processed;
        }

        @Override
        public void onRstStreamRead(ChannelHandlerContext ctx, int streamId, long errorCode) {
            StreamState s = streams.remove(streamId);
            if (s != null) {
                s.trace.reset(streamId, errorCode);
                s.fail("the server reset the stream (" + Http2Trace.errorName(errorCode) + ") before the response ended"
                        + (s.head == null ? "" : ", after :status " + StreamState.status(s.head)));
            }
        }

        @Override
        public void onGoAwayRead(ChannelHandlerContext ctx, int lastStreamId, long errorCode, ByteBuf debugData) {
            String debug = debugData.readableBytes() == 0 ? ""
                    : ": " + WireTrace.excerpt(ByteBufUtil.getBytes(debugData), 120);
            goAway = "GOAWAY " + Http2Trace.errorName(errorCode) + ", last stream " + lastStreamId + debug;
        }
    }

    private static final class Builder extends AbstractHttp2ConnectionHandlerBuilder<Http2ClientHandler, Builder> {

        Builder() {
            server(false);
            validateHeaders(false);
            validateRequiredPseudoHeaders(false);
            initialSettings(new Http2Settings().pushEnabled(false).initialWindowSize(INITIAL_WINDOW_BYTES));
            gracefulShutdownTimeoutMillis(0); // close() closes now: the verifier is done with the connection
        }

        @Override
        public Http2ClientHandler build() {
            return super.build();
        }

        @Override
        protected Http2ClientHandler build(Http2ConnectionDecoder decoder, Http2ConnectionEncoder encoder,
                Http2Settings initialSettings) {
            Http2ClientHandler h = new Http2ClientHandler(decoder, encoder, initialSettings);
            frameListener(h.new Listener()); // the builder hands it to the decoder once this returns
            return h;
        }
    }
}
