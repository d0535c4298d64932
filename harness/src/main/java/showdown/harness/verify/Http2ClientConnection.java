package showdown.harness.verify;

import io.netty.bootstrap.Bootstrap;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelPromise;
import io.netty.handler.codec.http2.DefaultHttp2Headers;
import io.netty.handler.codec.http2.Http2ConnectionEncoder;
import io.netty.handler.codec.http2.Http2Error;
import io.netty.handler.codec.http2.Http2Headers;
import io.netty.handler.codec.http2.Http2Stream;
import io.netty.handler.ssl.ApplicationProtocolNames;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslHandler;
import io.netty.handler.ssl.SslHandshakeCompletionEvent;
import io.netty.util.ReferenceCountUtil;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;
import showdown.harness.verify.Http2ClientHandler.Http2Failure;
import showdown.harness.verify.Http2ClientHandler.StreamState;

/**
 * One HTTP/2 connection of the verifier, with a blocking API in the manner of {@link RawConnection}:
 * {@link #exchange} sends a {@link RawRequest} as one stream and waits for its response. The
 * request's framing carries over as HTTP/2 has it: a Content-Length body becomes a
 * {@code content-length} header and DATA frames; a chunked body is sent without
 * {@code content-length}, one DATA frame per chunk, the stream ended by the last one. A response
 * that ends while the upload still runs (a 413 before the body is read) is complete; the verifier
 * then resets the stream itself, as RFC 9113, section 8.1 lets a client stop sending.
 * Every wait is bounded; {@link #close} closes the channel.
 */
final class Http2ClientConnection implements StreamConnection {

    /** Waits for the TLS handshake and for the server's SETTINGS. */
    static final Duration PREFACE_TIMEOUT = Duration.ofSeconds(5);
    private static final Duration CLOSE_WAIT = Duration.ofSeconds(2);
    /** Slices of a Content-Length body handed to the flow controller (it cuts them into frames). */
    private static final int DATA_WRITE_BYTES = 64 * 1024;

    private final Channel channel;
    private final Http2ClientHandler handler;
    private final FirstBytes firstBytes;
    private final String scheme;
    private final String authority;
    private int nextStreamId = 1; // on the event loop only; odd, rising, as a client's streams are

    private Http2ClientConnection(Channel channel, Http2ClientHandler handler, FirstBytes firstBytes, String scheme,
            String authority) {
        this.channel = channel;
        this.handler = handler;
        this.firstBytes = firstBytes;
        this.scheme = scheme;
        this.authority = authority;
    }

    /** Connects, handshakes (h2-tls: ALPN must pick {@code h2}), sends the preface and waits for the server's SETTINGS. */
    static Http2ClientConnection open(Bootstrap bootstrap, SslContext tls, String host, int port, int fragmentBytes,
            Duration pause) throws IOException {
        Http2ClientHandler handler = Http2ClientHandler.create();
        FirstBytes firstBytes = new FirstBytes();
        bootstrap.handler(new ChannelInitializer<Channel>() {
            @Override
            protected void initChannel(Channel ch) {
                if (tls != null) {
                    SslHandler ssl = tls.newHandler(ch.alloc(), host, port); // the peer's name for the certificate check
                    ssl.setHandshakeTimeoutMillis(PREFACE_TIMEOUT.toMillis());
                    ch.pipeline().addLast(ssl);
                }
                ch.pipeline().addLast(firstBytes);
                // h2c: the preface goes out as soon as the socket connects; h2-tls: once ALPN has chosen h2
                ch.pipeline().addLast(tls == null ? handler : new AlpnH2(handler));
            }
        });
        ChannelFuture connect = bootstrap.connect(host, port);
        if (!connect.awaitUninterruptibly(RawConnection.CONNECT_TIMEOUT.toMillis() + 1_000) || !connect.isSuccess()) {
            connect.channel().close();
            throw new IOException(connect.cause() == null ? "connect timed out" : message(connect.cause()));
        }
        Channel ch = connect.channel();
        Http2ClientConnection c = new Http2ClientConnection(ch, handler, firstBytes, tls == null ? "http" : "https",
                host + ":" + port);
        try {
            // The TLS handshake has its own timeout within this one.
            c.await(handler.settings, tls == null ? PREFACE_TIMEOUT : PREFACE_TIMEOUT.multipliedBy(2),
                    "no SETTINGS frame from the server", tls == null);
            if (fragmentBytes > 0) {
                // From here on, below the HTTP/2 handler (and above TLS): the request's frames go out in pieces.
                // The preface went whole, as every client sends it (docs/verify.md, "Over HTTP/2").
                FragmentingWriter pieces = new FragmentingWriter(fragmentBytes, pause);
                SslHandler ssl = ch.pipeline().get(SslHandler.class);
                if (ssl == null) {
                    ch.pipeline().addFirst(pieces);
                } else {
                    ch.pipeline().addAfter(ch.pipeline().context(ssl).name(), null, pieces);
                }
            }
            return c;
        } catch (IOException | RuntimeException e) {
            c.close();
            throw e;
        }
    }

    @Override
    public boolean isUsable() {
        return channel.isActive() && !handler.goingAway();
    }

    @Override
    public Exchange exchange(RawRequest request) {
        Http2Trace sent = new Http2Trace(WireTrace.REQUEST_TRACE_BYTES + 1);
        AtomicLong bodyWritten = new AtomicLong();
        CompletableFuture<StreamState> opened = new CompletableFuture<>();
        channel.eventLoop().execute(() -> {
            try {
                opened.complete(start(request, sent, bodyWritten));
            } catch (RuntimeException e) {
                opened.completeExceptionally(e);
            }
        });
        StreamState stream = null;
        RawResponse response = null;
        String error = null;
        Http2Trace received = null;
        try {
            stream = await(opened, PREFACE_TIMEOUT, "the stream did not open", false);
            received = stream.trace;
            response = await(stream.response, RawConnection.READ_TIMEOUT, Exchange.NO_RESPONSE, false);
        } catch (IOException e) {
            error = e.getMessage();
            if (e.getCause() instanceof Http2Failure f && f.trace != null) {
                received = f.trace;
            }
        }
        if (stream != null) {
            stopUpload(stream.id);
        }
        long unsent = request.body().length - bodyWritten.get();
        byte[] partial = received == null ? firstBytes.excerpt() : received.bytes();
        return new Exchange(request.describe(), sent.bytes(), Math.max(0, sent.length() - unsent), response, error,
                response == null ? partial : null);
    }

    /** On the event loop: opens the stream and writes its frames (the flow controller sends them as the window allows). */
    private StreamState start(RawRequest request, Http2Trace sent, AtomicLong bodyWritten) {
        ChannelHandlerContext ctx = channel.pipeline().context(handler);
        if (ctx == null || !channel.isActive()) {
            throw new Http2Failure("the connection is closed", null);
        }
        Http2ConnectionEncoder encoder = handler.encoder();
        int id = nextStreamId;
        nextStreamId += 2;
        StreamState state = handler.expect(id);
        byte[] body = request.body();
        boolean chunked = request.chunkBytes() > 0;
        boolean endWithHeaders = !chunked && body.length == 0;
        Http2Headers headers = headers(request);
        sent.headers(id, headers, endWithHeaders);
        encoder.writeHeaders(ctx, id, headers, 0, endWithHeaders, failOnError(ctx, state, "cannot send the HEADERS"));
        if (endWithHeaders) {
            channel.flush();
            return state;
        }
        if (body.length > EARLY_ANSWER_BODY_BYTES) {
            // A server may answer a body it will not take (413) from the HEADERS alone, and reset
            // the connection while the DATA is still on its way: our write then fails before its
            // answer is read. The HEADERS go first, and the DATA only if no answer came meanwhile.
            channel.flush();
            ctx.executor().schedule(() -> {
                if (!state.response.isDone() && channel.isActive()) {
                    writeBody(ctx, encoder, id, request, sent, bodyWritten);
                    channel.flush();
                }
            }, EARLY_ANSWER_WAIT.toMillis(), java.util.concurrent.TimeUnit.MILLISECONDS);
            return state;
        }
        writeBody(ctx, encoder, id, request, sent, bodyWritten);
        channel.flush(); // through the handler's own flush, which hands the flow-controlled DATA on
        return state;
    }

    /** Writes the request's DATA frames (the flow controller sends them as the window allows); the caller flushes. */
    private static void writeBody(ChannelHandlerContext ctx, Http2ConnectionEncoder encoder, int id, RawRequest request,
                                  Http2Trace sent, AtomicLong bodyWritten) {
        byte[] body = request.body();
        boolean chunked = request.chunkBytes() > 0;
        int slice = chunked ? request.chunkBytes() : DATA_WRITE_BYTES;
        if (chunked) {
            for (int at = 0; at < body.length; at += slice) {
                int n = Math.min(slice, body.length - at);
                sent.data(id, body, at, n, false);
            }
            sent.data(id, body, body.length, 0, true);
        } else {
            sent.data(id, body, 0, body.length, true);
        }
        for (int at = 0; at < body.length; at += slice) {
            int n = Math.min(slice, body.length - at);
            boolean last = !chunked && at + n == body.length;
            ChannelPromise p = ctx.newPromise();
            p.addListener(f -> {
                if (f.isSuccess()) {
                    bodyWritten.addAndGet(n);
                }
            });
            encoder.writeData(ctx, id, Unpooled.wrappedBuffer(body, at, n), 0, last, p);
        }
        if (chunked) {
            encoder.writeData(ctx, id, Unpooled.EMPTY_BUFFER, 0, true, ctx.newPromise()); // the last "chunk"
        }
    }

    private Http2Headers headers(RawRequest request) {
        Http2Headers h = new DefaultHttp2Headers()
                .method(request.method()).scheme(scheme).authority(authority).path(request.target());
        regularHeaders(request, h::add);
        return h;
    }

    /**
     * The request's regular headers as HTTP/2 and HTTP/3 carry them (after the pseudo-headers): the
     * user agent, its own headers with lower-case names, and {@code content-length} unless the body
     * goes in chunks.
     */
    static void regularHeaders(RawRequest request, java.util.function.BiConsumer<CharSequence, CharSequence> add) {
        add.accept("user-agent", RawRequest.USER_AGENT);
        for (String line : request.headers()) {
            int colon = line.indexOf(':');
            add.accept(line.substring(0, colon).trim().toLowerCase(Locale.ROOT), line.substring(colon + 1).trim());
        }
        if (request.chunkBytes() == 0 && (request.body().length > 0 || request.method().equals("POST")
                || request.method().equals("PUT"))) {
            add.accept("content-length", Integer.toString(request.body().length));
        }
    }

    /** A write that fails ends the stream's wait with the reason. */
    private static ChannelPromise failOnError(ChannelHandlerContext ctx, StreamState state, String what) {
        ChannelPromise p = ctx.newPromise();
        p.addListener(f -> {
            if (!f.isSuccess()) {
                state.fail(what + ": " + message(f.cause()));
            }
        });
        return p;
    }

    /** Bodies larger than this wait for an early answer before their DATA goes (see {@link #start}). */
    private static final int EARLY_ANSWER_BODY_BYTES = 1 << 20;
    private static final java.time.Duration EARLY_ANSWER_WAIT = java.time.Duration.ofMillis(200);

    /** After the response: a stream whose upload is still going is reset (CANCEL), so nothing more is sent on it. */
    private void stopUpload(int streamId) {
        channel.eventLoop().execute(() -> {
            ChannelHandlerContext ctx = channel.pipeline().context(handler);
            Http2Stream s = handler.connection().stream(streamId);
            if (ctx != null && s != null && s.state() != Http2Stream.State.CLOSED && s.state().localSideOpen()) {
                handler.resetStream(ctx, streamId, Http2Error.CANCEL.code(), ctx.newPromise());
                channel.flush();
            }
        });
    }

    /** Waits for {@code f}; in the preface, a failure also says what the server sent instead of SETTINGS. */
    private <T> T await(CompletableFuture<T> f, Duration timeout, String onTimeout, boolean preface) throws IOException {
        try {
            return f.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            throw new IOException(onTimeout + " within " + timeout.toSeconds() + " s" + (preface ? sawSoFar() : ""));
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            throw new IOException(message(cause) + (preface ? sawSoFar() : ""), cause);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted");
        }
    }

    /** For a failed preface: what the server sent instead (an HTTP/1.1 answer, say), else "". */
    private String sawSoFar() {
        byte[] first = firstBytes.excerpt();
        return first.length == 0 ? "" : "; the server sent " + WireTrace.excerpt(first, 80);
    }

    private static String message(Throwable t) {
        String m = t.getMessage() == null ? t.getClass().getSimpleName() : t.getMessage();
        int nl = m.indexOf('\n');
        return nl < 0 ? m : m.substring(0, nl);
    }

    @Override
    public void close() {
        channel.close().awaitUninterruptibly(CLOSE_WAIT.toMillis());
    }

    /**
     * h2-tls: on the event loop, the moment the handshake ends, checks that ALPN chose {@code h2} and
     * puts the HTTP/2 handler in its place (which sends the preface). What the server sent meanwhile
     * is held and handed on, so its SETTINGS is never lost. A failed handshake, another protocol or a
     * close ends the wait for SETTINGS with the reason.
     */
    private static final class AlpnH2 extends ChannelInboundHandlerAdapter {
        private final Http2ClientHandler h2;
        private final List<Object> held = new ArrayList<>();

        AlpnH2(Http2ClientHandler h2) {
            this.h2 = h2;
        }

        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            held.add(msg);
        }

        @Override
        public void userEventTriggered(ChannelHandlerContext ctx, Object evt) {
            if (!(evt instanceof SslHandshakeCompletionEvent done)) {
                ctx.fireUserEventTriggered(evt);
                return;
            }
            if (!done.isSuccess()) {
                fail(ctx, "TLS handshake failed: " + message(done.cause()));
                return;
            }
            String alpn = ctx.pipeline().get(SslHandler.class).applicationProtocol();
            if (!ApplicationProtocolNames.HTTP_2.equals(alpn)) {
                fail(ctx, alpn == null || alpn.isEmpty()
                        ? "the server chose no ALPN protocol when offered h2 (HTTP/2 over TLS needs ALPN h2)"
                        : "the server chose ALPN '" + alpn + "' when offered only h2");
                return;
            }
            ctx.pipeline().addAfter(ctx.name(), null, h2);
            for (Object m : held) {
                ctx.fireChannelRead(m);
            }
            held.clear();
            ctx.pipeline().remove(this);
        }

        @Override
        public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
            fail(ctx, "TLS failed: " + message(cause));
        }

        @Override
        public void channelInactive(ChannelHandlerContext ctx) {
            fail(ctx, "the server closed the connection during the TLS handshake");
        }

        private void fail(ChannelHandlerContext ctx, String why) {
            h2.settings.completeExceptionally(new Http2Failure(why, null)); // the first reason wins
            ctx.close();
        }

        @Override
        public void handlerRemoved(ChannelHandlerContext ctx) {
            held.forEach(ReferenceCountUtil::release);
            held.clear();
        }
    }

    /** Keeps the first bytes the server sent (after TLS), to say what a server that is not HTTP/2 answered. */
    static final class FirstBytes extends io.netty.channel.ChannelInboundHandlerAdapter {
        private static final int KEPT = 256;
        private final java.io.ByteArrayOutputStream kept = new java.io.ByteArrayOutputStream();

        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            if (msg instanceof io.netty.buffer.ByteBuf b) {
                synchronized (kept) {
                    int n = Math.min(b.readableBytes(), KEPT - kept.size());
                    if (n > 0) {
                        byte[] some = new byte[n];
                        b.getBytes(b.readerIndex(), some);
                        kept.writeBytes(some);
                    }
                }
            }
            ctx.fireChannelRead(msg);
        }

        byte[] excerpt() {
            synchronized (kept) {
                return kept.toByteArray();
            }
        }
    }
}
