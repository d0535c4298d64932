package dev.showdown.targets.netty;

import io.netty.bootstrap.Bootstrap;
import io.netty.buffer.ByteBuf;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.epoll.EpollChannelOption;
import io.netty.channel.epoll.EpollDatagramChannel;
import io.netty.channel.socket.nio.NioDatagramChannel;
import io.netty.handler.codec.http3.Http3;
import io.netty.handler.codec.quic.QuicChannel;
import io.netty.handler.codec.quic.QuicCodecDispatcher;
import io.netty.handler.codec.quic.QuicConnectionIdGenerator;
import io.netty.handler.codec.quic.QuicSslContext;
import io.netty.handler.codec.quic.QuicTokenHandler;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * HTTP/3 over QUIC on a UDP port: with epoll, one UDP socket per event loop bound to the same
 * address with {@code SO_REUSEPORT}, so every loop reads and answers its own share of the
 * datagrams; {@link QuicCodecDispatcher} writes the socket's index into each connection ID it
 * issues and hands a packet that the kernel delivered to another socket to the codec that owns its
 * connection. Without epoll, one socket on one loop.
 *
 * <p>The transport settings are those of a production HTTP/3 server rather than Netty's test
 * defaults; {@link #SETTINGS} says them in one line for the startup log.
 */
final class Http3Listener {
    /** A connection that has been silent this long is closed (30 s is quic-go's default too). */
    static final long IDLE_TIMEOUT_SECONDS = 30;
    /** Flow-control credit for the whole connection, in bytes, before the first window update. */
    static final long INITIAL_MAX_DATA = 10_000_000;
    /** Flow-control credit per request stream, in bytes, each way. */
    static final long INITIAL_MAX_STREAM_DATA = 1_000_000;
    /** Concurrent request streams a client may open: RFC 9114 section 6.1 asks for at least 100. */
    static final long MAX_CONCURRENT_STREAMS = 256;
    static final String SETTINGS = "idle timeout " + IDLE_TIMEOUT_SECONDS + " s, initial max data "
            + INITIAL_MAX_DATA + " B, stream data " + INITIAL_MAX_STREAM_DATA + " B, "
            + MAX_CONCURRENT_STREAMS + " concurrent streams";

    private Http3Listener() {}

    /**
     * Binds {@code sockets} UDP sockets (one when epoll is missing) to {@code host:port}, each
     * serving HTTP/3 on the next loop of {@code group}; returns them once all are bound.
     */
    static List<Channel> bind(EventLoopGroup group, boolean epoll, int sockets, String host, int port,
                              QuicSslContext tls, HttpPipelines pipelines) throws InterruptedException {
        ChannelHandler dispatcher = new QuicCodecDispatcher() {
            @Override
            protected void initChannel(Channel socket, int localConnectionIdLength, QuicConnectionIdGenerator ids) {
                socket.pipeline().addLast(Http3.newQuicServerCodecBuilder()
                        .sslContext(tls)
                        .maxIdleTimeout(IDLE_TIMEOUT_SECONDS, TimeUnit.SECONDS)
                        .initialMaxData(INITIAL_MAX_DATA)
                        .initialMaxStreamDataBidirectionalLocal(INITIAL_MAX_STREAM_DATA)
                        .initialMaxStreamDataBidirectionalRemote(INITIAL_MAX_STREAM_DATA)
                        .initialMaxStreamsBidirectional(MAX_CONCURRENT_STREAMS)
                        .localConnectionIdLength(localConnectionIdLength)
                        .connectionIdAddressGenerator(ids)
                        .tokenHandler(NoAddressValidation.INSTANCE)
                        .handler(new ChannelInitializer<QuicChannel>() {
                            @Override
                            protected void initChannel(QuicChannel connection) {
                                pipelines.addHttp3(connection.pipeline());
                            }
                        })
                        .build());
            }
        };
        Bootstrap bootstrap = new Bootstrap().group(group).handler(dispatcher);
        int count = 1;
        if (epoll) {
            bootstrap.channel(EpollDatagramChannel.class).option(EpollChannelOption.SO_REUSEPORT, true);
            count = sockets;
        } else {
            bootstrap.channel(NioDatagramChannel.class);
        }
        InetSocketAddress address = new InetSocketAddress(host, port);
        List<Channel> bound = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            bound.add(bootstrap.bind(address).sync().channel());
        }
        return bound;
    }

    /**
     * Accepts a client's first packet without a Retry round trip, as HTTP/3 servers do by default
     * (nginx's {@code quic_retry off}, quic-go unless told to verify addresses): address
     * validation costs every handshake one more round trip and is for servers under a flood.
     */
    private enum NoAddressValidation implements QuicTokenHandler {
        INSTANCE;

        @Override
        public boolean writeToken(ByteBuf out, ByteBuf dcid, InetSocketAddress address) {
            return false;
        }

        @Override
        public int validateToken(ByteBuf token, InetSocketAddress address) {
            return 0;
        }

        @Override
        public int maxTokenLength() {
            return 0;
        }
    }
}
