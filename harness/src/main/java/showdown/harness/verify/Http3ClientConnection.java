package showdown.harness.verify;

import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.http3.DefaultHttp3DataFrame;
import io.netty.handler.codec.http3.DefaultHttp3HeadersFrame;
import io.netty.handler.codec.http3.Http3;
import io.netty.handler.codec.http3.Http3DataFrame;
import io.netty.handler.codec.http3.Http3ErrorCode;
import io.netty.handler.codec.http3.Http3Exception;
import io.netty.handler.codec.http3.Http3HeadersValidationException;
import io.netty.handler.codec.http3.QpackException;
import io.netty.handler.codec.http3.Http3Headers;
import io.netty.handler.codec.http3.Http3HeadersFrame;
import io.netty.handler.codec.http3.Http3RequestStreamInboundHandler;
import io.netty.handler.codec.quic.QuicChannel;
import io.netty.handler.codec.quic.QuicStreamChannel;
import io.netty.handler.codec.quic.QuicStreamResetException;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;
import showdown.harness.targets.Http3Dialer;

/**
 * One HTTP/3 connection of the verifier, with the blocking API of {@link Http2ClientConnection}:
 * {@link #exchange} sends a {@link RawRequest} on a new request stream and waits for its response.
 * The request's framing carries over as HTTP/3 has it (RFC 9114, section 4.1): a Content-Length body
 * becomes a {@code content-length} header and a DATA frame, a chunked body one DATA frame per chunk
 * without {@code content-length}, and the stream's FIN ends the request. A response that ends while
 * the upload still runs (a 413 before the body is read) is complete; the verifier then resets its
 * side of the stream (H3_REQUEST_CANCELLED). Every wait is bounded; {@link #close} closes the connection.
 */
final class Http3ClientConnection implements StreamConnection {

    private static final Duration STREAM_OPEN_TIMEOUT = Duration.ofSeconds(5);
    private static final Duration CLOSE_WAIT = Duration.ofSeconds(2);

    private final QuicChannel quic;
    private final String authority;
    private final int fragmentBytes;
    private final Duration pause;

    Http3ClientConnection(QuicChannel quic, String authority, int fragmentBytes, Duration pause) {
        this.quic = quic;
        this.authority = authority;
        this.fragmentBytes = fragmentBytes;
        this.pause = pause;
    }

    @Override
    public boolean isUsable() {
        return quic.isActive();
    }

    @Override
    public Exchange exchange(RawRequest request) {
        Http2Trace sent = new Http2Trace(WireTrace.REQUEST_TRACE_BYTES + 1);
        AtomicLong bodyWritten = new AtomicLong();
        ResponseStream response = new ResponseStream();
        RawResponse answer = null;
        String error = null;
        QuicStreamChannel stream = null;
        try {
            stream = await(Http3.newRequestStream(quic, response), STREAM_OPEN_TIMEOUT, "the request stream did not open");
            QuicStreamChannel s = stream;
            s.eventLoop().execute(() -> send(s, request, sent, bodyWritten, response));
            answer = await(response.result, RawConnection.READ_TIMEOUT, Exchange.NO_RESPONSE);
        } catch (IOException e) {
            error = e.getMessage();
        }
        if (stream != null) {
            stopUpload(stream);
        }
        long unsent = request.body().length - bodyWritten.get();
        return new Exchange(request.describe(), sent.bytes(), Math.max(0, sent.length() - unsent), answer, error,
                answer == null ? response.trace.bytes() : null);
    }

    /** On the stream's event loop: its HEADERS, its DATA, and FIN (through the fragmenting writer when asked). */
    private void send(QuicStreamChannel stream, RawRequest request, Http2Trace sent, AtomicLong bodyWritten,
            ResponseStream response) {
        if (fragmentBytes > 0) {
            // Below the HTTP/3 frame codec: the request's frames go out in pieces, each in its own packet.
            stream.pipeline().addFirst(new FragmentingWriter(fragmentBytes, pause));
        }
        long id = stream.streamId();
        byte[] body = request.body();
        boolean chunked = request.chunkBytes() > 0;
        DefaultHttp3HeadersFrame headers = new DefaultHttp3HeadersFrame();
        headers(headers.headers(), request);
        sent.headers(id, headers.headers(), false);
        io.netty.channel.ChannelFuture last = stream.write(headers)
                .addListener(f -> response.failIfNot(f.isSuccess(), "cannot send the HEADERS", f.cause()));
        int slice = chunked ? request.chunkBytes() : Math.max(1, body.length);
        for (int at = 0; at < body.length; at += slice) {
            int n = Math.min(slice, body.length - at);
            sent.data(id, body, at, n, false);
            last = stream.write(new DefaultHttp3DataFrame(Unpooled.wrappedBuffer(body, at, n))).addListener(f -> {
                if (f.isSuccess()) {
                    bodyWritten.addAndGet(n);
                }
            });
        }
        sent.line("FIN stream " + id);
        // FIN once the last frame has gone out (a fragmenting writer may still hold pieces of it)
        last.addListener(f -> {
            if (f.isSuccess()) {
                stream.shutdownOutput();
            }
        });
        stream.flush();
    }

    private void headers(Http3Headers h, RawRequest request) {
        h.method(request.method()).scheme("https").authority(authority).path(request.target());
        Http2ClientConnection.regularHeaders(request, h::add);
    }

    /** After the response: a stream whose upload has not ended is reset on our side, so nothing more is sent on it. */
    private static void stopUpload(QuicStreamChannel stream) {
        stream.eventLoop().execute(() -> {
            if (stream.isActive() && !stream.isOutputShutdown()) {
                stream.shutdownOutput((int) Http3ErrorCode.H3_REQUEST_CANCELLED.code());
            }
            stream.close();
        });
    }

    private static <T> T await(java.util.concurrent.Future<T> f, Duration timeout, String onTimeout) throws IOException {
        try {
            return f.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            throw new IOException(onTimeout + " within " + timeout.toSeconds() + " s");
        } catch (ExecutionException e) {
            throw new IOException(Http3Dialer.message(e.getCause()), e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted");
        }
    }

    @Override
    public void close() {
        quic.close().awaitUninterruptibly(CLOSE_WAIT.toMillis());
    }

    /**
     * The response side of one request stream: its frames kept as text for the trace, an interim 1xx
     * header block passed over, the final one and the DATA after it made into a {@link RawResponse}
     * when the server's FIN arrives. A reset, a close or a protocol error ends it with the reason.
     */
    private static final class ResponseStream extends Http3RequestStreamInboundHandler {
        final CompletableFuture<RawResponse> result = new CompletableFuture<>();
        final Http2Trace trace = new Http2Trace(ResponseReader.WIRE_CAPTURE_BYTES);
        private final ByteArrayOutputStream body = new ByteArrayOutputStream();
        private List<RawResponse.Header> head; // the final (non-1xx) header block

        @Override
        protected void channelRead(ChannelHandlerContext ctx, Http3HeadersFrame frame) {
            trace.headers(id(ctx), frame.headers(), false);
            if (head != null) {
                return; // trailers: only in the trace
            }
            List<RawResponse.Header> block = new ArrayList<>();
            for (Map.Entry<CharSequence, CharSequence> h : frame.headers()) {
                block.add(new RawResponse.Header(h.getKey().toString(), h.getValue().toString()));
            }
            int status = Http2ClientHandler.StreamState.status(block);
            if (status >= 100 && status < 200) {
                return; // an interim response (100 Continue, 103 Early Hints): the final one follows
            }
            head = block;
        }

        @Override
        protected void channelRead(ChannelHandlerContext ctx, Http3DataFrame frame) {
            try {
                trace.data(id(ctx), frame.content(), false);
                if (head == null) {
                    fail(ctx, "DATA before the response's HEADERS");
                } else if (body.size() + (long) frame.content().readableBytes() > ResponseReader.MAX_BODY_BYTES) {
                    fail(ctx, "status " + Http2ClientHandler.StreamState.status(head) + " with a body over "
                            + ResponseReader.MAX_BODY_BYTES + " bytes (the verifier stops reading there)");
                } else {
                    body.writeBytes(io.netty.buffer.ByteBufUtil.getBytes(frame.content()));
                }
            } finally {
                frame.release();
            }
        }

        @Override
        protected void channelInputClosed(ChannelHandlerContext ctx) {
            trace.line("FIN stream " + id(ctx));
            if (head == null) {
                fail(ctx, "the stream ended before the response's HEADERS");
                return;
            }
            result.complete(new RawResponse("HTTP/3", Http2ClientHandler.StreamState.status(head), "", head,
                    body.toByteArray(), false, trace.bytes(), trace.length()));
        }

        @Override
        public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
            for (Throwable t = cause; t != null; t = t.getCause()) {
                if (t instanceof QuicStreamResetException reset) {
                    String code = errorName(reset.applicationProtocolCode());
                    trace.line("RESET_STREAM stream " + id(ctx) + ", " + code);
                    fail(ctx, "the server reset the stream (" + code + ") before the response ended");
                    return;
                }
                if (t instanceof Http3Exception || t instanceof Http3HeadersValidationException || t instanceof QpackException) {
                    // Netty's codec refuses a malformed message before any check sees it (RFC 9114, section 4.1.2)
                    fail(ctx, "a malformed HTTP/3 response: " + Http3Dialer.message(t));
                    return;
                }
            }
            fail(ctx, Http3Dialer.message(cause));
        }

        @Override
        public void channelInactive(ChannelHandlerContext ctx) throws Exception {
            result.completeExceptionally(new IOException("the stream closed before the response ended"
                    + (ctx.channel().parent().isActive() ? "" : " (the connection closed)")));
            super.channelInactive(ctx);
        }

        void failIfNot(boolean ok, String what, Throwable cause) {
            if (!ok) {
                result.completeExceptionally(new IOException(what + ": " + Http3Dialer.message(cause)));
            }
        }

        private void fail(ChannelHandlerContext ctx, String why) {
            result.completeExceptionally(new IOException(why)); // the first reason wins
            ctx.close();
        }

        private static long id(ChannelHandlerContext ctx) {
            return ((QuicStreamChannel) ctx.channel()).streamId();
        }
    }

    /** An HTTP/3 error code by its name (RFC 9114, section 8.1), else its number. */
    static String errorName(long code) {
        for (Http3ErrorCode c : Http3ErrorCode.values()) {
            if (c.code() == code) {
                return c.name();
            }
        }
        return "error 0x" + Long.toHexString(code);
    }
}
