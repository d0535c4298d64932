package dev.showdown.targets.netty;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.util.AsciiString;
import java.io.IOException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.regex.Pattern;

/**
 * Routes each aggregated request by hand, as raw Netty apps do: Netty has no router of its own.
 *
 * <p>Static paths are matched first, then the prefixed parameter routes, then the one-segment
 * showdown page; anything else is 404. Responses are written here and flushed once per read batch
 * in {@link #channelReadComplete}, so pipelined requests share a flush.
 */
final class ShowdownHandler extends SimpleChannelInboundHandler<FullHttpRequest> {
    private static final Pattern DIGITS = Pattern.compile("[0-9]+");
    private static final AsciiString TEXT_PLAIN_UTF8 = AsciiString.cached("text/plain; charset=utf-8");
    private static final AsciiString TEXT_HTML_UTF8 = AsciiString.cached("text/html; charset=utf-8");
    private static final AsciiString APPLICATION_JSON = AsciiString.cached("application/json");
    private static final byte[] HELLO_WORLD = "Hello World".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] PLAINTEXT = "Hello, World!".getBytes(StandardCharsets.US_ASCII);

    private static final String ECHO_PLAIN = "/echo/plain/";
    private static final String ECHO_REGEX = "/echo/regex/";
    private static final String USER = "/user";
    private static final String USER_PREFIX = "/user/";

    private final ObjectMapper json;
    private final ShowdownPage page;

    ShowdownHandler(ObjectMapper json, ShowdownPage page) {
        this.json = json;
        this.page = page;
    }

    @Override
    protected void channelRead0(ChannelHandlerContext ctx, FullHttpRequest request) throws IOException {
        ctx.write(route(request));
    }

    @Override
    public void channelReadComplete(ChannelHandlerContext ctx) {
        ctx.flush();
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        // A reset or broken connection is routine under load; there is nothing to answer on it.
        ctx.close();
    }

    private FullHttpResponse route(FullHttpRequest request) throws IOException {
        String uri = request.uri();
        int query = uri.indexOf('?');
        String path = query < 0 ? uri : uri.substring(0, query);
        HttpMethod method = request.method();

        if (method.equals(HttpMethod.POST)) {
            return path.equals(USER) ? echo(request) : empty(HttpResponseStatus.NOT_FOUND);
        }
        if (!method.equals(HttpMethod.GET)) {
            return empty(HttpResponseStatus.METHOD_NOT_ALLOWED);
        }
        switch (path) {
            case "/": return ok(TEXT_PLAIN_UTF8, Unpooled.EMPTY_BUFFER);
            case "/plaintext": return ok(TEXT_PLAIN_UTF8, Unpooled.wrappedBuffer(PLAINTEXT));
            case "/json": return ok(APPLICATION_JSON,
                    Unpooled.wrappedBuffer(json.writeValueAsBytes(new Message("Hello, World!"))));
            case "/echo/hello-world": return ok(TEXT_PLAIN_UTF8, Unpooled.wrappedBuffer(HELLO_WORLD));
            default: break;
        }
        String param;
        if ((param = lastSegmentAfter(path, ECHO_PLAIN)) != null || (param = lastSegmentAfter(path, USER_PREFIX)) != null) {
            return text(param);
        }
        if ((param = lastSegmentAfter(path, ECHO_REGEX)) != null) {
            return DIGITS.matcher(param).matches() ? text(param) : empty(HttpResponseStatus.NOT_FOUND);
        }
        if ((param = lastSegmentAfter(path, "/")) != null) {
            return ok(TEXT_HTML_UTF8, Unpooled.copiedBuffer(page.render(param), StandardCharsets.UTF_8));
        }
        return empty(HttpResponseStatus.NOT_FOUND);
    }

    /** The decoded single segment that follows {@code prefix}, or null when the path has more or none. */
    private static String lastSegmentAfter(String path, String prefix) {
        if (!path.startsWith(prefix) || path.length() == prefix.length()
                || path.indexOf('/', prefix.length()) >= 0) {
            return null;
        }
        String raw = path.substring(prefix.length());
        if (raw.indexOf('%') < 0) {
            return raw;
        }
        // URLDecoder decodes forms, where '+' is a space; in a path it is a literal plus.
        return URLDecoder.decode(raw.replace("+", "%2B"), StandardCharsets.UTF_8);
    }

    private static FullHttpResponse echo(FullHttpRequest request) {
        CharSequence contentType = request.headers().get(HttpHeaderNames.CONTENT_TYPE);
        ByteBuf body = request.content().retain();
        return ok(contentType != null ? contentType : HttpHeaderValues.APPLICATION_OCTET_STREAM, body);
    }

    private static FullHttpResponse text(String value) {
        return ok(TEXT_PLAIN_UTF8, Unpooled.wrappedBuffer(value.getBytes(StandardCharsets.UTF_8)));
    }

    private static FullHttpResponse ok(CharSequence contentType, ByteBuf body) {
        FullHttpResponse response = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.OK, body);
        response.headers()
                .set(HttpHeaderNames.CONTENT_TYPE, contentType)
                .setInt(HttpHeaderNames.CONTENT_LENGTH, body.readableBytes());
        return response;
    }

    private static FullHttpResponse empty(HttpResponseStatus status) {
        FullHttpResponse response = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, status, Unpooled.EMPTY_BUFFER);
        response.headers()
                .set(HttpHeaderNames.CONTENT_TYPE, TEXT_PLAIN_UTF8)
                .setInt(HttpHeaderNames.CONTENT_LENGTH, 0);
        return response;
    }
}
