package dev.showdown.targets.calibration;

import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelOutboundHandlerAdapter;
import io.netty.channel.ChannelPromise;
import io.netty.handler.codec.DateFormatter;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpStatusClass;
import io.netty.util.AsciiString;
import java.util.Date;

/**
 * Stamps {@code Date} and {@code Server} on every response leaving the channel, including the 413 that
 * {@link io.netty.handler.codec.http.HttpObjectAggregator} writes by itself, which also gets the
 * {@code Content-Type} it lacks.
 *
 * <p>The Date value is formatted at most once a second: the first response of a new second formats it,
 * the others reuse it. Two event loops may both format it at the turn of a second; either value is right.
 */
@ChannelHandler.Sharable
final class ServerHeaders extends ChannelOutboundHandlerAdapter {
    private static final AsciiString SERVER_NAME = AsciiString.cached("Calibration");

    private record Stamp(long second, AsciiString value) {}

    private volatile Stamp date = new Stamp(-1, AsciiString.EMPTY_STRING);

    @Override
    public void write(ChannelHandlerContext ctx, Object msg, ChannelPromise promise) {
        if (msg instanceof HttpResponse response) {
            HttpHeaders headers = response.headers()
                    .set(HttpHeaderNames.SERVER, SERVER_NAME)
                    .set(HttpHeaderNames.DATE, date());
            if (response.status().codeClass() != HttpStatusClass.INFORMATIONAL
                    && !headers.contains(HttpHeaderNames.CONTENT_TYPE)) {
                headers.set(HttpHeaderNames.CONTENT_TYPE, Routes.TEXT_PLAIN_UTF8);
            }
        }
        ctx.write(msg, promise);
    }

    private AsciiString date() {
        long second = System.currentTimeMillis() / 1000;
        Stamp stamp = date;
        if (stamp.second() != second) {
            stamp = new Stamp(second, new AsciiString(DateFormatter.format(new Date(second * 1000))));
            date = stamp;
        }
        return stamp.value();
    }
}
