package showdown.harness.targets;

import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.http3.DefaultHttp3HeadersFrame;
import io.netty.handler.codec.http3.Http3;
import io.netty.handler.codec.http3.Http3DataFrame;
import io.netty.handler.codec.http3.Http3HeadersFrame;
import io.netty.handler.codec.http3.Http3RequestStreamInboundHandler;
import io.netty.handler.codec.quic.QuicChannel;
import io.netty.handler.codec.quic.QuicStreamChannel;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/** One {@code GET} on a fresh connection that reports whether the answer was 200. */
final class ReadyProbe {

    private static final int CONNECT_TIMEOUT_MILLIS = 500;
    /** A cold JVM may take a while on its first request; the overall deadline still bounds it. */
    private static final int READ_TIMEOUT_MILLIS = 5_000;
    private static final int MAX_STATUS_LINE_BYTES = 256;

    private ReadyProbe() {
    }

    /** The status code of {@code GET path}, or -1 when nothing answered. */
    static int status(String host, int port, String path) {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(host, port), CONNECT_TIMEOUT_MILLIS);
            socket.setSoTimeout(READ_TIMEOUT_MILLIS);
            OutputStream out = socket.getOutputStream();
            out.write(("GET " + path + " HTTP/1.1\r\nHost: " + host + ":" + port + "\r\nConnection: close\r\n\r\n")
                    .getBytes(StandardCharsets.US_ASCII));
            out.flush();
            return parseStatus(readStatusLine(socket.getInputStream()));
        } catch (IOException e) {
            return -1;
        }
    }

    /** Whether something accepts a TCP connection on {@code host:port} (a TLS port before any handshake). */
    static boolean accepts(String host, int port) {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(host, port), CONNECT_TIMEOUT_MILLIS);
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    /**
     * The status code of {@code GET path} over HTTP/3 on a fresh QUIC connection to UDP
     * {@code host:port}, or -1 when nothing answered within {@code timeout} (handshake and response
     * each) or the answer was not HTTP/3.
     */
    static int h3Status(Http3Dialer dialer, String host, int port, String path, Duration timeout) {
        QuicChannel quic;
        try {
            quic = dialer.connect(host, port, timeout);
        } catch (IOException e) {
            return -1;
        }
        try {
            CompletableFuture<Integer> status = new CompletableFuture<>();
            QuicStreamChannel stream = Http3.newRequestStream(quic, new Http3RequestStreamInboundHandler() {
                @Override
                protected void channelRead(ChannelHandlerContext ctx, Http3HeadersFrame frame) {
                    CharSequence s = frame.headers().status();
                    if (s != null && !(s.length() == 3 && s.charAt(0) == '1')) { // an interim 1xx: the final one follows
                        status.complete(parseCode(s.toString()));
                    }
                }

                @Override
                protected void channelRead(ChannelHandlerContext ctx, Http3DataFrame frame) {
                    frame.release();
                }

                @Override
                protected void channelInputClosed(ChannelHandlerContext ctx) {
                    status.complete(-1);
                    ctx.close();
                }
            }).get(timeout.toMillis(), TimeUnit.MILLISECONDS);
            DefaultHttp3HeadersFrame request = new DefaultHttp3HeadersFrame();
            request.headers().method("GET").scheme("https").authority(host + ":" + port).path(path);
            stream.writeAndFlush(request).addListener(QuicStreamChannel.SHUTDOWN_OUTPUT);
            return status.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (ExecutionException | TimeoutException e) {
            return -1;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return -1;
        } finally {
            quic.close();
        }
    }

    private static String readStatusLine(InputStream in) throws IOException {
        StringBuilder line = new StringBuilder();
        int b;
        while ((b = in.read()) != -1 && b != '\n' && line.length() < MAX_STATUS_LINE_BYTES) {
            line.append((char) b);
        }
        return line.toString().trim();
    }

    /** "HTTP/1.1 200 OK" gives 200; anything else gives -1. */
    static int parseStatus(String statusLine) {
        String[] parts = statusLine.split(" ", 3);
        if (parts.length < 2 || !parts[0].startsWith("HTTP/")) {
            return -1;
        }
        return parseCode(parts[1]);
    }

    private static int parseCode(String code) {
        try {
            return Integer.parseInt(code);
        } catch (NumberFormatException e) {
            return -1;
        }
    }
}
