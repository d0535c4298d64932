package dev.showdown.targets.netty;

import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelOutboundHandlerAdapter;
import io.netty.channel.ChannelPromise;
import io.netty.channel.EventLoopGroup;
import io.netty.handler.codec.DateFormatter;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpStatusClass;
import io.netty.util.AsciiString;
import java.util.Date;
import java.util.concurrent.TimeUnit;

/**
 * Stamps {@code Date} and {@code Server} on every response leaving the channel, including the 413 that
 * {@link io.netty.handler.codec.http.HttpObjectAggregator} writes by itself; that 413 also gets the
 * {@code Content-Type} it lacks, since every final response must name one.
 *
 * <p>The Date value is formatted once a second rather than per response, as the HTTP spec allows.
 */
@ChannelHandler.Sharable
final class ServerHeaders extends ChannelOutboundHandlerAdapter {
    private static final AsciiString SERVER_NAME = AsciiString.cached("Netty");
    private static final AsciiString TEXT_PLAIN_UTF8 = AsciiString.cached("text/plain; charset=utf-8");
    private static final long DATE_REFRESH_MILLIS = 1000;

    private volatile AsciiString date = formatNow();

    /** Starts refreshing the cached Date on one event loop of {@code group}. */
    ServerHeaders(EventLoopGroup group) {
        group.next().scheduleAtFixedRate(
                () -> date = formatNow(), DATE_REFRESH_MILLIS, DATE_REFRESH_MILLIS, TimeUnit.MILLISECONDS);
    }

    private static AsciiString formatNow() {
        return new AsciiString(DateFormatter.format(new Date()));
    }

    @Override
    public void write(ChannelHandlerContext ctx, Object msg, ChannelPromise promise) {
        if (msg instanceof HttpResponse response) {
            HttpHeaders headers = response.headers()
                    .set(HttpHeaderNames.SERVER, SERVER_NAME)
                    .set(HttpHeaderNames.DATE, date);
            if (response.status().codeClass() != HttpStatusClass.INFORMATIONAL
                    && !headers.contains(HttpHeaderNames.CONTENT_TYPE)) {
                headers.set(HttpHeaderNames.CONTENT_TYPE, TEXT_PLAIN_UTF8);
            }
        }
        ctx.write(msg, promise);
    }
}
