package dev.showdown.targets.calibration;

import com.fasterxml.jackson.databind.ObjectMapper;
import gg.jte.ContentType;
import gg.jte.TemplateEngine;
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
 * The calibration target: a lean Netty HTTP/1.1 server for the whole scenario contract that spends
 * {@code SPIN_MICROS} of CPU on every request, so a benchmark's statistics can be checked against a
 * server whose cost per request is known to grow by that much.
 */
public final class CalibrationServer {
    /** 127.0.0.1, or what HOST says: a server agent asks for 0.0.0.0, for load from other hosts. */
    private static final String HOST = System.getenv().getOrDefault("HOST", "127.0.0.1");
    private static final int DEFAULT_PORT = 8080;
    /** Request bodies above this many bytes are refused with 413, as the mist scenario requires. */
    private static final int MAX_BODY_BYTES = 40_000_000;
    private static final int ACCEPT_BACKLOG = 8192;
    /** One second of spin per request is far past any useful calibration; more is surely a typo. */
    private static final int MAX_SPIN_MICROS = 1_000_000;

    private CalibrationServer() {}

    public static void main(String[] args) throws InterruptedException {
        int port = intFromEnv("PORT", DEFAULT_PORT, 1, 65_535);
        int threads = intFromEnv("CPUS", Runtime.getRuntime().availableProcessors(), 1, Integer.MAX_VALUE);
        int spinMicros = intFromEnv("SPIN_MICROS", 0, 0, MAX_SPIN_MICROS);
        long spinNanos = spinMicros * 1_000L;
        if (spinNanos > 0 && !Spin.supported()) {
            System.err.println("SPIN_MICROS needs a JVM that can read a thread's CPU time, and this one cannot");
            System.exit(2);
        }

        boolean epoll = Epoll.isAvailable();
        IoHandlerFactory ioHandlers = epoll ? EpollIoHandler.newFactory() : NioIoHandler.newFactory();
        Class<? extends ServerChannel> serverChannel =
                epoll ? EpollServerSocketChannel.class : NioServerSocketChannel.class;

        EventLoopGroup group = new MultiThreadIoEventLoopGroup(threads, ioHandlers);
        try {
            ServerHeaders serverHeaders = new ServerHeaders();
            ObjectMapper json = new ObjectMapper();
            TemplateEngine templates = TemplateEngine.createPrecompiled(ContentType.Html);
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
                                    .addLast(new Spin(spinNanos))
                                    .addLast(new HttpObjectAggregator(MAX_BODY_BYTES))
                                    .addLast(new Routes(json, templates));
                        }
                    })
                    .bind(HOST, port).sync().channel();
            System.out.printf("Calibration listening on http://%s:%d (%s, %d event loops, SPIN_MICROS=%d)%n",
                    HOST, port, epoll ? "epoll" : "nio", threads, spinMicros);
            channel.closeFuture().sync();
        } finally {
            group.shutdownGracefully();
        }
    }

    /** The whole number in environment variable {@code name}, or {@code fallback} when unset; exits on a bad one. */
    private static int intFromEnv(String name, int fallback, int min, int max) {
        String value = System.getenv(name);
        if (value == null || value.isBlank()) {
            return fallback;
        }
        try {
            int parsed = Integer.parseInt(value.trim());
            if (parsed >= min && parsed <= max) {
                return parsed;
            }
        } catch (NumberFormatException e) {
            // reported below, as an out-of-range value is
        }
        System.err.printf("%s must be a whole number from %d to %d, got: %s%n", name, min, max, value);
        System.exit(2);
        return fallback;
    }
}
