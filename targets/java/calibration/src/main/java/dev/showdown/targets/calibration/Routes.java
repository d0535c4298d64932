package dev.showdown.targets.calibration;

import com.fasterxml.jackson.databind.ObjectMapper;
import gg.jte.TemplateEngine;
import gg.jte.output.StringOutput;
import io.netty.buffer.ByteBuf;
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
import io.netty.handler.codec.http.QueryStringDecoder;
import io.netty.util.AsciiString;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The scenario contract, routed by hand (Netty has no router): static paths first, then the prefixed
 * parameter routes, then the one-segment showdown page; anything else is 404. Responses are flushed
 * once per read batch, so pipelined requests share a write.
 */
final class Routes extends SimpleChannelInboundHandler<FullHttpRequest> {
    static final AsciiString TEXT_PLAIN_UTF8 = AsciiString.cached("text/plain; charset=utf-8");
    private static final AsciiString TEXT_HTML_UTF8 = AsciiString.cached("text/html; charset=utf-8");
    private static final AsciiString APPLICATION_JSON = AsciiString.cached("application/json");
    private static final byte[] HELLO_WORLD = "Hello World".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] PLAINTEXT = "Hello, World!".getBytes(StandardCharsets.US_ASCII);
    private static final Pattern DIGITS = Pattern.compile("[0-9]+");
    private static final List<Member> MEMBERS = List.of(
            new Member("Chris McCord"), new Member("Matt Sears"),
            new Member("David Stump"), new Member("Ricardo Thompson"));

    private final ObjectMapper json;
    /** Precompiled by the jte Maven plugin; the Html content type escapes every value. */
    private final TemplateEngine templates;

    Routes(ObjectMapper json, TemplateEngine templates) {
        this.json = json;
        this.templates = templates;
    }

    @Override
    protected void channelRead0(ChannelHandlerContext ctx, FullHttpRequest request) throws IOException {
        ctx.write(request.decoderResult().isSuccess() ? route(request) : empty(HttpResponseStatus.BAD_REQUEST));
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
        String path;
        try {
            path = new QueryStringDecoder(request.uri()).path(); // percent-decoded; '+' stays a plus
        } catch (IllegalArgumentException malformedEscape) {
            return empty(HttpResponseStatus.BAD_REQUEST);
        }
        if (request.method().equals(HttpMethod.POST)) {
            return path.equals("/user") ? echo(request) : empty(HttpResponseStatus.NOT_FOUND);
        }
        if (!request.method().equals(HttpMethod.GET)) {
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
        if ((param = segmentAfter(path, "/echo/plain/")) != null || (param = segmentAfter(path, "/user/")) != null) {
            return text(param);
        }
        if ((param = segmentAfter(path, "/echo/regex/")) != null) {
            return DIGITS.matcher(param).matches() ? text(param) : empty(HttpResponseStatus.NOT_FOUND);
        }
        if ((param = segmentAfter(path, "/")) != null) {
            StringOutput page = new StringOutput();
            templates.render("index.jte", Map.of("title", param, "members", MEMBERS), page);
            return ok(TEXT_HTML_UTF8, Unpooled.copiedBuffer(page.toString(), StandardCharsets.UTF_8));
        }
        return empty(HttpResponseStatus.NOT_FOUND);
    }

    /** The one non-empty segment that follows {@code prefix}, or null when there is none or more. */
    private static String segmentAfter(String path, String prefix) {
        return path.startsWith(prefix) && path.length() > prefix.length() && path.indexOf('/', prefix.length()) < 0
                ? path.substring(prefix.length()) : null;
    }

    private static FullHttpResponse echo(FullHttpRequest request) {
        CharSequence contentType = request.headers().get(HttpHeaderNames.CONTENT_TYPE);
        return ok(contentType != null ? contentType : HttpHeaderValues.APPLICATION_OCTET_STREAM,
                request.content().retain());
    }

    private static FullHttpResponse text(String value) {
        return ok(TEXT_PLAIN_UTF8, Unpooled.wrappedBuffer(value.getBytes(StandardCharsets.UTF_8)));
    }

    private static FullHttpResponse ok(CharSequence contentType, ByteBuf body) {
        return response(HttpResponseStatus.OK, contentType, body);
    }

    private static FullHttpResponse empty(HttpResponseStatus status) {
        return response(status, TEXT_PLAIN_UTF8, Unpooled.EMPTY_BUFFER);
    }

    private static FullHttpResponse response(HttpResponseStatus status, CharSequence contentType, ByteBuf body) {
        FullHttpResponse response = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, status, body);
        response.headers()
                .set(HttpHeaderNames.CONTENT_TYPE, contentType)
                .setInt(HttpHeaderNames.CONTENT_LENGTH, body.readableBytes());
        return response;
    }
}
