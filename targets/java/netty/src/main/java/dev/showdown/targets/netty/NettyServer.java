package dev.showdown.targets.netty;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandler;
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
import io.netty.handler.codec.quic.Quic;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import java.util.List;
import java.util.function.Consumer;
import javax.net.ssl.SSLException;

/**
 * Raw Netty HTTP server for the Showdown scenarios: native epoll when the platform has it, one event
 * loop per CPU shared by every port. {@code PORT} serves HTTP/1.1 and HTTP/2 with prior knowledge
 * (h2c); {@code TLS_PORT}, when the TLS variables are set, serves both over TLS chosen by ALPN on
 * TCP, and HTTP/3 over QUIC on the UDP port of the same number.
 */
public final class NettyServer {
    /** 127.0.0.1, or what HOST says: a server agent asks for 0.0.0.0, for load from other hosts. */
    private static final String HOST = System.getenv().getOrDefault("HOST", "127.0.0.1");
    private static final int DEFAULT_PORT = 8080;
    private static final int ACCEPT_BACKLOG = 8192;

    private NettyServer() {}

    public static void main(String[] args) throws InterruptedException {
        int port = intFromEnv("PORT", DEFAULT_PORT);
        int threads = intFromEnv("CPUS", Runtime.getRuntime().availableProcessors());
        ServerTls tls;
        try {
            tls = ServerTls.fromEnv();
        } catch (IllegalArgumentException | SSLException e) {
            System.err.println("TLS: " + e.getMessage());
            System.exit(2);
            return;
        }

        boolean epoll = Epoll.isAvailable();
        IoHandlerFactory ioHandlers = epoll ? EpollIoHandler.newFactory() : NioIoHandler.newFactory();
        Class<? extends ServerChannel> serverChannel =
                epoll ? EpollServerSocketChannel.class : NioServerSocketChannel.class;

        EventLoopGroup group = new MultiThreadIoEventLoopGroup(threads, ioHandlers);
        try {
            HttpPipelines pipelines = new HttpPipelines(new ServerHeaders(group), new ObjectMapper(), new ShowdownPage());
            Channel cleartext = bind(group, serverChannel, port,
                    ch -> ch.pipeline().addLast(new PriorKnowledgeDetector(pipelines)));
            System.out.printf("Netty listening on http://%s:%d, HTTP/1.1 and h2c (%s, %d event loops)%n",
                    HOST, port, epoll ? "epoll" : "nio", threads);
            Channel secure = null;
            if (tls != null) {
                secure = bind(group, serverChannel, tls.port(),
                        ch -> ch.pipeline().addLast(tls.context().newHandler(ch.alloc()), new AlpnSwitch(pipelines)));
                System.out.printf("Netty listening on https://%s:%d, ALPN h2 and http/1.1 (TLS by %s)%n",
                        HOST, tls.port(), tls.engine());
                if (Quic.isAvailable()) {
                    List<Channel> quic = Http3Listener.bind(
                            group, epoll, threads, HOST, tls.port(), tls.quicContext(), pipelines);
                    System.out.printf("Netty listening on udp %s:%d, HTTP/3 over QUIC (%d sockets; %s)%n",
                            HOST, tls.port(), quic.size(), Http3Listener.SETTINGS);
                } else {
                    System.out.println("Netty serves no HTTP/3: the QUIC native library cannot load here ("
                            + Quic.unavailabilityCause() + ")");
                }
            }
            cleartext.closeFuture().sync();
            if (secure != null) {
                secure.closeFuture().sync();
            }
        } finally {
            group.shutdownGracefully();
        }
    }

    private static Channel bind(EventLoopGroup group, Class<? extends ServerChannel> serverChannel, int port,
                                Consumer<SocketChannel> init) throws InterruptedException {
        ChannelHandler childHandler = new ChannelInitializer<SocketChannel>() {
            @Override
            protected void initChannel(SocketChannel ch) {
                init.accept(ch);
            }
        };
        return new ServerBootstrap()
                .group(group)
                .channel(serverChannel)
                .option(ChannelOption.SO_BACKLOG, ACCEPT_BACKLOG)
                .option(ChannelOption.SO_REUSEADDR, true)
                .childOption(ChannelOption.TCP_NODELAY, true)
                .childHandler(childHandler)
                .bind(HOST, port).sync().channel();
    }

    private static int intFromEnv(String name, int fallback) {
        String value = System.getenv(name);
        return value == null || value.isBlank() ? fallback : wholeNumber(name, value);
    }

    /** A whole number from the environment variable {@code name}; exits 2 with one line otherwise. */
    static int wholeNumber(String name, String value) {
        try {
            return Integer.parseInt(value.trim());
        } catch (NumberFormatException e) {
            System.err.println(name + " must be a whole number, got: " + value);
            System.exit(2);
            return -1;
        }
    }
}
