package dev.showdown.targets.netty;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.IoHandlerFactory;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.ServerChannel;
import io.netty.channel.epoll.Epoll;
import io.netty.channel.epoll.EpollIoHandler;
import io.netty.channel.epoll.EpollServerSocketChannel;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.codec.http.HttpServerKeepAliveHandler;

/**
 * Raw Netty HTTP/1.1 server for the Showdown scenarios: native epoll when the platform has it, one
 * event loop per CPU, and a pipeline of codec, keep-alive, Date/Server headers, aggregator and router.
 */
public final class NettyServer {
    private static final String HOST = "127.0.0.1";
    private static final int DEFAULT_PORT = 8080;
    /** Request bodies above this many bytes are refused with 413, as the mist scenario requires. */
    private static final int MAX_BODY_BYTES = 40_000_000;
    private static final int ACCEPT_BACKLOG = 8192;

    private NettyServer() {}

    public static void main(String[] args) throws InterruptedException {
        int port = intFromEnv("PORT", DEFAULT_PORT);
        int threads = intFromEnv("CPUS", Runtime.getRuntime().availableProcessors());

        boolean epoll = Epoll.isAvailable();
        IoHandlerFactory ioHandlers = epoll ? EpollIoHandler.newFactory() : NioIoHandler.newFactory();
        Class<? extends ServerChannel> serverChannel =
                epoll ? EpollServerSocketChannel.class : NioServerSocketChannel.class;

        EventLoopGroup group = new MultiThreadIoEventLoopGroup(threads, ioHandlers);
        try {
            ServerHeaders serverHeaders = new ServerHeaders(group);
            ObjectMapper json = new ObjectMapper();
            ShowdownPage page = new ShowdownPage();
            Channel channel = new ServerBootstrap()
                    .group(group)
                    .channel(serverChannel)
                    .option(ChannelOption.SO_BACKLOG, ACCEPT_BACKLOG)
                    .option(ChannelOption.SO_REUSEADDR, true)
                    .childOption(ChannelOption.TCP_NODELAY, true)
                    .childHandler(new ChannelInitializer<SocketChannel>() {
                        @Override
                        protected void initChannel(SocketChannel ch) {
                            ch.pipeline()
                                    .addLast(new HttpServerCodec())
                                    .addLast(new HttpServerKeepAliveHandler())
                                    .addLast(serverHeaders)
                                    .addLast(new HttpObjectAggregator(MAX_BODY_BYTES))
                                    .addLast(new ShowdownHandler(json, page));
                        }
                    })
                    .bind(HOST, port).sync().channel();
            System.out.printf("Netty listening on http://%s:%d (%s, %d event loops)%n",
                    HOST, port, epoll ? "epoll" : "nio", threads);
            channel.closeFuture().sync();
        } finally {
            group.shutdownGracefully();
        }
    }

    private static int intFromEnv(String name, int fallback) {
        String value = System.getenv(name);
        if (value == null || value.isBlank()) {
            return fallback;
        }
        try {
            return Integer.parseInt(value.trim());
        } catch (NumberFormatException e) {
            System.err.println(name + " must be a whole number, got: " + value);
            System.exit(2);
            return fallback;
        }
    }
}
