package dev.showdown.targets.netty;

import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelOutboundHandlerAdapter;
import io.netty.channel.ChannelPromise;
import io.netty.channel.EventLoopGroup;
import io.netty.handler.codec.DateFormatter;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.util.AsciiString;
import java.util.Date;
import java.util.concurrent.TimeUnit;

/**
 * Stamps {@code Date} and {@code Server} on every response leaving the channel, including the 413 that
 * {@link io.netty.handler.codec.http.HttpObjectAggregator} writes by itself.
 *
 * <p>The Date value is formatted once a second rather than per response, as the HTTP spec allows.
 */
@ChannelHandler.Sharable
final class ServerHeaders extends ChannelOutboundHandlerAdapter {
    private static final AsciiString SERVER_NAME = AsciiString.cached("Netty");
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
            response.headers()
                    .set(HttpHeaderNames.SERVER, SERVER_NAME)
                    .set(HttpHeaderNames.DATE, date);
        }
        ctx.write(msg, promise);
    }
}
