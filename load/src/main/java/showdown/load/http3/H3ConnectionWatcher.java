package showdown.load.http3;

import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.quic.QuicChannel;
import io.netty.handler.codec.quic.QuicConnectionCloseEvent;
import io.netty.handler.codec.quic.SslEarlyDataReadyEvent;

/**
 * On one attempt's QUIC connection: keeps the server's CONNECTION_CLOSE in its {@link H3Session},
 * so that the close is counted by its code, and tells the {@link H3Connection} when it may send
 * early data and when a read is done (a read may have brought stream credit, MAX_STREAMS).
 */
final class H3ConnectionWatcher extends ChannelInboundHandlerAdapter {

    private final H3Connection connection;
    private final H3Session session;

    H3ConnectionWatcher(H3Connection connection, H3Session session) {
        this.connection = connection;
        this.session = session;
    }

    @Override
    public void channelReadComplete(ChannelHandlerContext ctx) {
        connection.readComplete(session);
        ctx.fireChannelReadComplete();
    }

    @Override
    public void userEventTriggered(ChannelHandlerContext ctx, Object evt) {
        if (evt instanceof QuicConnectionCloseEvent close) {
            session.closeEvent = close;
        } else if (evt instanceof SslEarlyDataReadyEvent) {
            connection.earlyDataReady(session, (QuicChannel) ctx.channel());
        }
        ctx.fireUserEventTriggered(evt);
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        // the connection's close is what counts (H3Connection.connectionClosed)
    }
}
